import {
  codesOfGroup,
  DEBIT_OPERATION_TYPES,
  type OnlineTopUpsQuery,
  type ReportQuery,
} from '@pulsera/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';
import { rowsOf } from '../../../core/db/rows';
import { topUpsSource } from '../rollups/rollups';

/**
 * The recharge reports' queries: everything is summed in PostgreSQL over the top-ups' hourly rollup
 * (report_top_ups_hourly: whole hours) and the raw top_ups of the window's edges (rollups.ts), so a
 * day of a big festival adds up thousands of rollup rows instead of a hundred thousand operations.
 */

const REPLACEMENT = codesOfGroup('replacement');
const TOP_UP_CODES = codesOfGroup('topUp');
const list = (codes: readonly string[]) =>
  sql.join(
    codes.map((c) => sql`${c}`),
    sql`, `,
  );
const DEBIT = list(DEBIT_OPERATION_TYPES);

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const idOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const dateOrNull = (v: unknown) =>
  v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v));

/** The report's window and id filters as a rollup source of the top-ups (rollups.ts). */
export const topUpsOf = (eventId: number, q: ReportQuery) =>
  topUpsSource(
    eventId,
    { start: q.dateStart ? new Date(q.dateStart) : null, end: q.dateEnd ? new Date(q.dateEnd) : null },
    { idLocation: q.idLocation, idStaff: q.idStaff, idDevice: q.idDevice },
  );

/**
 * Overview: by operation type and payment type (replacements left out), with the directions. Read
 * from the hourly rollup (whole hours) and the raw rows of the window's edges.
 */
export async function overviewRows(db: Executor, eventId: number, q: ReportQuery) {
  const res = await db.execute(sql`
    select x.type, x.payment_type, sum(x.operations)::bigint as count,
      sum(x.with_bonus)::bigint as with_bonus, sum(x.amount)::bigint as amount,
      sum(x.bonus)::bigint as bonus, sum(x.fee)::bigint as fee, sum(x.money)::bigint as money,
      sum(x.credited_cash)::bigint as credited_cash, sum(x.credited_gift)::bigint as credited_gift,
      sum(x.debited_cash)::bigint as debited_cash, sum(x.debited_gift)::bigint as debited_gift
    from (${topUpsOf(eventId, q)}) x
    where x.type not in (${list(REPLACEMENT)})
    group by x.type, x.payment_type
    order by x.type asc, x.payment_type asc`);
  return rowsOf<Record<string, unknown>>(res).map((r) => {
    const debit = (DEBIT_OPERATION_TYPES as readonly string[]).includes(String(r.type));
    return {
      type: String(r.type),
      paymentType: (r.payment_type as string | null) ?? null,
      count: num(r.count),
      withBonus: num(r.with_bonus),
      amount: num(r.amount),
      bonus: num(r.bonus),
      fee: num(r.fee),
      money: num(r.money),
      creditedCash: num(r.credited_cash),
      creditedGift: num(r.credited_gift),
      debitedCash: num(r.debited_cash),
      debitedGift: num(r.debited_gift),
      moneyIn: debit ? 0 : num(r.money),
      moneyOut: debit ? num(r.money) : 0,
    };
  });
}

/**
 * Cashboxes: per staff member and device, the money taken (credits) and paid out (debits) by payment
 * type — S cash, T card, anything else (O, B, none) other — where money changed hands or a fee was
 * charged (`with_money` of the rollup: a cashbox without such an operation is left out).
 */
export async function cashboxRows(db: Executor, eventId: number, q: ReportQuery) {
  // Summed per cashbox, operation type and payment type first, so the direction and the payment kind
  // are told on a few hundred rows, not on every rollup row.
  const pay = (kind: 'S' | 'T' | 'other', debit: boolean) => {
    const type =
      kind === 'other' ? sql`coalesce(y.payment_type, '') not in ('S', 'T')` : sql`y.payment_type = ${kind}`;
    return sql`coalesce(sum(y.money) filter (where ${type} and ${debit ? sql`y.debit` : sql`not y.debit`}), 0)::bigint`;
  };
  const res = await db.execute(sql`
    select y.staff_id, y.device_id, sum(y.count)::bigint as count,
      ${pay('S', false)} as cash_in, ${pay('S', true)} as cash_out,
      ${pay('T', false)} as card_in, ${pay('T', true)} as card_out,
      ${pay('other', false)} as other_in, ${pay('other', true)} as other_out,
      coalesce(sum(y.fee), 0)::bigint as fee, min(y.first) as first, max(y.last) as last
    from (
      select x.staff_id, x.device_id, x.type in (${DEBIT}) as debit, x.payment_type,
        sum(x.with_money) as count, sum(x.money) as money, sum(x.fee) as fee, min(x.first_money) as first,
        max(x.last_money) as last
      from (${topUpsOf(eventId, q)}) x
      where x.type not in (${list(REPLACEMENT)}) and x.with_money > 0
      group by x.staff_id, x.device_id, x.type, x.payment_type
    ) y
    group by y.staff_id, y.device_id`);
  return rowsOf<Record<string, unknown>>(res).map((r) => ({
    idStaff: idOrNull(r.staff_id),
    idDevice: idOrNull(r.device_id),
    count: num(r.count),
    cashIn: num(r.cash_in),
    cashOut: num(r.cash_out),
    cardIn: num(r.card_in),
    cardOut: num(r.card_out),
    otherIn: num(r.other_in),
    otherOut: num(r.other_out),
    fee: num(r.fee),
    first: dateOrNull(r.first),
    last: dateOrNull(r.last),
  }));
}

