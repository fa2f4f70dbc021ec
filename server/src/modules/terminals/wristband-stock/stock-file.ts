import { decodeText, STOCK_IMPORT_MAX_ROWS } from '@pulsera/contracts';
import ExcelJS from 'exceljs';
import { fail } from '../../../core/lib/errors';
import { isZipArchive } from '../../uploads';

/** One data row of a lot file as read: its line in the file, serial and check code (maybe empty). */
export interface LotFileRow {
  line: number;
  nSerie: string;
  codeCheck: string;
}
export interface LotFile {
  kind: 'csv' | 'tsv' | 'xlsx';
  hasHeader: boolean;
  rows: LotFileRow[];
}

const SERIAL_HEADER = /^(n_?serie|serial|serie|rfid|uid|nserie|n\.? ?serie|serial ?number|wristband)$/i;
const CODE_HEADER = /^(code_?check|codecheck|check ?code|code|check|c[oó]digo|codigo ?control|codice)$/i;

/** The header's columns of serial and check code, or null when the first row is data. */
function headerColumns(cells: string[]) {
  const names = cells.map((c) => c.trim());
  const serial = names.findIndex((n) => SERIAL_HEADER.test(n));
  const code = names.findIndex((n) => CODE_HEADER.test(n));
  if (serial < 0 && code < 0) return null;
  return { serial: serial < 0 ? 0 : serial, code: code < 0 ? (serial === 0 ? 1 : -1) : code };
}

function toRows(table: { line: number; cells: string[] }[]): Omit<LotFile, 'kind'> {
  const first = table[0];
  const header = first ? headerColumns(first.cells) : null;
  const cols = header ?? { serial: 0, code: 1 };
  const rows: LotFileRow[] = [];
  for (const { line, cells } of header ? table.slice(1) : table) {
    const nSerie = (cells[cols.serial] ?? '').trim();
    const codeCheck = cols.code >= 0 ? (cells[cols.code] ?? '').trim() : '';
    if (!nSerie && !codeCheck) continue; // an empty line
    rows.push({ line, nSerie, codeCheck });
  }
  if (rows.length > STOCK_IMPORT_MAX_ROWS)
    throw fail('stockFileTooManyRows', { params: { rows: rows.length, max: STOCK_IMPORT_MAX_ROWS } });
  return { hasHeader: !!header, rows };
}

/** CSV or TSV: the delimiter is a tab, a semicolon or a comma, whichever the first line holds. */
function readText(bytes: Buffer): LotFile {
  // The console's rule (contracts text-encoding.ts): a byte-order mark, UTF-8, Windows-1252, else UTF-8.
  const { text } = decodeText(bytes);
  if (text.includes('\u0000')) throw fail('stockFileUnreadable', { params: { reason: 'binary' } });
  const lines = text.split(/\r\n|\n|\r/);
  const firstLine = lines.find((l) => l.trim()) ?? '';
  const delimiter = firstLine.includes('\t') ? '\t' : firstLine.includes(';') ? ';' : ',';
  const unquote = (c: string) => {
    const t = c.trim();
    return t.length >= 2 && t.startsWith('"') && t.endsWith('"') ? t.slice(1, -1).replace(/""/g, '"') : t;
  };
  const table: { line: number; cells: string[] }[] = [];
  lines.forEach((l, i) => {
    if (l.trim()) table.push({ line: i + 1, cells: l.split(delimiter).map(unquote) });
  });
  return { kind: delimiter === '\t' ? 'tsv' : 'csv', ...toRows(table) };
}

const cellText = (v: ExcelJS.CellValue): string => {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((t) => t.text).join('');
    if ('text' in v && typeof v.text === 'string') return v.text;
    if ('result' in v) return cellText(v.result as ExcelJS.CellValue);
    if (v instanceof Date) return v.toISOString();
    return '';
  }
  return String(v);
};

/** XLSX: the first sheet. */
async function readXlsx(bytes: Buffer): Promise<LotFile> {
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw fail('stockFileUnreadable', { params: { reason: 'xlsx' } });
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw fail('stockFileEmpty');
  const table: { line: number; cells: string[] }[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, n) => {
    const values = row.values as ExcelJS.CellValue[];
    table.push({ line: n, cells: values.slice(1).map(cellText) });
  });
  return { kind: 'xlsx', ...toRows(table) };
}

/** A lot file from its bytes: XLSX when it is a zip archive, else CSV or TSV text. */
export async function readLotFile(bytes: Buffer): Promise<LotFile> {
  const file = isZipArchive(bytes) ? await readXlsx(bytes) : readText(bytes);
  if (!file.rows.length) throw fail('stockFileEmpty');
  return file;
}
