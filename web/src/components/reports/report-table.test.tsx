import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { session } from '../../lib/session';
import { catchDownloads, installDomShims, renderScreen } from '../../test-utils';
import { type ReportColumn, ReportTable } from './report-table';

beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  session.signOut();
});

function signIn() {
  session.signIn(
    {
      id: 1,
      email: 'admin@demo.test',
      name: 'Admin',
      mustChangePassword: false,
      neverChangedPassword: false,
      isAdmin: true,
      isSuperAdmin: false,
      isMegaAdmin: false,
      isUsersAdmin: false,
    },
    'token',
  );
  session.selectEvent(
    { id: 1, nombre: 'Sonora', token: 'ev', zona_horaria: 'Europe/Madrid', currency: null },
    null,
  );
}

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

describe('ReportTable', () => {
  it('sums the rows in the totals row and writes it under the table in the xlsx', async () => {
    signIn();
    const downloads = catchDownloads();
    const { container } = renderScreen(
      <ReportTable
        title="By day"
        fileName="by-day"
        columns={columns}
        rows={all}
        rowKey={(r) => r.day}
        testId="t"
      />,
    );
    await screen.findByText('Sat');
    expect(footer(container)).toContain('Total');
    expect(footer(container)).toContain('10');
    expect(footer(container)).toContain('75.50');
    await userEvent.click(screen.getByTestId('t-download'));
    await waitFor(() => expect(downloads.count()).toBe(1));
    const sheet = await downloads.lastSheet();
    const header = sheet.findIndex((r) => r[0] === 'Day');
    expect(sheet[header]).toEqual(['Day', 'Operations', 'Amount']);
    expect(sheet.slice(header + 1)).toEqual([
      ['Fri', 2, 10],
      ['Sat', 3, 25.5],
      ['Sun', 5, 40],
      ['Total', 10, 75.5],
    ]);
  }, 30_000);

  it('pages on the server: the totals are the server’s and the download takes every row', async () => {
    signIn();
    const downloads = catchDownloads();
    const { container } = renderScreen(
      <ReportTable
        title="By day"
        fileName="by-day"
        columns={columns}
        rows={all.slice(0, 2)}
        rowKey={(r) => r.day}
        testId="t"
        page={{ page: 1, total: 3, pageSize: 2, onPage: () => {} }}
        totals={{ count: 10, amount: 7550 }}
        downloadRows={async () => all}
      />,
    );
    await screen.findByText('Sat');
    expect(screen.queryByText('Sun')).toBeNull();
    // Not the page's 5 operations and 35.50: the server's totals over every page.
    expect(footer(container)).toContain('10');
    expect(footer(container)).toContain('75.50');
    await userEvent.click(screen.getByTestId('t-download'));
    await waitFor(() => expect(downloads.count()).toBe(1));
    const sheet = await downloads.lastSheet();
    const header = sheet.findIndex((r) => r[0] === 'Day');
    expect(sheet.slice(header + 1).map((r) => r[0])).toEqual(['Fri', 'Sat', 'Sun', 'Total']);
    expect(sheet.at(-1)).toEqual(['Total', 10, 75.5]);
  }, 30_000);

  it('shows no totals row for a server page without the server’s totals', async () => {
    signIn();
    const { container } = renderScreen(
      <ReportTable
        title="By day"
        fileName="by-day"
        columns={columns}
        rows={all.slice(0, 2)}
        rowKey={(r) => r.day}
        page={{ page: 1, total: 3, pageSize: 2, onPage: () => {} }}
        downloadRows={async () => all}
      />,
    );
    await screen.findByText('Sat');
    expect(footer(container)).not.toContain('Total');
  }, 30_000);
});
