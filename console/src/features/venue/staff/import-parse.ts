import {
  checkStaffImportRows,
  decodeText,
  STAFF_IMPORT_COLUMNS,
  STAFF_IMPORT_MAX_ROWS,
  type StaffImportProblem,
  type StaffImportRow,
  type StaffImportRowInput,
} from '@pulsera/contracts';

/**
 * The staff manual upload, read in the browser (02-catalogue §2, §4, §5): a tab-separated .tsv or .txt
 * file, decoded by the shared encoding rule (contracts text-encoding.ts: a byte-order mark, else UTF-8
 * when valid, else Windows-1252 detected above 0.7 confidence, else UTF-8), checked, then its rows
 * checked with the rules the server applies again. Pure: no React, no i18n (the screen words the issues).
 */

export const ACCEPTED_EXTENSIONS = ['.tsv', '.txt'] as const;
export type FileIssue =
  | { kind: 'extension' }
  | { kind: 'empty' }
  | { kind: 'noLineBreak' }
  | { kind: 'tooManyColumns'; found: number; expected: number }
  | { kind: 'tooManyRows'; found: number; max: number };

export type ImportIssue = FileIssue | StaffImportProblem;

export type ParseResult =
  | { ok: true; rows: StaffImportRow[]; encoding: string; fallback: boolean }
  | { ok: false; issue: ImportIssue; encoding?: string; fallback?: boolean };

export const isAcceptedFileName = (name: string) =>
  ACCEPTED_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(ext));

/** One tab-separated cell: surrounding quotes (as spreadsheets write them) removed, "" unescaped. */
function cell(raw: string) {
  const v = raw.trim();
  return v.length >= 2 && v.startsWith('"') && v.endsWith('"') ? v.slice(1, -1).replace(/""/g, '"') : v;
}

/**
 * Applies the file checks (not empty, has line breaks, the first line has no more columns than the
 * expected headers), drops the header line when the file has one and blank lines, maps the columns in
 * the expected order (user, name, trusts, intern) and applies the row checks.
 */
export function parseStaffImport(text: string, hasHeaders: boolean): ParseResult {
  const body = text.replace(/^\uFEFF/, '');
  if (body.trim() === '') return { ok: false, issue: { kind: 'empty' } };
  if (!/[\r\n]/.test(body)) return { ok: false, issue: { kind: 'noLineBreak' } };
  const lines = body.split(/\r\n|\n|\r/);
  const expected = STAFF_IMPORT_COLUMNS.length;
  const found = lines[0]!.split('\t').length;
  if (found > expected) return { ok: false, issue: { kind: 'tooManyColumns', found, expected } };

  const data = (hasHeaders ? lines.slice(1) : lines)
    .map((line) => line.split('\t').map(cell))
    .filter((cells) => cells.some((c) => c !== ''));
  if (data.length === 0) return { ok: false, issue: { kind: 'empty' } };
  if (data.length > STAFF_IMPORT_MAX_ROWS)
    return { ok: false, issue: { kind: 'tooManyRows', found: data.length, max: STAFF_IMPORT_MAX_ROWS } };
  const raws: StaffImportRowInput[] = data.map((cells) => ({
    user: cells[0] ?? '',
    name: cells[1] ?? '',
    trusts: cells[2] ?? '',
    intern: cells[3] ?? '',
  }));
  const checked = checkStaffImportRows(raws);
  if (!checked.ok) return { ok: false, issue: checked.problem };
  return { ok: true, rows: checked.rows, encoding: 'utf-8', fallback: false };
}

/** The whole path from the file's bytes to the checked rows. */
export function parseStaffImportBytes(bytes: Uint8Array, hasHeaders: boolean): ParseResult {
  if (bytes.length === 0) return { ok: false, issue: { kind: 'empty' } };
  const decoded = decodeText(bytes);
  const parsed = parseStaffImport(decoded.text, hasHeaders);
  return { ...parsed, encoding: decoded.encoding, fallback: decoded.fallback };
}

/** Reads a chosen file (checked by its extension first). */
export async function readStaffImportFile(file: File, hasHeaders: boolean): Promise<ParseResult> {
  if (!isAcceptedFileName(file.name)) return { ok: false, issue: { kind: 'extension' } };
  return parseStaffImportBytes(new Uint8Array(await file.arrayBuffer()), hasHeaders);
}
