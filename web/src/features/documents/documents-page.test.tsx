import { PERMISSIONS, type QuickDashboardResult } from '@pulsera/contracts';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { session } from '../../lib/session';
import { fakeApi, installDomShims, renderScreen } from '../../test-utils';
import QuickDashboardPage from '../quick-dashboard/quick-dashboard-page';
import DocumentsPage from './documents-page';

beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  session.signOut();
});

/** Signs in a non-admin holding these permission codes in the selected event. */
function signInWith(permissions: number[]) {
  session.signIn(
    {
      id: 7,
      email: 'doc@demo.test',
      name: 'Doc',
      mustChangePassword: false,
      neverChangedPassword: false,
      isAdmin: false,
      isSuperAdmin: false,
      isMegaAdmin: false,
      isUsersAdmin: false,
    },
    'token',
  );
  const claims = btoa(JSON.stringify({ p: permissions, exp: Math.floor(Date.now() / 1000) + 3600 }));
  session.selectEvent(
    { id: 1, nombre: 'Sonora', token: 'ev', zona_horaria: 'Europe/Madrid', currency: null },
    `h.${claims}.s`,
  );
}

const calendar = {
  event: { start: '2026-07-10T12:00:00Z', end: '2026-07-13T04:00:00Z', timezone: 'Europe/Madrid', offset: 6 },
};
const ok = (result: unknown) => ({ body: { error: 0, result } });

describe('DocumentsPage', () => {
  it('shows only the documents the user may download and loads only the open one', async () => {
    signInWith([PERMISSIONS.reportsStaff, PERMISSIONS.tickets]);
    const sent = fakeApi(({ url }) => {
      if (url.includes('/filters')) return ok(calendar);
      if (url.includes('/documents/staff-cash-up'))
        return ok({
          rows: [
            {
              idStaff: 3,
              staff: 'Anna Kiosk',
              intern: 1,
              operations: 4,
              cashIn: 5000,
              cashOut: 1000,
              cardIn: 2100,
              cardOut: 0,
              otherIn: 0,
              otherOut: 0,
              fee: 100,
              cashToHandIn: 4000,
              salesOrders: 0,
              salesAmount: 0,
              salesS: 0,
              salesB: 0,
              salesT: 0,
              salesO: 0,
            },
          ],
        });
      if (url.includes('/documents/tickets'))
        return ok({
          rows: [
            { idRol: 1, rol: 'General', sold: 10, cancelled: 1, validated: 8, validations: 9, repeated: 1 },
          ],
        });
      return { status: 404, body: { error: 404, description: 'unexpected' } };
    });
    renderScreen(<DocumentsPage />);
    expect(await screen.findByTestId('document-tab-staffCashUp')).toBeTruthy();
    expect(screen.getByTestId('document-tab-tickets')).toBeTruthy();
    expect(screen.queryByTestId('document-tab-salesVat')).toBeNull();
    expect(screen.queryByTestId('document-tab-payments')).toBeNull();
    expect(screen.queryByTestId('document-tab-locations')).toBeNull();
    // The first allowed document is open: the staff cash-up, with the cash to hand in.
    expect(await screen.findByText('Anna Kiosk')).toBeTruthy();
    expect(screen.getByTestId('document-staffCashUp').textContent).toContain('40.00');
    expect(sent.some((c) => c.url.includes('/documents/tickets'))).toBe(false);
    await userEvent.click(screen.getByTestId('document-tab-tickets'));
    expect(await screen.findByText('General')).toBeTruthy();
    expect(sent.some((c) => c.url.includes('/documents/sales-vat'))).toBe(false);
  });

  it('warns when the event has no VAT set', async () => {
    signInWith([PERMISSIONS.downloadBilling]);
    fakeApi(({ url }) => {
      if (url.includes('/filters')) return ok(calendar);
      if (url.includes('/documents/sales-vat'))
        return ok({ vatRate: null, fiscalName: null, nif: null, rows: [] });
      return ok({ rows: [] });
    });
    renderScreen(<DocumentsPage />);
    expect((await screen.findByTestId('document-no-vat')).textContent).toContain('The event has no VAT set');
    expect(screen.getByTestId('document-tab-payments')).toBeTruthy();
  });
});

const dashboard: QuickDashboardResult = {
  generatedAt: '2026-07-10T21:00:00.000Z',
  live: true,
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
  byHour: [
    { hour: '2026-07-10T16:00', topUps: 5000, sales: 0 },
    { hour: '2026-07-10T17:00', topUps: 5000, sales: 4250 },
  ],
};

describe('QuickDashboardPage', () => {
  it('shows the figures, the zones against their capacity and that it is live', async () => {
    signInWith([PERMISSIONS.quickdashboard]);
    const sent = fakeApi(({ url }) => {
      if (url.includes('/filters')) return ok(calendar);
      if (url.includes('/reports/mainQuickDashboard')) return ok(dashboard);
      return { status: 404, body: { error: 404, description: 'unexpected' } };
    });
    renderScreen(<QuickDashboardPage />);
    expect((await screen.findByTestId('dashboard-live')).textContent).toContain('refreshes every 30 s');
    expect(screen.getByTestId('dashboard-topups').textContent).toContain('100.00');
    expect(screen.getByTestId('dashboard-sales').textContent).toContain('42.50');
    expect(screen.getByTestId('dashboard-cash-left').textContent).toContain('87.50');
    expect(screen.getByTestId('dashboard-zones').textContent).toContain('450 of 500 (90 %)');
    expect(screen.getByTestId('dashboard-zones').textContent).toContain('1 inside');
    expect(screen.getByTestId('dashboard-top-articles').textContent).toContain('Beer 50cl');
    await waitFor(() => expect(sent.filter((c) => c.url.includes('mainQuickDashboard'))).toHaveLength(1));
  });
});
