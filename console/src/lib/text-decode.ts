import jschardet from 'jschardet';

/**
 * Text files chosen in the browser (imports): the encoding detected from the first bytes, UTF-8
 * decoded strictly, else Windows-1252. Shared by the staff import and the device registry's import.
 */

/** The bytes the encoding is detected from, and the confidence it must exceed to be used. */
export const DETECT_BYTES = 10_000;
export const DETECT_CONFIDENCE = 0.7;

export interface Decoded {
  text: string;
  /** The WHATWG label the text was decoded with. */
  encoding: string;
  /** Set when the file was not valid UTF-8 and no encoding was detected with confidence: it was
   * read as Windows-1252 (Latin-1), which the screen shows as a warning. */
  fallback: boolean;
}

/** A TextDecoder label for a jschardet answer, or null when the browser cannot decode it. */
function decoderLabel(encoding: string): string | null {
  const name = encoding.toLowerCase();
  // UTF-8 with a BOM, and plain ASCII (a subset of UTF-8, whose later bytes may still be UTF-8).
  const label = name === 'utf-8-sig' || name === 'ascii' ? 'utf-8' : name;
  try {
    return new TextDecoder(label).encoding;
  } catch {
    return null;
  }
}

/** The encoding of the first 10,000 bytes when detected above 0.7 confidence, else UTF-8. */
export function detectEncoding(bytes: Uint8Array): string {
  const found = jschardet.detect(bytes.subarray(0, DETECT_BYTES));
  if (found.encoding && found.confidence > DETECT_CONFIDENCE) return decoderLabel(found.encoding) ?? 'utf-8';
  return 'utf-8';
}

/**
 * Decodes the file. UTF-8 (the default) is decoded strictly: a short Latin-1 file (José, Muñoz), on
 * which the detector is rarely confident, is not valid UTF-8 and is then read as Windows-1252, the
 * superset of ISO-8859-1 that spreadsheets write. A byte-order mark is dropped.
 */
export function decodeImportBytes(bytes: Uint8Array): Decoded {
  const encoding = detectEncoding(bytes);
  if (encoding !== 'utf-8')
    return { text: new TextDecoder(encoding).decode(bytes), encoding, fallback: false };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding, fallback: false };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252', fallback: true };
  }
}
