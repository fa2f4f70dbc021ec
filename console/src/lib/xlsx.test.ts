import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadXlsx } from './xlsx';

afterEach(() => vi.restoreAllMocks());

/** Runs a download and reads the file back with exceljs, as a spreadsheet program would. */
async function written(run: () => Promise<void>) {
  let blob: Blob | null = null;
  URL.createObjectURL = vi.fn((b: Blob | MediaSource) => {
    blob = b as Blob;
    return 'blob:x';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  await run();
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await (blob as unknown as Blob).arrayBuffer());
  return wb.worksheets[0]!;
}

describe('every spreadsheet writes typed cells (issue 16)', { timeout: 60_000 }, () => {
  it('dates as Excel dates in the event time zone, amounts as numbers with 2 decimals', async () => {
    const ws = await written(() =>
      downloadXlsx<{ at: string; amount: number; name: string }>({
        fileName: 'typed',
        title: 'Typed',
        info: [],
        timezone: 'Europe/Madrid',
        columns: [
          { header: 'Date', value: (r) => r.at, type: 'date' },
          { header: 'Amount', value: (r) => r.amount, type: 'money' },
          { header: 'Name', value: (r) => r.name },
        ],
        rows: [{ at: '2026-07-10T22:30:00.000Z', amount: 12.5, name: 'Bar' }],
        totals: ['Total', 12.5, null],
      }),
    );
    const header = ws.getRow(3);
    expect(header.getCell(1).value).toBe('Date');
    const row = ws.getRow(4);
    const date = row.getCell(1);
    expect(date.value).toBeInstanceOf(Date);
    // 22:30 UTC is 00:30 on 11 July in Madrid: the cell shows the event's local clock.
    expect((date.value as Date).toISOString()).toBe('2026-07-11T00:30:00.000Z');
    expect(date.numFmt).toMatch(/yyyy/);
    const amount = row.getCell(2);
    expect(amount.value).toBe(12.5);
    expect(amount.numFmt).toBe('#,##0.00');
    expect(ws.getRow(5).getCell(2).numFmt).toBe('#,##0.00');
  });
});
