import {
  codesOfGroup,
  DEBIT_OPERATION_TYPES,
  type OnlineTopUpsQuery,
  type ReportQuery,
} from '@pulsera/contracts';
import { and, asc, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { topUps } from '../../db/schema';
import { feedWhere } from './report-window';

/**
 * The recharge reports' queries: everything is summed in PostgreSQL (GROUP BY over the
 * (event_id, device_time) and (event_id, location_id, device_time) indexes of top_ups).
 */

const REPLACEMENT = codesOfGroup('replacement');
const TOP_UP_CODES = codesOfGroup('topUp');
const list = (codes: readonly string[]) =>
  sql.join(
    codes.map((c) => sql`${c}`),
    sql`, `,
  );
const DEBIT = list(DEBIT_OPERATION_TYPES);

/** Sums come back as bigint (text on the wire): numbers here; cents of one event fit easily. */
const total = (expr: SQL) => sql<number>`coalesce(${expr}, 0)::bigint`.mapWith(Number);
const n = () => sql<number>`count(*)::bigint`.mapWith(Number);

const where = (eventId: number, q: ReportQuery, ...more: (SQL | undefined)[]) =>
  and(
    feedWhere(
      {
        eventId: topUps.eventId,
        time: topUps.deviceTime,
        locationId: topUps.locationId,
        staffId: topUps.staffId,
        deviceId: topUps.deviceId,
      },
      eventId,
      q,
    ),
    ...more,
  );

const sums = {
  count: n(),
  amount: total(sql`sum(${topUps.amount})`),
  bonus: total(sql`sum(${topUps.bonus})`),
  fee: total(sql`sum(${topUps.fee})`),
  money: total(sql`sum(${topUps.money})`),
};

/** Overview: by operation type and payment type (replacements left out), with the directions. */
export function overviewRows(db: Executor, eventId: number, q: ReportQuery) {
  return db
    .select({
      type: topUps.type,
      paymentType: topUps.paymentType,
      ...sums,
      creditedCash: total(sql`sum(greatest(${topUps.amount}, 0))`),
      creditedGift: total(sql`sum(greatest(${topUps.bonus}, 0))`),
      debitedCash: total(sql`sum(greatest(-${topUps.amount}, 0))`),
      debitedGift: total(sql`sum(greatest(-${topUps.bonus}, 0))`),
      moneyIn: total(sql`sum(${topUps.money}) filter (where ${topUps.type} not in (${DEBIT}))`),
      moneyOut: total(sql`sum(${topUps.money}) filter (where ${topUps.type} in (${DEBIT}))`),
    })
    .from(topUps)
    .where(where(eventId, q, notInArray(topUps.type, REPLACEMENT)))
    .groupBy(topUps.type, topUps.paymentType)
    .orderBy(asc(topUps.type), asc(topUps.paymentType));
}

/**
 * Cashboxes: per staff member and device, the money taken (credits) and paid out (debits) by payment
 * type — S cash, T card, anything else (O, B, none) other — where money changed hands or a fee was
 * charged.
 */
export function cashboxRows(db: Executor, eventId: number, q: ReportQuery) {
  const pay = (kind: 'S' | 'T' | 'other', debit: boolean) => {
    const type =
      kind === 'other'
        ? sql`coalesce(${topUps.paymentType}, '') not in ('S', 'T')`
        : sql`${topUps.paymentType} = ${kind}`;
    const direction = debit ? sql`${topUps.type} in (${DEBIT})` : sql`${topUps.type} not in (${DEBIT})`;
    return total(sql`sum(${topUps.money}) filter (where ${type} and ${direction})`);
  };
  return db
    .select({
      idStaff: topUps.staffId,
      idDevice: topUps.deviceId,
      count: n(),
      cashIn: pay('S', false),
      cashOut: pay('S', true),
      cardIn: pay('T', false),
      cardOut: pay('T', true),
      otherIn: pay('other', false),
      otherOut: pay('other', true),
      fee: total(sql`sum(${topUps.fee})`),
      first: sql<Date | null>`min(${topUps.deviceTime})`.mapWith(topUps.deviceTime),
      last: sql<Date | null>`max(${topUps.deviceTime})`.mapWith(topUps.deviceTime),
    })
    .from(topUps)
    .where(
      where(
        eventId,
        q,
        notInArray(topUps.type, REPLACEMENT),
        sql`(${topUps.money} <> 0 or ${topUps.fee} <> 0)`,
      ),
    )
    .groupBy(topUps.staffId, topUps.deviceId);
}

/** By location: the top-ups (topUp codes) of each location, their amount split by payment type. */
export function locationRows(db: Executor, eventId: number, q: ReportQuery) {
  const by = (cond: SQL) => total(sql`sum(${topUps.amount}) filter (where ${cond})`);
  return db
    .select({
      idLocation: topUps.locationId,
      ...sums,
      cash: by(sql`${topUps.paymentType} = 'S'`),
      card: by(sql`${topUps.paymentType} = 'T'`),
      other: by(sql`coalesce(${topUps.paymentType}, '') not in ('S', 'T')`),
    })
    .from(topUps)
    .where(where(eventId, q, inArray(topUps.type, TOP_UP_CODES)))
    .groupBy(topUps.locationId);
}

// ---------------------------------------------------------------------------------------------
// Online top-ups (the online-services web's purchases), by hour or day in the event's time zone

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

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
