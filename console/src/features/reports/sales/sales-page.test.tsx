import type { LocationSalesResult, OrderErrorsResult, StaffAmountsResult } from '@pulsera/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { session } from '../../../lib/session';
import { fakeApi, installDomShims, renderScreen, signInForTest } from '../../../test-utils';
import OrderErrorsPage from './order-errors-page';
import SalesPage from './sales-page';

beforeAll(async () => {
  installDomShims();
  Element.prototype.scrollIntoView ??= () => {};
  // The data table scrolls to the top when the page changes.
  Element.prototype.scrollTo ??= () => {};
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  session.signOut();
});

/** A promoter holding these permission codes in the selected event. */
const signInWith = (permissions: number[]) =>
  signInForTest({
    permissions,
    event: { nombre: 'Sonora Festival 2026', currency: { id: 1, iso: 'EUR', symbol: '€', fraction: 0.01 } },
  });

const calendar = {
  event: {
    start: '2026-07-10T10:00:00.000Z',
    end: '2026-07-12T22:00:00.000Z',
    timezone: 'Europe/Madrid',
    offset: 6,
  },
  locations: [{ id: 3, name: 'Main Bar' }],
  staffs: [{ id: 5, name: 'Ana Bar', intern: 1 }],
  articles: [],
};
const byLocation: LocationSalesResult = {
  rows: [
    { idLocation: 3, name: 'Main Bar', orders: 4, devolutions: 1, quantity: 6, gifts: 1, amount: 2550 },
    { idLocation: 77, name: null, orders: 1, devolutions: 0, quantity: 2, gifts: 0, amount: 400 },
  ],
  total: { orders: 5, devolutions: 1, quantity: 8, gifts: 1, amount: 2950 },
};
const amounts: StaffAmountsResult = {
  rows: [
    {
      idStaff: 5,
      name: 'Ana Bar',
      intern: 1,
      orders: 3,
      devolutions: 0,
      S: 1000,
      B: 200,
      T: 500,
      O: 0,
      total: 1700,
    },
  ],
  total: { orders: 3, devolutions: 0, S: 1000, B: 200, T: 500, O: 0, total: 1700 },
};

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent?.replace(/\s/g, ' '));

describe('the sales report', { timeout: 30_000 }, () => {
  it('shows only the tabs of the permissions held, each with its own call', async () => {
    // reportsLocation 29 and workday 20: by location and staff amounts, nothing else.
    signInWith([29, 20]);
    const sent = fakeApi(({ url }) => {
      if (url.includes('/filters')) return { body: { error: 0, result: calendar } };
      if (url.includes('/reports/mainOrderLocation')) return { body: { error: 0, result: byLocation } };
      if (url.includes('/reports/staffAmounts')) return { body: { error: 0, result: amounts } };
      return { status: 403, body: { error: 403, description: 'no' } };
    });
    renderScreen(<SalesPage />);
    const table = await screen.findByTestId('sales-location-table');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['By location', 'Staff amounts']);
    await waitFor(() => expect(within(table).getAllByRole('row').length).toBeGreaterThan(2));
    const rows = within(table).getAllByRole('row').slice(1);
    expect(cells(rows[0]!)).toEqual(['Main Bar', '4', '1', '6', '1', '25.50 €']);
    // A location the catalogue no longer has keeps its number.
    expect(cells(rows[1]!)[0]).toBe('#77');
    expect(screen.getByTestId('sales-location-amount').textContent?.replace(/\s/g, ' ')).toContain('29.50 €');

    await userEvent.click(screen.getByRole('tab', { name: 'Staff amounts' }));
    const amountsTable = await screen.findByTestId('sales-amounts-table');
    await waitFor(() => expect(within(amountsTable).getAllByRole('row').length).toBeGreaterThan(1));
    expect(cells(within(amountsTable).getAllByRole('row')[1]!)).toEqual([
      'Ana Bar',
      'Internal',
      '3',
      '0',
      '10.00 €',
      '5.00 €',
      '0.00 €',
      '2.00 €',
      '17.00 €',
    ]);
    const calls = sent.map((c) => c.url);
    expect(calls.some((u) => u.includes('/reports/main-order-staff'))).toBe(false);
    expect(calls.some((u) => u.includes('/reports/sales/overview'))).toBe(false);
  });
});

describe('the order errors list', { timeout: 30_000 }, () => {
  it('shows the page of 30 the server sends, newest first, and asks for the next', async () => {
    signInWith([24]);
    const errors: OrderErrorsResult = Array.from({ length: 35 }, (_, i) => ({
      id: 100 - i,
      date_create: new Date(Date.UTC(2026, 6, 10, 22, 59 - i)).toISOString(),
      message: i === 0 ? 'Kitchen printer unreachable' : `Failure ${i}`,
      seatName: 'Table 4',
      roomName: i === 0 ? 'Terrace' : null,
      staffName: 'Mia Metre',
      idRoom: i === 0 ? 1 : 9,
      idKitchen: 2,
      kitchenName: 'Grill',
      idStaff: 5,
    }));
    const pagesAsked: string[] = [];
    fakeApi(({ url }) => {
      if (url.includes('/filters')) return { body: { error: 0, result: calendar } };
      // The server pages the list: the screen asks for a page of 30 and gets it with the total.
      const q = new URL(url, 'http://x').searchParams;
      pagesAsked.push(`${q.get('page')}/${q.get('paginationLimit')}`);
      const page = Number(q.get('page'));
      const limit = Number(q.get('paginationLimit'));
      return {
        body: {
          error: 0,
          result: { orderErrors: errors.slice((page - 1) * limit, page * limit), total: errors.length },
        },
      };
    });
    renderScreen(<OrderErrorsPage />);
    const table = await screen.findByTestId('order-errors-table');
    await waitFor(() => expect(within(table).getAllByRole('row').length).toBeGreaterThan(2));
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(30);
    expect(cells(rows[0]!)).toEqual([
      '100',
      '11 Jul 2026, 00:59',
      'Kitchen printer unreachable',
      'Table 4',
      'Terrace',
      'Mia Metre',
    ]);
    expect(cells(rows[1]!)[4]).toBe('#9');
    expect(within(table).getByRole('heading').textContent).toBe('Failed orders (35)');
    await userEvent.click(within(table).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(within(table).getAllByRole('row').slice(1)).toHaveLength(5));
    expect(cells(within(table).getAllByRole('row')[1]!)[2]).toBe('Failure 30');
    expect(pagesAsked).toEqual(['1/30', '2/30']);
  });
});
