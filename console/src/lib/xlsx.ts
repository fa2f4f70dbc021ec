import { dayjs } from './format';

/**
 * Spreadsheet downloads built in the browser (01-console §7): a header block (title, the event, the
 * filters and the date), then a table with an autofilter. exceljs is loaded only when used.
 */
export interface SheetColumn<T> {
  header: string;
  value: (row: T) => string | number | Date | null | undefined;
  width?: number;
  /**
   * The cell's type (issue 16: cells sort and sum): `date` takes an instant (ISO text or Date) and
   * writes an Excel date showing the event's local clock; `money` a number with 2 decimals (an
   * amount in currency units, not cents); `number` a plain number. Without it, as given.
   */
  type?: 'date' | 'money' | 'number';
  /** A date column whose rows are in different time zones (e.g. the events list). */
  timezone?: (row: T) => string | undefined;
}

/** Excel formats of the typed cells. */
export const XLSX_FORMATS = { date: 'yyyy-mm-dd hh:mm', money: '#,##0.00', number: '0' } as const;

/**
 * An instant as an Excel date: Excel dates have no time zone, so the cell holds the wall-clock time of
 * `timezone` (written as that UTC time, which is how exceljs stores a Date).
 */
export function excelDate(instant: string | Date, timezone?: string): Date | null {
  const d = dayjs(instant);
  if (!d.isValid()) return null;
  const local = timezone ? d.tz(timezone) : d;
  return new Date(
    Date.UTC(
      local.year(),
      local.month(),
      local.date(),
      local.hour(),
      local.minute(),
      local.second(),
      local.millisecond(),
    ),
  );
}

function typedValue(v: unknown, type: SheetColumn<unknown>['type'], timezone?: string) {
  if (v === null || v === undefined || v === '') return '';
  if (type === 'date') return typeof v === 'string' || v instanceof Date ? (excelDate(v, timezone) ?? v) : v;
  if ((type === 'money' || type === 'number') && typeof v !== 'number') {
    const n = Number(v);
    return Number.isFinite(n) ? n : v;
  }
  return v;
}

export async function downloadXlsx<T>(opts: {
  fileName: string;
  title: string;
  info: [string, string][];
  columns: SheetColumn<T>[];
  rows: T[];
  /** A totals row under the table (one cell per column), bold and outside the autofilter. */
  totals?: (string | number | null | undefined)[];
  /** The event's time zone: date cells show its local clock (default: the browser's). */
  timezone?: string;
}) {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Pulsera';
  // A sheet's name has at most 31 characters and none of \ / ? * [ ] : (a user's add-on name may).
  const ws = wb.addWorksheet(opts.title.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31));
  ws.addRow([opts.title]).font = { bold: true, size: 14 };
  for (const [k, v] of opts.info) ws.addRow([k, v]);
  ws.addRow([]);
  const headerRow = ws.addRow(opts.columns.map((c) => c.header));
  headerRow.font = { bold: true };
  const first = headerRow.number;
  const typed = (r: import('exceljs').Row) => {
    opts.columns.forEach((c, i) => {
      if (c.type) r.getCell(i + 1).numFmt = XLSX_FORMATS[c.type];
    });
  };
  for (const row of opts.rows)
    typed(
      ws.addRow(
        opts.columns.map((c) => typedValue(c.value(row), c.type, c.timezone?.(row) ?? opts.timezone)),
      ),
    );
  ws.autoFilter = {
    from: { row: first, column: 1 },
    to: { row: first + opts.rows.length, column: opts.columns.length },
  };
  if (opts.totals) {
    const totals = ws.addRow(
      opts.totals.map((v, i) =>
        opts.columns[i]?.type === 'date' ? (v ?? '') : typedValue(v, opts.columns[i]?.type),
      ),
    );
    totals.font = { bold: true };
    opts.columns.forEach((c, i) => {
      if (c.type === 'money' || c.type === 'number') totals.getCell(i + 1).numFmt = XLSX_FORMATS[c.type];
    });
  }
  opts.columns.forEach((c, i) => {
    ws.getColumn(i + 1).width = c.width ?? Math.max(12, c.header.length + 2);
  });
  const buffer = await wb.xlsx.writeBuffer();
  const blob = new Blob([buffer], {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
  saveBlob(blob, opts.fileName.endsWith('.xlsx') ? opts.fileName : `${opts.fileName}.xlsx`);
}

/** Hands a file made or fetched in the browser to the user as a download. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
