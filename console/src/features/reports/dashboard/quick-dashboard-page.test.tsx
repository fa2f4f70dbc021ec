import { PERMISSIONS, type QuickDashboardResult } from '@pulsera/contracts';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import {
  catchDownloads,
  fakeApi,
  installDomShims,
  renderScreen,
  signInForTest,
  tableFrom,
} from '../../../test-utils';
import QuickDashboardPage from './quick-dashboard-page';

beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  session.signOut();
});

const calendar = {
  event: { start: '2026-07-10T12:00:00Z', end: '2026-07-13T04:00:00Z', timezone: 'Europe/Madrid', offset: 6 },
};
const dashboard: QuickDashboardResult = {
  generatedAt: '2026-07-10T21:00:00.000Z',
  live: false,
  refreshSeconds: 60,
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
    bankPendingCount: 1,
    bankPendingAmount: 1200,
  },
  figures: {
    topUps: { count: 3, amount: 10000, money: 10100 },
    addonCredits: { count: 1, amount: 2000 },
    otherCredits: { count: 0, amount: 0 },
    bonuses: { count: 2, amount: 750 },
    fees: 100,
    terminalRefunds: { count: 1, amount: 1000, money: 1000 },
  },
  balances: { cash: 8750, gift: 2250, wristbands: 5, withBalance: 5 },
  zones: [
    { id: 1, name: 'Venue', inside: 450, capacity: 500 },
    { id: 2, name: 'VIP', inside: 1, capacity: -1 },
    { id: 3, name: 'Backstage', inside: 2, capacity: 3 },
  ],
  topLocations: [{ id: 4, name: 'Bar One', orders: 3, amount: 3250 }],
  topArticles: [{ id: 1, name: 'Beer 50cl', quantity: 5, amount: 3000 }],
  byHour: [{ hour: '2026-07-10T17:00', topUps: 5000, sales: 4250 }],
};

const ok = (result: unknown) => ({ body: { error: 0, result } });

describe('QuickDashboardPage', () => {
  it('shows the figures, the zones against their capacity and that it is live', async () => {
    signInForTest({ permissions: [PERMISSIONS.quickdashboard] });
    const sent = fakeApi(({ url }) => {
      if (url.includes('/filters')) return ok(calendar);
      if (url.includes('/reports/mainQuickDashboard'))
        return ok({
          ...dashboard,
          live: true,
          refreshSeconds: 45,
          byHour: [{ hour: '2026-07-10T16:00', topUps: 5000, sales: 0 }, ...dashboard.byHour],
        });
      return { status: 404, body: { error: 404, description: 'unexpected' } };
    });
    renderScreen(<QuickDashboardPage />);
    expect((await screen.findByTestId('dashboard-live')).textContent).toContain('refreshes every 45 s');
    expect(screen.getByTestId('figure-topUps').textContent).toContain('100.00');
    // Add-on credits are their own figure, and a bank refund not paid yet is still on the wristbands.
    expect(screen.getByTestId('figure-addonCredits').textContent).toContain('20.00');
    expect(screen.getByTestId('dashboard-bank-pending').textContent).toContain('12.00');
    expect(screen.getByTestId('money-figures-help').textContent).toContain(
      'Add-ons, tickets and bonuses are not top-ups.',
    );
    expect(screen.getByTestId('dashboard-sales').textContent).toContain('42.50');
    expect(screen.getByTestId('dashboard-cash-left').textContent).toContain('87.50');
    expect(screen.getByTestId('dashboard-zones').textContent).toContain('450 of 500 (90%)');
    // A percentage with up to 2 decimals (01-console §9), as on every screen.
    expect(screen.getByTestId('dashboard-zones').textContent).toContain('2 of 3 (66.67%)');
    expect(screen.getByTestId('dashboard-zones').textContent).toContain('1 inside');
    expect(screen.getByTestId('dashboard-top-articles').textContent).toContain('Beer 50cl');
    // Its card line differs from the staff cash-up's by add-ons sold by card: it says so (issue 16 item 8).
    expect(screen.getByTestId('dashboard-topups-note').textContent).toBe(
      "Top-ups only, by the balance they credited. The staff cash-up's totals also count other money taken at the terminals (add-ons sold by card or cash) and subtract refunds, so they can differ.",
    );
    await waitFor(() => expect(sent.filter((c) => c.url.includes('mainQuickDashboard'))).toHaveLength(1));
  });

  it('downloads the payment types and the people inside as xlsx with the header block', async () => {
    signInForTest({ permissions: [PERMISSIONS.quickdashboard] });
    fakeApi(({ url }) => ok(url.includes('/filters') ? calendar : dashboard));
    const downloads = catchDownloads();
    renderScreen(<QuickDashboardPage />);
    await waitFor(() => expect(screen.getByTestId('dashboard-zones').textContent).toContain('Venue'));

    let sheet = await downloads.download(screen.getByTestId('dashboard-payments-download'));
    expect(sheet[0]![0]).toBe('By payment type');
    expect(sheet).toContainEqual(['Event', 'Sonora']);
    expect(tableFrom(sheet, 'Movement')).toEqual([
      ['Movement', 'Payment type', 'Operations', 'Amount'],
      ['Top-ups', 'Cash', 1, 50],
      ['Top-ups', 'Card', 2, 50],
      ['Sales', 'Cash balance', '', 42.5],
    ]);

    sheet = await downloads.download(screen.getByTestId('dashboard-zones-download'));
    expect(sheet[0]![0]).toBe('People inside');
    expect(tableFrom(sheet, 'Zone')).toEqual([
      ['Zone', 'People inside', 'Capacity', 'Occupancy (%)'],
      ['Venue', 450, 500, 90],
      ['VIP', 1, '', ''],
      ['Backstage', 2, 3, 66.67],
    ]);
  }, 30_000);
});
