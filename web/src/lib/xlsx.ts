/**
 * Spreadsheet downloads built in the browser (01-console §7): a header block (title, the event, the
 * filters and the date), then a table with an autofilter. exceljs is loaded only when used.
 */
export interface SheetColumn<T> {
  header: string;
  value: (row: T) => string | number | Date | null | undefined;
  width?: number;
}

export async function downloadXlsx<T>(opts: {
  fileName: string;
  title: string;
  info: [string, string][];
  columns: SheetColumn<T>[];
  rows: T[];
  /** A totals row under the table (one cell per column), bold and outside the autofilter. */
  totals?: (string | number | null | undefined)[];
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
  for (const row of opts.rows) ws.addRow(opts.columns.map((c) => c.value(row) ?? ''));
  ws.autoFilter = {
    from: { row: first, column: 1 },
    to: { row: first + opts.rows.length, column: opts.columns.length },
  };
  if (opts.totals) ws.addRow(opts.totals.map((v) => v ?? '')).font = { bold: true };
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
