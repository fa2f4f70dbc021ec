import { randomUUID } from 'node:crypto';
import {
  DEBIT_OPERATION_TYPES,
  type OperationGroup,
  operationGroupOf,
  type SyncOperationInput,
} from '@pulsera/contracts';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper';
import { eventArticles, simulateFestival } from '../../seed/simulator';
import { appTarget, ledgerMismatches, registerDevice } from '../terminals';

dayjs.extend(utc);
dayjs.extend(timezone);

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
let session: Awaited<ReturnType<TestApp['session']>>;
const EVENT = 'Sonora Festival 2027';

/** A report filter (the filter bar's query). */
type Filter = { dateStart?: string; dateEnd?: string; idLocation?: number; idStaff?: number };
const filters: Record<string, Filter> = {};

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;
const query = async <T>(q: SQL) => rowsOf<T>(await t.database.db.execute(q));

beforeAll(async () => {
  t = await createTestApp();
  const event = await t.eventByName(EVENT);
  eventId = event.id;
  session = await t.session('admin@demo.test', EVENT);
  // A small festival: top-ups (cash, card, online), VIP and manual bonuses, bar sales with
  // devolutions and offline sales below zero, wristband replacements, refunds on the last night,
  // re-sent batches.
  const report = await simulateFestival(appTarget(t.app, t.database.db), {
    eventId,
    wristbands: 60,
    days: 2,
    seed: 77,
    syncEveryMinutes: 60,
    start: new Date('2027-07-10T12:00:00Z'),
    articles: await eventArticles(t.database.db, eventId),
  });
  expect(report.refused).toBe(0);

  // What the simulator does not make: fees on top-ups and refunds, a cancelled top-up, a cancelled
  // bonus, a refundable bonus, an add-on paid from the balance, and an offline sale taking both
  // balances of a wristband below zero.
  const serial = 'RECON-KIOSK-1';
  const { secretKey } = await registerDevice(t.database.db, {
    n_serie: serial,
    idEvent: eventId,
    type: 'PDA',
  });
  const auth = await t.call('POST', '/api/device/auth', { body: { serial, secretKey } });
  let clock = Date.parse('2027-07-11T20:00:00Z');
  const tick = () => {
    clock += 60_000;
    return new Date(clock).toISOString();
  };
  const op = (rfid: string, type: string, o: Record<string, unknown>): SyncOperationInput =>
    ({
      kind: 'topup',
      id: randomUUID(),
      deviceTime: tick(),
      rfid,
      type,
      staffId: 3,
      locationId: 31,
      ...o,
    }) as SyncOperationInput;
  const a = 'RECON00000000A1';
  const b = 'RECON00000000B2';
  const c = 'RECON00000000C3';
  const operations = [
    op(a, 'N', { paymentType: 'S', amount: 5000, bonus: 250, money: 5150, fee: 150 }),
    op(b, 'N', { paymentType: 'T', amount: 3000, money: 3100, fee: 100 }),
    op(b, 'R-E', { paymentType: 'T', amount: -3000, money: 3000 }),
    op(a, 'M', { amount: 0, bonus: 800 }),
    op(a, 'MC', { amount: 0, bonus: -300 }),
    op(a, 'M-E', { amount: 700 }),
    op(a, 'AS-C', { amount: -1200, bonus: 400 }),
    {
      kind: 'sale',
      id: randomUUID(),
      deviceTime: tick(),
      rfid: a,
      lines: [{ idArticle: 1, quantity: 2, price: 600 }],
      payments: [
        { type: 'B', amount: 1000 },
        { type: 'S', amount: 200 },
      ],
      locationId: 11,
    } as SyncOperationInput,
    {
      kind: 'sale',
      id: randomUUID(),
      deviceTime: tick(),
      rfid: b,
      lines: [{ idArticle: 1, quantity: 1, price: 800 }],
      payments: [
        { type: 'S', amount: 500 },
        { type: 'B', amount: 300 },
      ],
      locationId: 11,
    } as SyncOperationInput,
    {
      kind: 'wristbandChange',
      id: randomUUID(),
      deviceTime: tick(),
      sourceRfid: a,
      endRfid: c,
    } as SyncOperationInput,
    op(c, 'D', { paymentType: 'S', amount: -2000, money: 1900, fee: 100 }),
  ];
  const sync = await t.call('POST', '/api/device/sync', {
    headers: { devicetoken: auth.body.result.token },
    body: { operations },
  });
  expect(sync.body.result.accepted).toHaveLength(operations.length);

  // A customer asks for a bank refund of part of what is left: a request, no money moves.
  const found = await t.call('GET', `/api/infoCustomer/search?rfid=${c}`, session);
  const refund = await t.call('POST', '/api/infoCustomer/create-refund', {
    ...session,
    body: {
      refund: {
        customerId: found.body.result[0].customerId,
        rfidId: found.body.result[0].idRfid,
        amount: 10,
        fee: 1,
        ccOwner: 'Recon Customer',
        ccIban: 'ES91 2100 0418 4502 0005 1332',
      },
    },
  });
  expect(refund.status, JSON.stringify(refund.body)).toBe(200);

  // The filters: the last festival day as the filter bar sends it (the event's time zone and offset;
  // the night of refunds and of the operations above), that day at its busiest bar and at its busiest
  // top-up kiosk, the staff member who served most, and a start and end that are not whole hours
  // (the reports read whole hours from the rollups and the edges from the raw rows).
  const calendar = (await get('/api/filters?kinds=none')).event as { timezone: string; offset: number };
  const dayAt = (d: string) =>
    dayjs
      .tz(`${d} 00:00:00`, calendar.timezone)
      .add(calendar.offset * 60, 'minute')
      .toISOString();
  const day: Filter = { dateStart: dayAt('2027-07-11'), dateEnd: dayAt('2027-07-12') };
  const busiest = async (table: 'sales' | 'top_ups', column: 'location_id' | 'staff_id', f: Filter) => {
    const [row] = await query<{ id: number }>(sql`
      select ${sql.raw(column)} as id from ${sql.raw(table)} x
      where ${feedWhere('x', f)} and ${sql.raw(column)} is not null
      group by 1 order by count(*) desc, 1 limit 1`);
    expect(row, `no ${table} for ${JSON.stringify(f)}`).toBeDefined();
    return Number(row!.id);
  };
  filters.event = {};
  filters.day = day;
  filters.dayAtBar = { ...day, idLocation: await busiest('sales', 'location_id', day) };
  filters.dayAtKiosk = { ...day, idLocation: await busiest('top_ups', 'location_id', day) };
  filters.staff = { idStaff: await busiest('sales', 'staff_id', {}) };
  filters.dates = { dateStart: '2027-07-10T19:35:00Z', dateEnd: '2027-07-11T21:50:00Z' };
}, 180_000);
afterAll(() => t.close());

