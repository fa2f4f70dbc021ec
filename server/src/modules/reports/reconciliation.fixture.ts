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
import { expect } from 'vitest';
import type { TestApp } from '../../../test/helper';
import { rowsOf } from '../../core/db/rows';
import { seedDemoVenue } from '../../seed/demo';
import {
  eventArticles,
  eventSalePlaces,
  eventStaff,
  eventTopUpPlaces,
  simulateFestival,
} from '../../seed/simulator';
import { appTarget, registerDevice } from '../terminals';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * What the reconciliation tests share (reconciliation.test.ts, reconciliation-breakdowns.test.ts): the
 * simulated festival and the filters they read it through, the report call, and the oracle — the
 * same questions asked of the raw feed, never of the hourly rollups nor a report's code.
 */

let t: TestApp;
let eventId: number;
let session: Awaited<ReturnType<TestApp['session']>>;
const EVENT = 'Sonora Festival 2027';

/** A report filter (the filter bar's query). */
export type Filter = { dateStart?: string; dateEnd?: string; idLocation?: number; idStaff?: number };
/** The filters the tests read the festival through (set by `reconciliationFestival`). */
export const filters: Record<string, Filter> = {};

const query = async <T>(q: SQL) => rowsOf<T>(await t.database.db.execute(q));

/**
 * Sets up the festival in the test app: a simulated one, plus what the simulator does not make, and
 * the filters.
 */
export async function reconciliationFestival(app: TestApp) {
  t = app;
  const event = await t.eventByName(EVENT);
  eventId = event.id;
  session = await t.session('admin@demo.test', EVENT);
  // A small festival: top-ups (cash, card, online), VIP and manual bonuses, bar sales with
  // devolutions and offline sales below zero, wristband replacements, refunds on the last night,
  // re-sent batches.
  // The simulator sells only what the event sells: this event gets five priced articles first.
  await t.database.db.execute(sql`insert into articles (event_id, name, base_price) values
    (${eventId}, 'Beer', 600), (${eventId}, 'Water', 250), (${eventId}, 'Cocktail', 1000),
    (${eventId}, 'Soda', 350), (${eventId}, 'Burger', 1100)`);
  // Its venue too (staff, bars, kiosks, gates and zones): the feed records only what the event names.
  await seedDemoVenue(t.database.db, eventId);
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
  // The event's own names: a cashier, a top-up kiosk, a bar and the beer.
  const [cashier] = await eventStaff(t.database.db, eventId);
  const [kiosk] = (await eventTopUpPlaces(t.database.db, eventId)).kiosks ?? [];
  const [bar] = (await eventSalePlaces(t.database.db, eventId)).bars ?? [];
  const [beer] = (await eventArticles(t.database.db, eventId)).filter((a) => a.price === 600);
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
      staffId: cashier,
      locationId: kiosk,
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
      lines: [{ idArticle: beer!.id, quantity: 2, price: 600 }],
      payments: [
        { type: 'B', amount: 1000 },
        { type: 'S', amount: 200 },
      ],
      locationId: bar,
    } as SyncOperationInput,
    {
      kind: 'sale',
      id: randomUUID(),
      deviceTime: tick(),
      rfid: b,
      lines: [{ idArticle: beer!.id, quantity: 1, price: 800 }],
      payments: [
        { type: 'S', amount: 500 },
        { type: 'B', amount: 300 },
      ],
      locationId: bar,
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
  return { eventId };
}

const qs = (f: Filter) =>
  new URLSearchParams(Object.entries(f).map(([k, v]) => [k, String(v)] as [string, string])).toString();
export async function get(url: string, f: Filter = {}) {
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

export const PAYMENTS = ['S', 'B', 'T', 'O'] as const;
const REPLACEMENT = ['N-RS', 'N-RE'];
const CREDIT_GROUPS: OperationGroup[] = ['topUp', 'manualBonus', 'ticket', 'addon'];
export const isDebit = (type: string) => (DEBIT_OPERATION_TYPES as readonly string[]).includes(type);
export const groupOf = (type: string) => operationGroupOf(type);

export interface OracleTopUpRow {
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

export async function oracle(f: Filter) {
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
export async function oracleStocks() {
  const [ledger] = await query<{ cash: string; gift: string }>(sql`
    select coalesce(sum(cash_delta), 0) as cash, coalesce(sum(gift_delta), 0) as gift
    from ledger_entries where event_id = ${eventId}::int`);
  // Bank refunds paid out (run sent) and those still on the wristbands (pending or in a run).
  const [bank] = await query<{ paid: string; pending: string }>(sql`
    select coalesce(sum(amount) filter (where status = 'paid'), 0) as paid,
      coalesce(sum(amount) filter (where status in ('pending', 'inRun')), 0) as pending
    from customer_refunds where event_id = ${eventId}::int`);
  return {
    cash: Number(ledger!.cash),
    gift: Number(ledger!.gift),
    bankRefunds: Number(bank!.paid),
    bankPending: Number(bank!.pending),
  };
}

export const sumOf = <K extends string>(rows: Record<K, number>[], keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, rows.reduce((s, r) => s + r[k], 0)])) as Record<K, number>;
export const pick = <K extends string>(o: Record<K, number>, keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, o[k]])) as Record<K, number>;
export const byCode = (
  a: { type: string; paymentType: string | null },
  b: { type: string; paymentType: string | null },
) => a.type.localeCompare(b.type) || (a.paymentType ?? '').localeCompare(b.paymentType ?? '');