/** By location: the top-ups (topUp codes) of each location, their amount split by payment type. */
export async function locationRows(db: Executor, eventId: number, q: ReportQuery) {
  const by = (cond: SQL) => sql`coalesce(sum(x.amount) filter (where ${cond}), 0)::bigint`;
  const res = await db.execute(sql`
    select x.location_id, sum(x.operations)::bigint as count, sum(x.amount)::bigint as amount,
      sum(x.bonus)::bigint as bonus, sum(x.fee)::bigint as fee, sum(x.money)::bigint as money,
      ${by(sql`x.payment_type = 'S'`)} as cash, ${by(sql`x.payment_type = 'T'`)} as card,
      ${by(sql`coalesce(x.payment_type, '') not in ('S', 'T')`)} as other
    from (${topUpsOf(eventId, q)}) x
    where x.type in (${list(TOP_UP_CODES)})
    group by x.location_id`);
  return rowsOf<Record<string, unknown>>(res).map((r) => ({
    idLocation: idOrNull(r.location_id),
    count: num(r.count),
    amount: num(r.amount),
    bonus: num(r.bonus),
    fee: num(r.fee),
    money: num(r.money),
    cash: num(r.cash),
    card: num(r.card),
    other: num(r.other),
  }));
}

// ---------------------------------------------------------------------------------------------
// Online top-ups (the online-services web's purchases), by hour or day in the event's time zone

function onlineWhere(eventId: number, q: OnlineTopUpsQuery) {
  const parts = [sql`o.event_id = ${eventId}::int`];
  if (q.dateFrom) parts.push(sql`o.date_recharge_online >= ${q.dateFrom}::timestamptz`);
  if (q.dateTo) parts.push(sql`o.date_recharge_online < ${q.dateTo}::timestamptz`);
  return sql.join(parts, sql` and `);
}

const ONLINE_SUMS = sql`
  (count(*) filter (where o.payed = 1))::bigint as "count",
  coalesce(sum(o.amount_total) filter (where o.payed = 1), 0)::bigint as "amountTotal",
  coalesce(sum(o.amount_recharge) filter (where o.payed = 1), 0)::bigint as "amountRecharge",
  coalesce(sum(o.amount_bonus) filter (where o.payed = 1), 0)::bigint as "amountBonus",
  (count(*) filter (where o.payed = 1 and o.date_recharge_rfid is not null))::bigint as "loaded",
  (count(*) filter (where o.payed = -1))::bigint as "refunded",
  coalesce(sum(o.amount_total) filter (where o.payed = -1), 0)::bigint as "refundedAmount"`;

export interface OnlineSums {
  count: number;
  amountTotal: number;
  amountRecharge: number;
  amountBonus: number;
  loaded: number;
  refunded: number;
  refundedAmount: number;
}
const SUM_KEYS = [
  'count',
  'amountTotal',
  'amountRecharge',
  'amountBonus',
  'loaded',
  'refunded',
  'refundedAmount',
] as const;
const numbers = (r: Record<string, unknown>): OnlineSums =>
  Object.fromEntries(SUM_KEYS.map((k) => [k, Number(r[k] ?? 0)])) as unknown as OnlineSums;

/**
 * One page of time units (the start of each hour or day of the purchases, in the event's time zone,
 * as a UTC instant) and the totals over every unit. Only paid (1) and refunded (-1) purchases make a
 * unit; pending and rejected ones never moved money.
 */
export async function onlineTimeUnits(
  db: Executor,
  eventId: number,
  tz: string,
  q: OnlineTopUpsQuery,
  page: { limit: number; offset: number } | null,
) {
  const unit = sql`date_trunc(${q.groupBy}::text, o.date_recharge_online at time zone ${tz}::text) at time zone ${tz}::text`;
  const w = sql`${onlineWhere(eventId, q)} and o.payed in (1, -1)`;
  const paging = page ? sql` limit ${page.limit}::int offset ${page.offset}::int` : sql``;
  const [units, totals] = await Promise.all([
    db.execute(sql`
      select ${unit} as "unit", ${ONLINE_SUMS}
      from online_top_ups o where ${w}
      group by 1 order by 1${paging}`),
    db.execute(sql`
      select count(distinct ${unit})::bigint as "units", ${ONLINE_SUMS}
      from online_top_ups o where ${w}`),
  ]);
  const t = rowsOf<Record<string, unknown>>(totals)[0] ?? {};
  return {
    units: rowsOf<Record<string, unknown>>(units).map((r) => ({
      timeUnitUtc: new Date(r.unit as string | Date).toISOString(),
      ...numbers(r),
    })),
    total: Number(t.units ?? 0),
    totals: numbers(t),
  };
}
