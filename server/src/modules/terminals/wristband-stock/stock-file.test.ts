import { describe, expect, it } from 'vitest';
import { readLotFile } from './stock-file';

const utf16le = (text: string) =>
  Buffer.from([0xff, 0xfe, ...[...text].flatMap((c) => [c.charCodeAt(0) & 0xff, c.charCodeAt(0) >> 8])]);

describe('a lot file decoded by the shared encoding rule (contracts text-encoding.ts)', () => {
  it('reads a UTF-16 file with its byte-order mark, as spreadsheets save "Unicode text"', async () => {
    const file = await readLotFile(utf16le('serial\tcode\r\n04A1B2C3\tX1\r\n04A1B2C4\tX2\r\n'));
    expect(file).toEqual({
      kind: 'tsv',
      hasHeader: true,
      rows: [
        { line: 2, nSerie: '04A1B2C3', codeCheck: 'X1' },
        { line: 3, nSerie: '04A1B2C4', codeCheck: 'X2' },
      ],
    });
  });

  it('reads Windows-1252 bytes (the header "código") as the console does', async () => {
    const bytes = Buffer.from([...Buffer.from('serial;c'), 0xf3, ...Buffer.from('digo\n04A1;Z9\n')]);
    const file = await readLotFile(bytes);
    expect(file).toMatchObject({ kind: 'csv', hasHeader: true, rows: [{ nSerie: '04A1', codeCheck: 'Z9' }] });
  });
});
