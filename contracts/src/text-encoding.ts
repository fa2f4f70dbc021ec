/**
 * The encoding of an imported text file (02-catalogue, staff import: "Encoding is detected from the
 * first 10000 bytes and used if confidence is above 0.7, else UTF-8"), one rule for the console's
 * file imports and the server's. No detector library: the decision is made in order by
 * 1. a byte-order mark (UTF-8, UTF-16LE, UTF-16BE): certain;
 * 2. the whole file being valid UTF-8 (plain ASCII included): certain;
 * 3. Windows-1252 (the superset of ISO-8859-1 that spreadsheets write), used when its confidence,
 *    measured on 10,000 bytes, is above 0.7;
 * 4. else UTF-8, the spec's fallback: bytes that are not UTF-8 become U+FFFD and `fallback` is set so
 *    the screen can say so.
 * Pure: TextDecoder only (browsers and Node 20 both know these labels).
 */

/** The WHATWG TextDecoder (browsers, Node): contracts compile without the DOM or Node types. */
declare const TextDecoder: new (
  label?: string,
  options?: { fatal?: boolean },
) => { decode(input: Uint8Array): string };

/** The bytes the encoding is detected from, and the confidence it must exceed to be used. */
export const DETECT_BYTES = 10_000;
export const DETECT_CONFIDENCE = 0.7;

export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export interface DecodedText {
  /** The text, without its byte-order mark. */
  text: string;
  encoding: TextEncodingName;
  /** Not UTF-8 and no encoding detected with confidence: read as UTF-8 anyway, with U+FFFD where
   * bytes could not be read (the spec's fallback); the screen warns. */
  fallback: boolean;
}

const BOMS: { bytes: number[]; encoding: TextEncodingName }[] = [
  { bytes: [0xef, 0xbb, 0xbf], encoding: 'utf-8' },
  { bytes: [0xff, 0xfe], encoding: 'utf-16le' },
  { bytes: [0xfe, 0xff], encoding: 'utf-16be' },
];

/** The encoding a byte-order mark names, or null without one. */
export function bomEncoding(bytes: Uint8Array): TextEncodingName | null {
  const bom = BOMS.find((b) => b.bytes.every((v, i) => bytes[i] === v));
  return bom ? bom.encoding : null;
}

export function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** Bytes 0x80-0x9F that Windows-1252 leaves undefined. */
const UNDEFINED_1252 = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);
/** Control bytes no text file holds (tab, line feed, form feed and carriage return excepted). */
const isControl = (b: number) => b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d;

/**
 * How likely the bytes are Windows-1252 text (0..1), from the first 10,000 bytes, or from the 10,000
 * starting at the first byte above 0x7F when those are plain ASCII (which says nothing about it): the
 * share of bytes above 0x7F that Windows-1252 defines, among those and the control bytes (a binary
 * file, UTF-16 without a mark).
 */
export function windows1252Confidence(bytes: Uint8Array): number {
  const first = bytes.findIndex((b) => b > 0x7f);
  const start = first < DETECT_BYTES ? 0 : first;
  const sample = bytes.subarray(start, start + DETECT_BYTES);
  let plausible = 0;
  let implausible = 0;
  for (const b of sample) {
    if (b > 0x7f && !UNDEFINED_1252.has(b)) plausible++;
    else if (b > 0x7f || isControl(b)) implausible++;
  }
  return plausible + implausible === 0 ? 0 : plausible / (plausible + implausible);
}

/** The encoding the rule above decides, and whether it is the fallback. */
export function detectTextEncoding(bytes: Uint8Array): { encoding: TextEncodingName; fallback: boolean } {
  const bom = bomEncoding(bytes);
  if (bom) return { encoding: bom, fallback: false };
  if (isValidUtf8(bytes)) return { encoding: 'utf-8', fallback: false };
  if (windows1252Confidence(bytes) > DETECT_CONFIDENCE) return { encoding: 'windows-1252', fallback: false };
  return { encoding: 'utf-8', fallback: true };
}

/**
 * Windows-1252's characters for bytes 0x80-0x9F (undefined ones kept as their C1 code). Node 20's
 * TextDecoder('windows-1252') reads these bytes as ISO-8859-1 (0x80 gives U+0080, not €), browsers
 * as Windows-1252: mapping what comes out gives the same text in both.
 */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const cp1252Fix = (text: string) =>
  text.replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]!);

/** Decodes an imported file by the rule above; a byte-order mark is dropped. */
export function decodeText(bytes: Uint8Array): DecodedText {
  const { encoding, fallback } = detectTextEncoding(bytes);
  const text = new TextDecoder(encoding).decode(bytes);
  return { text: encoding === 'windows-1252' ? cp1252Fix(text) : text, encoding, fallback };
}
