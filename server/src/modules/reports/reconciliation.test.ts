import type { OperationGroup } from '@pulsera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper';
import { ledgerMismatches } from '../terminals';
import {
  get,
  isDebit,
  oracle,
  oracleStocks,
  PAYMENTS,
  reconciliationFestival,
  sumOf,
} from './reconciliation.fixture';

/**
 * Money is conserved for the event, and every breakdown adds up — as the REPORT CALLS answer them.
 *
 * How money moves (server/src/modules/device/sync.service.ts and ledger_entries): each wristband's
 * cash and gift balances are the sum of its ledger. A top_ups row moves cash by `amount` and gift by
 * `bonus` (signed); a sale takes its S (cash) and B (gift) payments, a devolution gives them back;
 * T and O payments are external and touch no balance. A wristband replacement (N-RS / N-RE) moves
 * both balances to the new wristband and nets to zero. A fee never reaches a wristband: the customer
 * of a top-up pays amount + fee, a refund pays out |amount| − fee, and the promoter keeps the fee. A
 * customer refund (customer_refunds, the bank transfer a customer asks for) is a request that moves
 * no money, so what it asks for is still part of the balances left on the wristbands.
 *
 * The terms (docs/decisions.md "Reports: top-ups, bonuses, wristbands"), each read from a report:
 *   topUps   = creditedCash + the fees of crediting operations       (top-ups overview)
 *   bonuses  = creditedGift                                          (top-ups overview)
 *   refunds  = debitedCash + debitedGift − the fees of debiting operations (top-ups overview)
 *   fees     = totals.fee                                            (top-ups overview)
 *   sales    = payments S + B, devolutions subtracted                (sales overview)
 *   balances = cash + gift left on the wristbands                   (wristbands report)
 * and the identity checked is   topUps + bonuses = sales + fees + refunds + balances.
 * The quick dashboard's money in, bonuses, spent, fees, refunds and left must tell the same story.
 *
 * The oracle is an independent computation from the raw feed (top_ups, sales, sale_lines,
 * sale_payments, customer_refunds and the ledger, never the hourly rollups nor a report's code): each
 * report figure must equal it, so a report that misreports fails here even when its own rows add up.
 */

let t: TestApp;
let eventId: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ eventId } = await reconciliationFestival(t));
}, 180_000);
afterAll(() => t.close());

/** The identity's terms. */
interface MoneyTerms {
  topUps: number;
  bonuses: number;
  sales: number;
  fees: number;
  refunds: number;
  balances: number;
}

