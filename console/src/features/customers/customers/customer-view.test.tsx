import type { CustomerDetail, OnlineTopUp } from '@pulsera/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import { fakeApi, installDomShims, renderScreen, signInForTest } from '../../../test-utils';
import { CustomerView } from './customer-view';

beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  session.signOut();
});

const customer = (over: Partial<CustomerDetail> = {}): CustomerDetail => ({
  customerId: 5,
  name: 'Marco Rossi',
  email: null,
  codePrint: null,
  localizer: null,
  rfidId: 9,
  n_serie: '04AA0000000009',
  codeCheck: null,
  active: 1,
  cash: 1000,
  gift: 0,
  refundableCash: 1000,
  flags: [],
  registered: 0,
  dateOnlineRegistration: null,
  date_insert: '2026-07-01T10:00:00.000Z',
  dateInactive: null,
  dateValidation: '2026-07-10T18:00:00.000Z',
  ...over,
});

const topUp = (id: number, payed: OnlineTopUp['payed']): OnlineTopUp => ({
  id,
  valid: 1,
  payed,
  notes: null,
  dateRechargeOnline: '2026-07-09T12:00:00.000Z',
  dateRechargeRfid: null,
  date_insert: '2026-07-09T12:00:00.000Z',
  date_update: '2026-07-09T12:00:00.000Z',
  dateRefund: null,
  concept: null,
  amountTotal: 1500,
  amountRecharge: 1500,
  amountBonus: 0,
  articles: [],
  data: null,
  idRecharge: `R-${id}`,
  module: null,
  location: null,
  payTpvDateTime: null,
  payTpvAmount: null,
  payTpvCurrency: null,
  idOrder: null,
  payTpvAuthCode: null,
  payTpvBicCode: null,
  payTpvCardCountry: null,
  terminal: null,
  merchantCode: null,
  idTransactionType: null,
  payTpvOrderId: null,
  idError: null,
});

function serve(d: CustomerDetail, topUps: OnlineTopUp[] = []) {
  return fakeApi(({ url }) => {
    const path = new URL(url, 'http://x').pathname;
    if (path.endsWith('/infoCustomer')) return { body: { error: 0, result: d } };
    if (path.endsWith('/infoCustomer/servicesOnline'))
      return { body: { error: 0, result: { topUps, refund: null } } };
    return { body: { error: 0, result: [] } };
  });
}

describe('Customer › General (issue 16 item 9)', () => {
  it('calls the record date "Created" and says the customer has not registered on the web', async () => {
    signInForTest({ admin: true });
    serve(customer());
    renderScreen(<CustomerView customerId={5} rfidId={9} />);
    expect(await screen.findByTestId('customers-not-registered')).toBeTruthy();
    expect(screen.getByTestId('customers-general-online').textContent).toBe('Not registered');
    const created = screen.getByTestId('customers-general-created');
    expect(created.closest('tr')!.querySelector('th')!.textContent).toBe('Created in the console');
    // No "registration date" sits next to the notice that the customer never registered.
    expect(screen.getByTestId('customers-panel-general').textContent).not.toMatch(/registration date/i);
  });

  it('shows a registration on the web as its own fact, dated by the first online top-up', async () => {
    signInForTest({ admin: true });
    serve(customer({ registered: 1, dateOnlineRegistration: '2026-07-09T12:00:00.000Z' }));
    renderScreen(<CustomerView customerId={5} rfidId={9} />);
    const online = await screen.findByTestId('customers-general-online');
    // 12:00 UTC is 14:00 in Madrid, the event's zone.
    expect(online.textContent).toMatch(/^Registered; first online top-up 9 Jul 2026, 14:00/);
    expect(screen.queryByTestId('customers-not-registered')).toBeNull();
  });
});

describe('Customer › Online services (issue 16 item 9)', () => {
  it('offers "Mark refunded" on every top-up not yet refunded (01-console §4: any status but -1)', async () => {
    signInForTest({ admin: true });
    serve(customer({ registered: 1 }), [topUp(1, 0), topUp(2, 1), topUp(3, 2), topUp(4, -1)]);
    renderScreen(<CustomerView customerId={5} rfidId={9} />);
    await userEvent.click(await screen.findByTestId('customers-tab-online'));
    const table = await screen.findByTestId('customers-online-topups');
    await within(table).findByText('R-2');
    const buttons = within(table).getAllByTestId('customers-topup-mark-refunded');
    expect(buttons.map((b) => b.closest('tr')!.textContent?.match(/R-\d/)?.[0])).toEqual([
      'R-1',
      'R-2',
      'R-3',
    ]);
    expect(within(table).getByText('R-4').closest('tr')!.textContent).not.toContain('Mark refunded');
  });
});
