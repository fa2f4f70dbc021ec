import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper';
import {
  byCode,
  filters,
  get,
  groupOf,
  type OracleTopUpRow,
  oracle,
  PAYMENTS,
  pick,
  reconciliationFestival,
  sumOf,
} from './reconciliation.fixture';

/**
 * On the reconciliation's simulated festival (reconciliation.fixture.ts), for each filter: every
 * breakdown of the sales and top-up reports adds up to its total and the totals are the feed's, and
 * the quick dashboard's flows are the feed's (the money identity itself: reconciliation.test.ts).
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await reconciliationFestival(t);
}, 180_000);
afterAll(() => t.close());

describe.each([
  ['the whole event', 'event'],
  ['a festival day', 'day'],
  ['a festival day at one bar', 'dayAtBar'],
  ['a festival day at one top-up kiosk', 'dayAtKiosk'],
  ['one staff member', 'staff'],
  ['a start and end within hours', 'dates'],
])('for %s, every breakdown adds up to its total and the totals are the feed’s', (_name, key) => {
  const SALES = ['orders', 'devolutions', 'quantity', 'gifts', 'amount'] as const;
  const ARTICLE = ['quantity', 'gifts', 'amount'] as const;
  const AMOUNTS = [...PAYMENTS, 'orders', 'devolutions', 'total'] as const;
  const TOP_UP = ['count', 'amount', 'bonus', 'fee', 'money'] as const;

  it('sales: overview, by staff, by location, by article, staff amounts', async () => {
    const f = filters[key]!;
    const [overview, byStaff, byLocation, byArticle, amounts] = await Promise.all([
      get('/api/reports/sales/overview', f),
      get('/api/reports/main-order-staff', f),
      get('/api/reports/mainOrderLocation', f),
      get('/api/reports/main-order-article', f),
      get('/api/reports/staffAmounts', f),
    ]);
    const feed = await oracle(f);
    if (key !== 'dayAtKiosk') expect(feed.sales.orders, 'sales in the filter').toBeGreaterThan(0);

    expect(overview.total).toEqual(feed.sales);
    expect(overview.payments).toEqual(feed.payments);
    expect(PAYMENTS.reduce((s, p) => s + overview.payments[p], 0)).toBe(overview.total.amount);
    expect(sumOf(overview.byHour, ['orders', 'amount'] as const)).toEqual(
      pick(overview.total, ['orders', 'amount'] as const),
    );

    for (const [name, report] of [
      ['by staff', byStaff],
      ['by location', byLocation],
    ] as const) {
      expect(sumOf(report.rows, SALES), `${name}: rows = total`).toEqual(report.total);
      expect(report.total, `${name}: total = feed`).toEqual(feed.sales);
    }
    if (f.idLocation && feed.sales.orders) {
      expect(byLocation.rows.map((r: { idLocation: number }) => r.idLocation)).toEqual([f.idLocation]);
    }
    if (f.idStaff) expect(byStaff.rows.map((r: { idStaff: number }) => r.idStaff)).toEqual([f.idStaff]);

    expect(sumOf(byArticle.rows, ARTICLE), 'by article: rows = total').toEqual(byArticle.total);
    expect(byArticle.total).toEqual({
      quantity: feed.sales.quantity,
      gifts: feed.sales.gifts,
      amount: feed.lineAmount,
    });

    expect(sumOf(amounts.rows, AMOUNTS), 'staff amounts: rows = total').toEqual(amounts.total);
    expect(amounts.total).toEqual({
      ...feed.payments,
      orders: feed.sales.orders,
      devolutions: feed.sales.devolutions,
      total: PAYMENTS.reduce((s, p) => s + feed.payments[p], 0),
    });
  });

  it('top-ups: overview, by location, cashboxes, bonuses', async () => {
    const f = filters[key]!;
    const [overview, byLocation, cashboxes, automatic, manual] = await Promise.all([
      get('/api/reports/mainRecharges', f),
      get('/api/reports/mainRechargesLocation', f),
      get('/api/reports/cashboxes', f),
      get('/api/reports/mainRechargesBonus', f),
      get('/api/reports/manualBonuses', f),
    ]);
    const feed = await oracle(f);
    if (key !== 'dayAtBar') expect(feed.topUpTotals.count, 'top-ups in the filter').toBeGreaterThan(0);

    expect(overview.totals).toEqual(feed.topUpTotals);
    const byCodeRow = (r: OracleTopUpRow) => ({
      type: r.type,
      paymentType: r.paymentType,
      ...pick(r, TOP_UP),
    });
    expect(overview.rows.map(byCodeRow).sort(byCode), 'overview: rows = feed').toEqual(
      feed.topUpRows.map(byCodeRow).sort(byCode),
    );
    expect(sumOf(overview.rows, TOP_UP), 'overview: rows = totals').toEqual(pick(overview.totals, TOP_UP));
    expect(sumOf(overview.byPaymentType, TOP_UP), 'overview: by payment type = totals').toEqual(
      pick(overview.totals, TOP_UP),
    );

    for (const r of byLocation.rows)
      expect(r.cash + r.card + r.other, `location ${r.idLocation}`).toBe(r.amount);
    expect(sumOf(byLocation.rows, TOP_UP), 'by location: rows = the top-up codes').toEqual(feed.topUpCodes);
    if (f.idLocation && byLocation.rows.length) {
      expect(byLocation.rows.map((r: { idLocation: number }) => r.idLocation)).toEqual([f.idLocation]);
    }

    const box = sumOf(cashboxes.rows, [
      'count',
      'cashIn',
      'cardIn',
      'otherIn',
      'cashOut',
      'cardOut',
      'otherOut',
      'fee',
    ] as const);
    expect({
      count: box.count,
      in: box.cashIn + box.cardIn + box.otherIn,
      out: box.cashOut + box.cardOut + box.otherOut,
      fee: box.fee,
    }).toEqual({
      count: feed.cashboxOps,
      in: feed.topUpTotals.moneyIn,
      out: feed.topUpTotals.moneyOut,
      fee: feed.topUpTotals.fee,
    });

    // The bonus of every code: the automatic ones, the manual ones, and what refunds took back.
    const refundBonus = feed.topUpRows
      .filter((r) => groupOf(r.type) === 'refund')
      .reduce((s, r) => s + r.bonus, 0);
    expect(sumOf(automatic.rows, ['count', 'amount', 'bonus'] as const)).toEqual(automatic.totals);
    expect(sumOf(manual.rows, ['count', 'amount', 'bonus', 'articles'] as const)).toEqual(manual.totals);
    expect(automatic.totals.bonus + manual.totals.bonus + refundBonus).toBe(feed.topUpTotals.bonus);
  });
});

describe.each([
  ['the whole event', 'event'],
  ['a festival day', 'day'],
  ['a start and end within hours', 'dates'],
])("the quick dashboard's flows for %s are the feed's", (_name, key) => {
  it('money in, bonuses, spent, fees and refunds at the terminals', async () => {
    const f = filters[key]!;
    const dashboard = await get('/api/reports/mainQuickDashboard', f);
    const feed = await oracle(f);
    const flows = {
      moneyIn: feed.topUpCodes.amount,
      bonuses: feed.creditBonuses,
      spent: feed.sales.amount,
      orders: feed.sales.orders,
      fees: feed.topUpTotals.fee,
      refunds: feed.terminalRefunds.amount,
    };
    for (const [k, n] of Object.entries(flows)) expect(n, k).toBeGreaterThan(0);
    expect({
      moneyIn: dashboard.topUps.amount,
      bonuses: dashboard.bonuses.amount,
      spent: dashboard.sales.amount,
      orders: dashboard.sales.orders,
      fees: dashboard.fees,
      refunds: dashboard.refunds.terminalAmount,
    }).toEqual(flows);
    const top = dashboard.topLocations.reduce((s: number, l: { amount: number }) => s + l.amount, 0);
    expect(top).toBeLessThanOrEqual(dashboard.sales.amount);
  });
});
