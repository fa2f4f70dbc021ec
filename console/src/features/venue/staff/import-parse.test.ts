import { describe, expect, it } from 'vitest';
import {
  isAcceptedFileName,
  parseStaffImport,
  parseStaffImportBytes,
  readStaffImportFile,
} from './import-parse';

/** ISO-8859-1 bytes of a text (every character below U+0100). */
const latin1 = (text: string) => Uint8Array.from([...text].map((c) => c.charCodeAt(0)));
const utf8 = (text: string) => new TextEncoder().encode(text);
const BOM = [0xef, 0xbb, 0xbf];

describe('decoding the file (the shared rule, contracts text-encoding.ts)', () => {
  it('reads a short ISO-8859-1 file right (José, Muñoz) as Windows-1252', () => {
    const bytes = latin1('jmunoz\tJosé Muñoz\tCS\t1\n');
    expect(bytes).toContain(0xe9); // é as one Latin-1 byte
    expect(parseStaffImportBytes(bytes, false)).toEqual({
      ok: true,
      rows: [{ user: 'jmunoz', name: 'José Muñoz', trusts: 'CS', intern: 1 }],
      encoding: 'windows-1252',
      fallback: false,
    });
  });

  it('reads a longer Latin-1 file with a header right', () => {
    const names = ['María Peña', 'Ángel Gómez', 'Begoña Ibáñez', 'Íñigo Núñez', 'Raúl Castaño'];
    const text = `user\tname\ttrusts\tintern\n${names.map((n, i) => `u${i}\t${n}\tV\t0`).join('\n')}\n`;
    const parsed = parseStaffImportBytes(latin1(text), true);
    expect(parsed.ok && parsed.rows.map((r) => r.name)).toEqual(names);
  });

  it('reads a UTF-8 file with a byte-order mark, dropping the mark', () => {
    const bytes = Uint8Array.from([
      ...BOM,
      ...utf8('user\tname\ttrusts\tintern\njmunoz\tJosé Muñoz\tcs\t1\n'),
    ]);
    const parsed = parseStaffImportBytes(bytes, true);
    expect(parsed).toEqual({
      ok: true,
      rows: [{ user: 'jmunoz', name: 'José Muñoz', trusts: 'CS', intern: 1 }],
      encoding: 'utf-8',
      fallback: false,
    });
    // Without headers the BOM does not stick to the first user either.
    const noHeader = parseStaffImportBytes(Uint8Array.from([...BOM, ...utf8('ana\tAna\tC\t1\n')]), false);
    expect(noHeader.ok && noHeader.rows[0]!.user).toBe('ana');
  });

  it('reads a UTF-8 file without a mark as UTF-8', () => {
    const bytes = utf8('jmunoz\tJosé Muñoz\tC\t1\nmpena\tMaría Peña\tV\t0\n');
    const parsed = parseStaffImportBytes(bytes, false);
    expect(parsed).toMatchObject({ encoding: 'utf-8', fallback: false });
    expect(parsed.ok && parsed.rows.map((r) => r.name)).toEqual(['José Muñoz', 'María Peña']);
  });

  it('reads UTF-16 with its mark', () => {
    const utf16 = new Uint8Array([
      0xff,
      0xfe,
      ...[...'ana\tAna\tC\t1\n'].flatMap((c) => [c.charCodeAt(0), 0]),
    ]);
    expect(parseStaffImportBytes(utf16, false)).toMatchObject({ ok: true, encoding: 'utf-16le' });
  });

  it('falls back to UTF-8 (the spec), flagged, when no encoding is detected with confidence', () => {
    const bytes = Uint8Array.from([...latin1('ana\tAna'), 0x81, 0x8d, ...latin1('\tC\t1\n')]);
    const parsed = parseStaffImportBytes(bytes, false);
    expect(parsed).toMatchObject({ ok: true, encoding: 'utf-8', fallback: true });
    expect(parsed.ok && parsed.rows[0]!.name).toBe('Ana\uFFFD\uFFFD');
  });
});