describe('money is conserved for the event, read from the reports', () => {
  it('top-ups + bonuses = sales + fees + refunds + balances left on wristbands', async () => {
    expect(await ledgerMismatches(t.database.db, eventId)).toEqual([]);
    const [overview, salesOverview, wristbands] = await Promise.all([
      get('/api/reports/mainRecharges'),
      get('/api/reports/sales/overview'),
      get('/api/reports/wristbands'),
    ]);
    const feesOf = (keep: (type: string) => boolean) =>
      overview.rows
        .filter((r: { type: string }) => keep(r.type))
        .reduce((s: number, r: { fee: number }) => s + r.fee, 0);
    const t0 = overview.totals;
    const reported: MoneyTerms = {
      topUps: t0.creditedCash + feesOf((type) => !isDebit(type)),
      bonuses: t0.creditedGift,
      sales: salesOverview.payments.S + salesOverview.payments.B,
      fees: t0.fee,
      refunds: t0.debitedCash + t0.debitedGift - feesOf(isDebit),
      balances: wristbands.cash + wristbands.gift,
    };

    const feed = await oracle({});
    const stocks = await oracleStocks();
    const expected: MoneyTerms = {
      topUps: feed.topUpTotals.creditedCash + feed.feesOfCredits,
      bonuses: feed.topUpTotals.creditedGift,
      sales: feed.payments.S + feed.payments.B,
      fees: feed.topUpTotals.fee,
      refunds: feed.topUpTotals.debitedCash + feed.topUpTotals.debitedGift - feed.feesOfDebits,
      balances: stocks.cash + stocks.gift,
    };
    // Each term as the reports answer it is the feed's.
    expect(reported).toEqual(expected);
    // Every kind of movement is there, so the identity is not trivially true.
    for (const [k, n] of Object.entries(reported)) expect(n, k).toBeGreaterThan(0);
    expect(reported.fees).toBe(150 + 100 + 100);
    expect(wristbands.changes).toBeGreaterThan(0);
    expect(wristbands.negative, 'a wristband below zero counts as such').toBeGreaterThan(0);
    expect(wristbands.refundsRequestedAmount).toBe(1000);

    expect(reported.topUps + reported.bonuses).toBe(
      reported.sales + reported.fees + reported.refunds + reported.balances,
    );
    // The oracle closes the same balance (the identity holds for the feed itself).
    expect(expected.topUps + expected.bonuses).toBe(
      expected.sales + expected.fees + expected.refunds + expected.balances,
    );
  });

  it("the quick dashboard's money in, spent, refunded and left are the feed's and close the balance", async () => {
    const [dashboard, overview] = await Promise.all([
      get('/api/reports/mainQuickDashboard'),
      get('/api/reports/mainRecharges'),
    ]);
    const feed = await oracle({});
    const stocks = await oracleStocks();
    const paid = (p: string) =>
      dashboard.sales.byPaymentType.find((r: { paymentType: string }) => r.paymentType === p)?.amount ?? 0;
    expect({
      moneyIn: dashboard.topUps.amount,
      moneyTaken: dashboard.topUps.money,
      topUpCount: dashboard.topUps.count,
      bonuses: dashboard.bonuses.amount,
      spent: dashboard.sales.amount,
      orders: dashboard.sales.orders,
      devolutions: dashboard.sales.devolutions,
      paid: Object.fromEntries(PAYMENTS.map((p) => [p, paid(p)])),
      fees: dashboard.fees,
      terminalRefunds: dashboard.refunds.terminalAmount,
      terminalRefundsPaid: dashboard.refunds.terminalMoney,
      bankRefunds: dashboard.refunds.bankAmount,
      bankPending: dashboard.refunds.bankPendingAmount,
      leftCash: dashboard.balances.cash,
      leftGift: dashboard.balances.gift,
    }).toEqual({
      moneyIn: feed.topUpCodes.amount,
      moneyTaken: feed.topUpCodes.money,
      topUpCount: feed.topUpCodes.count,
      bonuses: feed.creditBonuses,
      spent: feed.sales.amount,
      orders: feed.sales.orders,
      devolutions: feed.sales.devolutions,
      paid: feed.payments,
      fees: feed.topUpTotals.fee,
      terminalRefunds: feed.terminalRefunds.amount,
      terminalRefundsPaid: feed.terminalRefunds.money,
      bankRefunds: stocks.bankRefunds,
      bankPending: stocks.bankPending,
      leftCash: stocks.cash,
      leftGift: stocks.gift,
    });
    // In − out = left, with what the dashboard does not show apart taken from the overview's rows:
    // the cash of manual-bonus, ticket and add-on codes (M-E, AS-C…) and the gift of refund codes.
    const rows = overview.rows as { group: OperationGroup; amount: number; bonus: number }[];
    const cashOfOtherCredits = rows
      .filter((r) => ['manualBonus', 'ticket', 'addon'].includes(r.group))
      .reduce((s, r) => s + r.amount, 0);
    const giftOfRefunds = rows.filter((r) => r.group === 'refund').reduce((s, r) => s + r.bonus, 0);
    expect(
      dashboard.topUps.amount +
        dashboard.bonuses.amount +
        cashOfOtherCredits +
        giftOfRefunds -
        dashboard.refunds.terminalAmount -
        (paid('S') + paid('B')),
    ).toBe(dashboard.balances.cash + dashboard.balances.gift);
  });
});

describe('the wristbands report', () => {
  it('per day adds up to the wristbands activated and the top-ups of the event', async () => {
    const [perDay, wristbands, overview] = await Promise.all([
      get('/api/reports/wristbandsPerDay'),
      get('/api/reports/wristbands'),
      get('/api/reports/mainRecharges'),
    ]);
    const fresh = perDay.days.reduce((s: number, d: { newWristbands: number }) => s + d.newWristbands, 0);
    expect(fresh).toBe(wristbands.activated);
    const topUpAmount = overview.rows
      .filter((r: { group: string }) => r.group === 'topUp')
      .reduce((s: number, r: { amount: number }) => s + r.amount, 0);
    expect(perDay.days.reduce((s: number, d: { topUpAmount: number }) => s + d.topUpAmount, 0)).toBe(
      topUpAmount,
    );
    const ranges = sumOf(wristbands.ranges, ['count', 'cash', 'gift'] as const);
    expect(ranges).toEqual({ count: wristbands.activated, cash: wristbands.cash, gift: wristbands.gift });
  });
});
