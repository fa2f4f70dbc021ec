import { PERMISSIONS, type QuickDashboardResult } from '@pulsera/contracts';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { session } from '../../lib/session';
import { catchDownloads, fakeApi, installDomShims, renderScreen, type SheetRows } from '../../test-utils';
import QuickDashboardPage from './quick-dashboard-page';

beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  session.signOut();
});

function signIn() {
  session.signIn(
    {
      id: 7,
      email: 'dash@demo.test',
      name: 'Dash',
      mustChangePassword: false,
      neverChangedPassword: false,
      isAdmin: false,
      isSuperAdmin: false,
      isMegaAdmin: false,
      isUsersAdmin: false,
    },
    'token',
  );
  const claims = btoa(
    JSON.stringify({ p: [PERMISSIONS.quickdashboard], exp: Math.floor(Date.now() / 1000) + 3600 }),
  );
  session.selectEvent(
    { id: 1, nombre: 'Sonora', token: 'ev', zona_horaria: 'Europe/Madrid', currency: null },
    `h.${claims}.s`,
  );
}

const calendar = {
  event: { start: '2026-07-10T12:00:00Z', end: '2026-07-13T04:00:00Z', timezone: 'Europe/Madrid', offset: 6 },
};
const dashboard: QuickDashboardResult = {
  generatedAt: '2026-07-10T21:00:00.000Z',
  live: false,
  timezone: 'Europe/Madrid',
  topUps: {
    count: 3,
    amount: 10000,
    money: 10100,
    byPaymentType: [
      { paymentType: 'S', count: 1, amount: 5000 },
      { paymentType: 'T', count: 2, amount: 5000 },
    ],
  },
  online: { loadedCount: 1, loadedAmount: 3000, paidCount: 2, paidAmount: 5000 },
  bonuses: { count: 2, amount: 750 },
  sales: { orders: 4, devolutions: 1, amount: 4250, byPaymentType: [{ paymentType: 'S', amount: 4250 }] },
  fees: 100,
  refunds: {
    terminalCount: 1,
    terminalAmount: 1000,
    terminalMoney: 1000,
    bankCount: 0,
    bankAmount: 0,
    bankFee: 0,
  },
  balances: { cash: 8750, gift: 2250, wristbands: 5, withBalance: 5 },
  zones: [
    { id: 1, name: 'Venue', inside: 450, capacity: 500 },
    { id: 2, name: 'VIP', inside: 1, capacity: -1 },
  ],
  topLocations: [{ id: 4, name: 'Bar One', orders: 3, amount: 3250 }],
  topArticles: [{ id: 1, name: 'Beer 50cl', quantity: 5, amount: 3000 }],
  byHour: [{ hour: '2026-07-10T17:00', topUps: 5000, sales: 4250 }],
};

/** The rows under the header block's table header (the row starting with `first`). */
const table = (sheet: SheetRows, first: string) => sheet.slice(sheet.findIndex((r) => r[0] === first));

describe('QuickDashboardPage downloads', () => {
  it('downloads the payment types and the people inside as xlsx with the header block', async () => {
    signIn();
    fakeApi(({ url }) => ({
      body: { error: 0, result: url.includes('/filters') ? calendar : dashboard },
    }));
    const downloads = catchDownloads();
    renderScreen(<QuickDashboardPage />);
    await waitFor(() => expect(screen.getByTestId('dashboard-zones').textContent).toContain('Venue'));

    await userEvent.click(screen.getByTestId('dashboard-payments-download'));
    await waitFor(() => expect(downloads.count()).toBe(1));
    let sheet = await downloads.lastSheet();
    expect(sheet[0]![0]).toBe('By payment type');
    expect(sheet).toContainEqual(['Event', 'Sonora']);
    expect(table(sheet, 'Movement')).toEqual([
      ['Movement', 'Payment type', 'Operations', 'Amount'],
      ['Top-ups', 'Cash', 1, 50],
      ['Top-ups', 'Card', 2, 50],
      ['Sales', 'Cash balance', '', 42.5],
    ]);

    await userEvent.click(screen.getByTestId('dashboard-zones-download'));
    await waitFor(() => expect(downloads.count()).toBe(2));
    sheet = await downloads.lastSheet();
    expect(sheet[0]![0]).toBe('People inside');
    expect(table(sheet, 'Zone')).toEqual([
      ['Zone', 'People inside', 'Capacity', 'Occupancy (%)'],
      ['Venue', 450, 500, 90],
      ['VIP', 1, '', ''],
    ]);
  }, 30_000);
});