describe('the file checks', () => {
  it('accepts .tsv and .txt files only', async () => {
    expect(isAcceptedFileName('staff.TSV')).toBe(true);
    expect(isAcceptedFileName('staff.txt')).toBe(true);
    expect(isAcceptedFileName('staff.csv')).toBe(false);
    const csv = new File(['a\tb\tC\t1\n'], 'staff.csv');
    expect(await readStaffImportFile(csv, false)).toEqual({ ok: false, issue: { kind: 'extension' } });
    const tsv = new File(['ana\tAna\tC\t1\n'], 'staff.tsv');
    expect((await readStaffImportFile(tsv, false)).ok).toBe(true);
  });

  it('refuses an empty file, also one with only blank lines or only the header', () => {
    expect(parseStaffImportBytes(new Uint8Array(), false)).toEqual({ ok: false, issue: { kind: 'empty' } });
    expect(parseStaffImport('   ', false)).toEqual({ ok: false, issue: { kind: 'empty' } });
    expect(parseStaffImport('\n\n', false)).toEqual({ ok: false, issue: { kind: 'empty' } });
    expect(parseStaffImport('user\tname\ttrusts\tintern\n', true)).toEqual({
      ok: false,
      issue: { kind: 'empty' },
    });
  });

  it('refuses a file without a line break', () => {
    expect(parseStaffImport('ana\tAna\tC\t1', false)).toEqual({ ok: false, issue: { kind: 'noLineBreak' } });
  });

  it('refuses a first line with more columns than the expected headers', () => {
    expect(parseStaffImport('user\tname\ttrusts\tintern\trfid\nana\tAna\tC\t1\t04AB\n', true)).toEqual({
      ok: false,
      issue: { kind: 'tooManyColumns', found: 5, expected: 4 },
    });
  });

  it('reads CRLF, CR and LF line ends alike', () => {
    for (const eol of ['\r\n', '\n', '\r']) {
      const parsed = parseStaffImport(
        ['user\tname\ttrusts\tintern', 'ana\tAna\tC\t1', 'bo\tBo\tV\t0', ''].join(eol),
        true,
      );
      expect(parsed, JSON.stringify(eol)).toMatchObject({
        ok: true,
        rows: [
          { user: 'ana', name: 'Ana', trusts: 'C', intern: 1 },
          { user: 'bo', name: 'Bo', trusts: 'V', intern: 0 },
        ],
      });
    }
  });

  it('takes the first line as a header only when told so', () => {
    const text = 'user\tname\ttrusts\tintern\nana\tAna\tC\t1\n';
    expect(parseStaffImport(text, true)).toMatchObject({ ok: true, rows: [{ user: 'ana' }] });
    // Read as data, the header line is a row with a trusts value that is no set of letters.
    expect(parseStaffImport(text, false)).toEqual({
      ok: false,
      issue: { kind: 'invalid', column: 'trusts', row: 1, reason: 'trusts' },
    });
    const data = 'ana\tAna\tC\t1\nbo\tBo\tV\t0\n';
    expect(parseStaffImport(data, false)).toMatchObject({
      ok: true,
      rows: [{ user: 'ana' }, { user: 'bo' }],
    });
    // A data file wrongly marked as having headers loses its first row.
    expect(parseStaffImport(data, true)).toMatchObject({ ok: true, rows: [{ user: 'bo' }] });
  });
});

describe('the row checks', () => {
  it('trims values, upper-cases trusts and parses intern as an integer; quoted cells are unquoted', () => {
    expect(parseStaffImport('  ana \t "Ana ""La Jefa"" Gil" \t sv \t 0 \n', false)).toMatchObject({
      ok: true,
      rows: [{ user: 'ana', name: 'Ana "La Jefa" Gil', trusts: 'SV', intern: 0 }],
    });
  });

  it('says which column a staff member is without (name, user, trusts, intern) and on which row', () => {
    const rows = (bad: string) => `ana\tAna\tC\t1\n${bad}\n`;
    expect(parseStaffImport(rows('bo\t\tC\t1'), false)).toEqual({
      ok: false,
      issue: { kind: 'missing', column: 'name', row: 2 },
    });
    expect(parseStaffImport(rows(' \tBo\tC\t1'), false)).toMatchObject({ issue: { column: 'user', row: 2 } });
    expect(parseStaffImport(rows('bo\tBo\t\t1'), false)).toMatchObject({ issue: { column: 'trusts' } });
    expect(parseStaffImport(rows('bo\tBo\tC'), false)).toMatchObject({
      issue: { kind: 'missing', column: 'intern' },
    });
    // Name is checked first, as the spec lists it.
    expect(parseStaffImport(rows('\t\t\t1'), false)).toMatchObject({ issue: { column: 'name' } });
  });

  it('refuses unknown trust letters and an intern other than 0 or 1', () => {
    expect(parseStaffImport('ana\tAna\tCZ\t1\n', false)).toEqual({
      ok: false,
      issue: { kind: 'invalid', column: 'trusts', row: 1, reason: 'trusts' },
    });
    expect(parseStaffImport('ana\tAna\tC\t2\n', false)).toMatchObject({
      issue: { column: 'intern', reason: 'intern' },
    });
    expect(parseStaffImport('ana\tAna\tC\tyes\n', false)).toMatchObject({ issue: { column: 'intern' } });
  });

  it('counts duplicated users, case-insensitively (staffDuplicated with the column and the count)', () => {
    const text = [
      'ana\tAna\tC\t1',
      'bo\tBo\tC\t1',
      'ANA\tAna 2\tC\t1',
      'bo\tBo 2\tC\t1',
      'ana\tAna 3\tC\t1',
      '',
    ].join('\n');
    expect(parseStaffImport(text, false)).toEqual({
      ok: false,
      issue: { kind: 'duplicated', column: 'user', count: 3, values: ['ana', 'bo'] },
    });
  });

  it('skips blank lines, also ones made of tabs only', () => {
    expect(parseStaffImport('ana\tAna\tC\t1\n\t\t\t\n\nbo\tBo\tV\t0\n', false)).toMatchObject({
      ok: true,
      rows: [{ user: 'ana' }, { user: 'bo' }],
    });
  });
});
