/**
 * A table chosen as a file in the browser (imports): CSV (comma or semicolon, as spreadsheets write
 * them), TSV or TXT (tab), or the first sheet of an XLSX workbook (exceljs, loaded only when used).
 * Answers every line as its cells (text, trimmed) with its 1-based line number; blank lines are
 * dropped. Text files are decoded by the shared encoding rule (contracts text-encoding.ts). Pure of
 * React and i18n: the screen words the issues.
 */
import { decodeText } from '@pulsera/contracts';

export const TABLE_FILE_EXTENSIONS = ['.csv', '.tsv', '.txt', '.xlsx'] as const;

export interface TableLine {
  /** 1-based line (CSV/TSV) or row (XLSX) number in the file. */
  line: number;
  cells: string[];
}

export type TableFile =
  | { ok: true; lines: TableLine[]; encoding: string | null; fallback: boolean }
  | { ok: false; issue: 'extension' | 'empty' | 'unreadable' };

export const isTableFileName = (name: string) =>
  TABLE_FILE_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(ext));

/** The delimiter of a text table: tab, semicolon or comma, whichever the first line has most of. */
export function detectDelimiter(firstLine: string): string {
  const count = (c: string) => firstLine.split(c).length - 1;
  const candidates = ['\t', ';', ','].map((c) => ({ c, n: count(c) }));
  const best = candidates.reduce((a, b) => (b.n > a.n ? b : a));
  return best.n > 0 ? best.c : ',';
}

/**
 * RFC 4180 parsing: quoted cells may hold the delimiter, line breaks and doubled quotes. Each row
 * keeps the line it starts on.
 */
export function parseDelimited(text: string, delimiter = detectDelimiter(text.split(/\r\n|\n|\r/)[0] ?? '')) {
  const body = text.replace(/^\uFEFF/, '');
  const out: TableLine[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const endRow = () => {
    cells.push(cell);
    if (cells.some((c) => c.trim() !== '')) out.push({ line: rowLine, cells: cells.map((c) => c.trim()) });
    cells = [];
    cell = '';
  };
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === '\n' || (ch === '\r' && body[i + 1] !== '\n')) line++;
        cell += ch;
      }
    } else if (ch === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (ch === delimiter) {
      cells.push(cell);
      cell = '';
    } else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && body[i + 1] === '\n') i++;
      endRow();
      line++;
      rowLine = line;
    } else cell += ch;
  }
  endRow();
  return out;
}

/** The text of an XLSX cell value (rich text, formulas' results, dates as ISO, numbers as typed). */
function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object') {
    const o = v as { richText?: { text: string }[]; result?: unknown; text?: unknown };
    if (o.richText) return o.richText.map((r) => r.text).join('');
    if ('result' in o) return cellText(o.result);
    if (typeof o.text === 'string') return o.text;
    return '';
  }
  return String(v);
}

async function readXlsx(bytes: ArrayBuffer): Promise<TableLine[]> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes);
  const ws = wb.worksheets[0];
  const out: TableLine[] = [];
  ws?.eachRow({ includeEmpty: false }, (row, n) => {
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    const cells = Array.from(values, (v) => cellText(v).trim());
    if (cells.some((c) => c !== '')) out.push({ line: n, cells });
  });
  return out;
}

/** Reads a chosen file (checked by its extension first). */
export async function readTableFile(file: File): Promise<TableFile> {
  if (!isTableFileName(file.name)) return { ok: false, issue: 'extension' };
  const bytes = await file.arrayBuffer();
  if (bytes.byteLength === 0) return { ok: false, issue: 'empty' };
  if (file.name.toLowerCase().endsWith('.xlsx')) {
    try {
      const lines = await readXlsx(bytes);
      return lines.length
        ? { ok: true, lines, encoding: null, fallback: false }
        : { ok: false, issue: 'empty' };
    } catch {
      return { ok: false, issue: 'unreadable' };
    }
  }
  const decoded = decodeText(new Uint8Array(bytes));
  const lines = parseDelimited(decoded.text);
  return lines.length
    ? { ok: true, lines, encoding: decoded.encoding, fallback: decoded.fallback }
    : { ok: false, issue: 'empty' };
}
