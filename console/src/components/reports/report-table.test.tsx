import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { session } from '../../lib/session';
import { catchDownloads, installDomShims, renderScreen, signInForTest, tableFrom } from '../../test-utils';
import { type ReportColumn, ReportTable } from './report-table';

beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  session.signOut();
});

interface Row {
  day: string;
  count: number;
  amount: number;
}
const columns: ReportColumn<Row>[] = [
  { key: 'day', label: 'Day', value: (r) => r.day },
  { key: 'count', label: 'Operations', value: (r) => r.count, total: true },
  { key: 'amount', label: 'Amount', value: (r) => r.amount, money: true, total: true },
];
const all: Row[] = [
  { day: 'Fri', count: 2, amount: 1000 },
  { day: 'Sat', count: 3, amount: 2550 },
  { day: 'Sun', count: 5, amount: 4000 },
];
const footer = (container: HTMLElement) => container.querySelector('tfoot')?.textContent ?? '';

/** What every table of days here shares, and the server's first page of two rows. */
const days = { title: 'By day', fileName: 'by-day', columns, rowKey: (r: Row) => r.day, testId: 't' };
const firstPage = { page: 1, total: 3, pageSize: 2, onPage: () => {} };

describe('ReportTable', () => {
  it('sums the rows in the totals row and writes it under the table in the xlsx', async () => {
    signInForTest({ admin: true });
    const downloads = catchDownloads();
    const { container } = renderScreen(<ReportTable {...days} rows={all} />);
    await screen.findByText('Sat');
    expect(footer(container)).toContain('Total');
    expect(footer(container)).toContain('10');
    expect(footer(container)).toContain('75.50');
    const sheet = await downloads.download(screen.getByTestId('t-download'));
    expect(tableFrom(sheet, 'Day')).toEqual([
      ['Day', 'Operations', 'Amount'],
      ['Fri', 2, 10],
      ['Sat', 3, 25.5],
      ['Sun', 5, 40],
      ['Total', 10, 75.5],
    ]);
  }, 30_000);

  it('pages on the server: the totals are the server’s and the download takes every row', async () => {
    signInForTest({ admin: true });
    const downloads = catchDownloads();
    const { container } = renderScreen(
      <ReportTable
        {...days}
        rows={all.slice(0, 2)}
        page={firstPage}
        totals={{ count: 10, amount: 7550 }}
        downloadRows={async () => all}
      />,
    );
    await screen.findByText('Sat');
    expect(screen.queryByText('Sun')).toBeNull();
    // Not the page's 5 operations and 35.50: the server's totals over every page.
    expect(footer(container)).toContain('10');
    expect(footer(container)).toContain('75.50');
    const sheet = await downloads.download(screen.getByTestId('t-download'));
    expect(tableFrom(sheet, 'Day').map((r) => r[0])).toEqual(['Day', 'Fri', 'Sat', 'Sun', 'Total']);
    expect(sheet.at(-1)).toEqual(['Total', 10, 75.5]);
  }, 30_000);

  it('shows no totals row for a server page without the server’s totals', async () => {
    signInForTest({ admin: true });
    const { container } = renderScreen(
      <ReportTable {...days} rows={all.slice(0, 2)} page={firstPage} downloadRows={async () => all} />,
    );
    await screen.findByText('Sat');
    expect(footer(container)).not.toContain('Total');
  }, 30_000);
});
