import { describe, expect, it } from 'vitest';
import { DETECT_BYTES, decodeText, detectTextEncoding, windows1252Confidence } from './text-encoding';

/** The WHATWG TextEncoder: contracts compile without the DOM or Node types. */
declare const TextEncoder: new () => { encode(text: string): Uint8Array };
const utf8 = (text: string) => new TextEncoder().encode(text);
/** Windows-1252 bytes: Latin-1 below U+0100, and the euro sign as 0x80. */
const cp1252 = (text: string) => Uint8Array.from([...text].map((c) => (c === '€' ? 0x80 : c.charCodeAt(0))));
const utf16 = (text: string, order: 'le' | 'be') =>
  [...text].flatMap((c) => {
    const code = c.charCodeAt(0);
    return order === 'le' ? [code & 0xff, code >> 8] : [code >> 8, code & 0xff];
  });

describe('the encoding of an imported file', () => {
  it('follows a byte-order mark and drops it', () => {
    const text = 'user\tname\njmunoz\tJosé Muñoz\n';
    expect(decodeText(Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8(text)]))).toEqual({
      text,
      encoding: 'utf-8',
      fallback: false,
    });
    expect(decodeText(Uint8Array.from([0xff, 0xfe, ...utf16(text, 'le')]))).toEqual({
      text,
      encoding: 'utf-16le',
      fallback: false,
    });
    expect(decodeText(Uint8Array.from([0xfe, 0xff, ...utf16(text, 'be')]))).toEqual({
      text,
      encoding: 'utf-16be',
      fallback: false,
    });
  });

  it('reads valid UTF-8 with accents as UTF-8', () => {
    const text = 'María Peña\tÁngel Gómez\tBegoña Ibáñez\t10 €\n';
    expect(decodeText(utf8(text))).toEqual({ text, encoding: 'utf-8', fallback: false });
    expect(detectTextEncoding(utf8('plain ascii\n'))).toEqual({ encoding: 'utf-8', fallback: false });
  });

  it('reads Latin-1 and Windows-1252 bytes (é as 0xE9, € as 0x80) as Windows-1252', () => {
    const short = cp1252('José\n');
    expect(short).toContain(0xe9);
    expect(decodeText(short)).toEqual({ text: 'José\n', encoding: 'windows-1252', fallback: false });
    const euro = cp1252('Cerveza\t5 €\nCafé\t2 €\n');
    expect(euro).toContain(0x80);
    expect(decodeText(euro)).toEqual({
      text: 'Cerveza\t5 €\nCafé\t2 €\n',
      encoding: 'windows-1252',
      fallback: false,
    });
  });

  it('looks past a plain ASCII start for the bytes that decide', () => {
    const text = `${'x'.repeat(DETECT_BYTES + 100)}\nMuñoz\n`;
    expect(decodeText(cp1252(text))).toMatchObject({ text, encoding: 'windows-1252' });
  });

  it('falls back to UTF-8, flagged, when nothing is detected with confidence above 0.7', () => {
    // Control bytes and bytes Windows-1252 leaves undefined: not text in any encoding the rule knows.
    const binary = Uint8Array.from([0x01, 0x02, 0x81, 0x8d, 0x00, 0xe9, 0x03, 0x0a]);
    expect(windows1252Confidence(binary)).toBeLessThanOrEqual(0.7);
    const decoded = decodeText(binary);
    expect(decoded).toMatchObject({ encoding: 'utf-8', fallback: true });
    expect(decoded.text).toContain('\uFFFD');
  });

  it('decodes an empty file as empty UTF-8 text', () => {
    expect(decodeText(new Uint8Array())).toEqual({ text: '', encoding: 'utf-8', fallback: false });
  });
});