const qs = (f: Filter) =>
  new URLSearchParams(Object.entries(f).map(([k, v]) => [k, String(v)] as [string, string])).toString();
async function get(url: string, f: Filter = {}) {
  const q = qs(f);
  const full = q ? `${url}${url.includes('?') ? '&' : '?'}${q}` : url;
  const res = await t.call('GET', full, session);
  expect(res.status, `${full}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.result;
}

// ---------------------------------------------------------------------------------------------
// The oracle: the same questions asked of the raw feed.

/** The WHERE of a feed table (alias `x`) for a filter: event, [dateStart, dateEnd) on device time, location, staff. */
function feedWhere(alias: string, f: Filter): SQL {
  const a = sql.raw(alias);
  const parts = [sql`${a}.event_id = ${eventId}::int`];
  if (f.dateStart) parts.push(sql`${a}.device_time >= ${f.dateStart}::timestamptz`);
  if (f.dateEnd) parts.push(sql`${a}.device_time < ${f.dateEnd}::timestamptz`);
  if (f.idLocation) parts.push(sql`${a}.location_id = ${f.idLocation}::int`);
  if (f.idStaff) parts.push(sql`${a}.staff_id = ${f.idStaff}::int`);
  return sql.join(parts, sql` and `);
}

const PAYMENTS = ['S', 'B', 'T', 'O'] as const;
const REPLACEMENT = ['N-RS', 'N-RE'];
const CREDIT_GROUPS: OperationGroup[] = ['topUp', 'manualBonus', 'ticket', 'addon'];
const isDebit = (type: string) => (DEBIT_OPERATION_TYPES as readonly string[]).includes(type);
const groupOf = (type: string) => operationGroupOf(type);

interface OracleTopUpRow {
  type: string;
  paymentType: string | null;
  count: number;
  amount: number;
  bonus: number;
  fee: number;
  money: number;
  creditedCash: number;
  creditedGift: number;
  debitedCash: number;
  debitedGift: number;
}

async function oracle(f: Filter) {
  const sign = sql`case when s.is_devolution then -1 else 1 end`;
  const [sales] = await query<Record<string, string>>(sql`
    select count(*) filter (where not s.is_devolution) as orders, count(*) filter (where s.is_devolution) as devolutions,
      coalesce(sum(${sign} * s.total_purchase), 0) as amount
    from sales s where ${feedWhere('s', f)}`);
  const [lines] = await query<Record<string, string>>(sql`
    select coalesce(sum(${sign} * (l.quantity - l.quantity_gift)), 0) as quantity,
      coalesce(sum(${sign} * l.quantity_gift), 0) as gifts,
      coalesce(sum(${sign} * l.price * (l.quantity - l.quantity_gift)), 0) as amount
    from sale_lines l join sales s on s.id = l.sale_id and s.event_id = l.event_id where ${feedWhere('s', f)}`);
  const payRows = await query<{ type: string; amount: string }>(sql`
    select p.type, sum(${sign} * p.amount) as amount
    from sale_payments p join sales s on s.id = p.sale_id and s.event_id = p.event_id
    where ${feedWhere('s', f)} group by 1`);
  const topUpRows = (
    await query<Record<string, string | null>>(sql`
      select u.type, u.payment_type, count(*) as count, sum(u.amount) as amount, sum(u.bonus) as bonus,
        sum(u.fee) as fee, sum(u.money) as money, sum(greatest(u.amount, 0)) as credited_cash,
        sum(greatest(u.bonus, 0)) as credited_gift, sum(greatest(-u.amount, 0)) as debited_cash,
        sum(greatest(-u.bonus, 0)) as debited_gift,
        count(*) filter (where u.money <> 0 or u.fee <> 0) as cashbox_ops
      from top_ups u where ${feedWhere('u', f)} group by 1, 2`)
  ).map((r) => ({
    type: r.type!,
    paymentType: r.payment_type,
    count: Number(r.count),
    amount: Number(r.amount),
    bonus: Number(r.bonus),
    fee: Number(r.fee),
    money: Number(r.money),
    creditedCash: Number(r.credited_cash),
    creditedGift: Number(r.credited_gift),
    debitedCash: Number(r.debited_cash),
    debitedGift: Number(r.debited_gift),
    cashboxOps: Number(r.cashbox_ops),
  }));
  const payments = Object.fromEntries(
    PAYMENTS.map((p) => [p, Number(payRows.find((r) => r.type === p)?.amount ?? 0)]),
  ) as Record<(typeof PAYMENTS)[number], number>;
  const moved = topUpRows.filter((r) => !REPLACEMENT.includes(r.type));
  const sum = <T>(rows: T[], k: (r: T) => number) => rows.reduce((s, r) => s + k(r), 0);
  const of = (keep: (r: (typeof moved)[number]) => boolean) => moved.filter(keep);
  const topUpCodes = of((r) => groupOf(r.type) === 'topUp');
  const refundCodes = of((r) => groupOf(r.type) === 'refund');
  return {
    sales: {
      orders: Number(sales!.orders),
      devolutions: Number(sales!.devolutions),
      quantity: Number(lines!.quantity),
      gifts: Number(lines!.gifts),
      amount: Number(sales!.amount),
    },
    lineAmount: Number(lines!.amount),
    payments,
    /** Every top_ups row but the replacements, by code and payment type. */
    topUpRows: moved.map(({ cashboxOps: _c, ...r }) => r as OracleTopUpRow),
    cashboxOps: sum(moved, (r) => r.cashboxOps),
    topUpTotals: {
      count: sum(moved, (r) => r.count),
      amount: sum(moved, (r) => r.amount),
      bonus: sum(moved, (r) => r.bonus),
      fee: sum(moved, (r) => r.fee),
      money: sum(moved, (r) => r.money),
      creditedCash: sum(moved, (r) => r.creditedCash),
      creditedGift: sum(moved, (r) => r.creditedGift),
      debitedCash: sum(moved, (r) => r.debitedCash),
      debitedGift: sum(moved, (r) => r.debitedGift),
      moneyIn: sum(
        of((r) => !isDebit(r.type)),
        (r) => r.money,
      ),
      moneyOut: sum(
        of((r) => isDebit(r.type)),
        (r) => r.money,
      ),
    },
    /** The top-up codes (the top-ups by location and the dashboard's money in). */
    topUpCodes: {
      count: sum(topUpCodes, (r) => r.count),
      amount: sum(topUpCodes, (r) => r.amount),
      bonus: sum(topUpCodes, (r) => r.bonus),
      fee: sum(topUpCodes, (r) => r.fee),
      money: sum(topUpCodes, (r) => r.money),
    },
    feesOfCredits: sum(
      of((r) => !isDebit(r.type)),
      (r) => r.fee,
    ),
    feesOfDebits: sum(
      of((r) => isDebit(r.type)),
      (r) => r.fee,
    ),
    /** Gift given by the crediting codes (the dashboard's bonuses). */
    creditBonuses: sum(
      of((r) => CREDIT_GROUPS.includes(groupOf(r.type) as OperationGroup)),
      (r) => r.bonus,
    ),
    terminalRefunds: {
      amount: 0 - sum(refundCodes, (r) => r.amount),
      money: sum(refundCodes, (r) => r.money),
    },
  };
}

/** Balances left and bank refund requests, from the ledger and the requests (the event as it is now). */
async function oracleStocks() {
  const [ledger] = await query<{ cash: string; gift: string }>(sql`
    select coalesce(sum(cash_delta), 0) as cash, coalesce(sum(gift_delta), 0) as gift
    from ledger_entries where event_id = ${eventId}::int`);
  const [bank] = await query<{ amount: string }>(sql`
    select coalesce(sum(amount), 0) as amount from customer_refunds where event_id = ${eventId}::int`);
  return { cash: Number(ledger!.cash), gift: Number(ledger!.gift), bankRefunds: Number(bank!.amount) };
}

/** The identity's terms. */
interface MoneyTerms {
  topUps: number;
  bonuses: number;
  sales: number;
  fees: number;
  refunds: number;
  balances: number;
}

const sumOf = <K extends string>(rows: Record<K, number>[], keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, rows.reduce((s, r) => s + r[k], 0)])) as Record<K, number>;
const pick = <K extends string>(o: Record<K, number>, keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, o[k]])) as Record<K, number>;
const byCode = (
  a: { type: string; paymentType: string | null },
  b: { type: string; paymentType: string | null },
) => a.type.localeCompare(b.type) || (a.paymentType ?? '').localeCompare(b.paymentType ?? '');

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
