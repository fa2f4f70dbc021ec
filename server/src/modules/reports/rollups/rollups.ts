import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';

/**
 * The reports' hourly rollups (schema/report-rollups.ts, decisions.md "Reports") as row sources.
 *
 * A source is a subquery with the rollup's columns for the event and a window [start, end): the
 * rollup rows of the whole hours inside the window, plus the same sums computed from the feed's raw
 * rows for the parts of the window that are not whole hours (at most an hour at each end, read over
 * the (event_id, device_time) indexes). So any window is exact, and a report over a day or the whole
 * event adds up a few thousand rollup rows instead of millions of sales. A report aggregates a
 * source with GROUP BY like a table: `select … from (${salesSource(…)}) x group by …`.
 */

const HOUR = 3_600_000;

/**
 * The units of a top-up's articles (a JSON array of {quantity}; anything else counts 0), written out
 * as the rollup trigger writes it (migration 0061): as a SQL function it was not inlined, and a call per
 * row cost sixteen times the expression.
 */
const topUpArticles = (col: SQL) =>
  sql`case when jsonb_typeof(${col}) is distinct from 'array' then 0 when jsonb_array_length(${col}) = 0 then 0
    else (select coalesce(sum((e->>'quantity')::int), 0) from jsonb_array_elements(${col}) e) end`;

export interface RollupWindow {
  start?: Date | null;
  end?: Date | null;
}

interface Span {
  from: Date | null;
  to: Date | null;
}

/** The whole hours inside the window (rollup rows) and the rest of it (raw rows). */
export function splitWindow(w: RollupWindow): { hours: Span | null; edges: Span[] } {
  const start = w.start ?? null;
  const end = w.end ?? null;
  const ceil = start ? new Date(Math.ceil(start.getTime() / HOUR) * HOUR) : null;
  const floor = end ? new Date(Math.floor(end.getTime() / HOUR) * HOUR) : null;
  if (start && end && (ceil as Date) >= (floor as Date))
    return { hours: null, edges: [{ from: start, to: end }] };
  const edges: Span[] = [];
  if (start && ceil && start < ceil) edges.push({ from: start, to: ceil });
  if (end && floor && floor < end) edges.push({ from: floor, to: end });
  return { hours: { from: ceil, to: floor }, edges };
}

const iso = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const hourOf = (col: SQL) => sql`date_bin('1 hour', ${col}, timestamptz '2000-01-01 00:00:00+00')`;
const inSpan = (col: SQL, s: Span) =>
  sql.join(
    [s.from ? sql`${col} >= ${iso(s.from)}` : sql`true`, s.to ? sql`${col} < ${iso(s.to)}` : sql`true`],
    sql` and `,
  );
const anyOf = (parts: SQL[]) => (parts.length ? sql`(${sql.join(parts, sql` or `)})` : sql`false`);
const eq = (col: SQL, v: number | null | undefined) => (v ? sql` and ${col} = ${v}` : sql``);

function union(parts: SQL[]) {
  return sql.join(parts, sql` union all `);
}

export interface RollupFilters {
  idLocation?: number | null;
  idStaff?: number | null;
}

/**
 * Sales per hour: hour, location_id, staff_id, orders, devolutions, amount (net), pay_s, pay_b,
 * pay_t, pay_o (payments by type, net).
 */
export function salesSource(eventId: number, w: RollupWindow, f: RollupFilters = {}): SQL {
  const { hours, edges } = splitWindow(w);
  const parts: SQL[] = [];
  if (hours) {
    parts.push(sql`
      select r.hour, r.location_id, r.staff_id, r.orders, r.devolutions, r.amount, r.pay_s, r.pay_b, r.pay_t, r.pay_o
      from report_sales_hourly r
      where r.event_id = ${eventId} and ${inSpan(sql`r.hour`, hours)}${eq(sql`r.location_id`, f.idLocation)}${eq(
        sql`r.staff_id`,
        f.idStaff,
      )}`);
  }
  if (edges.length) {
    const where = sql`s.event_id = ${eventId} and ${anyOf(edges.map((e) => inSpan(sql`s.device_time`, e)))}${eq(
      sql`s.location_id`,
      f.idLocation,
    )}${eq(sql`s.staff_id`, f.idStaff)}`;
    const signed = sql`case when s.is_devolution then -p.amount else p.amount end`;
    parts.push(sql`
      select ${hourOf(sql`s.device_time`)} as hour, s.location_id, s.staff_id,
        count(*) filter (where not s.is_devolution) as orders, count(*) filter (where s.is_devolution) as devolutions,
        sum(case when s.is_devolution then -s.total_purchase else s.total_purchase end) as amount,
        0 as pay_s, 0 as pay_b, 0 as pay_t, 0 as pay_o
      from sales s where ${where}
      group by 1, 2, 3`);
    parts.push(sql`
      select ${hourOf(sql`s.device_time`)} as hour, s.location_id, s.staff_id, 0 as orders, 0 as devolutions,
        0 as amount, coalesce(sum(${signed}) filter (where p.type = 'S'), 0) as pay_s,
        coalesce(sum(${signed}) filter (where p.type = 'B'), 0) as pay_b,
        coalesce(sum(${signed}) filter (where p.type = 'T'), 0) as pay_t,
        coalesce(sum(${signed}) filter (where p.type = 'O'), 0) as pay_o
      from sales s join sale_payments p on p.event_id = s.event_id and p.sale_id = s.id
      where ${where}
      group by 1, 2, 3`);
  }
  return parts.length
    ? union(parts)
    : sql`select null::timestamptz as hour, null::int as location_id, null::int as staff_id, 0::bigint as orders, 0::bigint as devolutions, 0::bigint as amount, 0::bigint as pay_s, 0::bigint as pay_b, 0::bigint as pay_t, 0::bigint as pay_o where false`;
}

/**
 * Tickets per hour (report_tickets_hourly): hour, role_id, sold, cancelled (at the hour a ticket was
 * sold), validated (at the hour of its validation, not cancelled), validations and repeated (at the
 * validations' device time, under the ticket's role, or the role its terminal recorded when the ticket
 * has none). Each column counts what falls inside the window.
 */
export function ticketsSource(eventId: number, w: RollupWindow): SQL {
  const { hours, edges } = splitWindow(w);
  const parts: SQL[] = [];
  if (hours) {
    parts.push(sql`
      select r.hour, r.role_id, r.sold, r.cancelled, r.validated, r.validations, r.repeated
      from report_tickets_hourly r
      where r.event_id = ${eventId} and ${inSpan(sql`r.hour`, hours)}`);
  }
  if (edges.length) {
    // The same expressions as the indexes tickets_event_sold_at_idx and tickets_event_date_validation_idx.
    const soldAt = sql`least(t.created_at, coalesce(t.date_validation, t.created_at))`;
    parts.push(sql`
      select ${hourOf(soldAt)} as hour, t.role_id, count(*) filter (where t.cancelled = 0) as sold,
        count(*) filter (where t.cancelled = 1) as cancelled, 0 as validated, 0 as validations, 0 as repeated
      from tickets t where t.event_id = ${eventId} and ${anyOf(edges.map((e) => inSpan(soldAt, e)))}
      group by 1, 2`);
    parts.push(sql`
      select ${hourOf(sql`t.date_validation`)} as hour, t.role_id, 0 as sold, 0 as cancelled,
        count(*) as validated, 0 as validations, 0 as repeated
      from tickets t
      where t.event_id = ${eventId} and ${anyOf(edges.map((e) => inSpan(sql`t.date_validation`, e)))}
        and t.cancelled = 0 and t.validated = 1
      group by 1, 2`);
    parts.push(sql`
      select ${hourOf(sql`v.device_time`)} as hour, coalesce(t.role_id, v.role_id) as role_id, 0 as sold,
        0 as cancelled, 0 as validated, count(*) as validations, count(*) filter (where v.repeated) as repeated
      from ticket_validations v left join tickets t on t.id = v.ticket_id and t.event_id = v.event_id
      where v.event_id = ${eventId} and ${anyOf(edges.map((e) => inSpan(sql`v.device_time`, e)))}
      group by 1, 2`);
  }
  return parts.length
    ? union(parts)
    : sql`select null::timestamptz as hour, null::int as role_id, 0::bigint as sold, 0::bigint as cancelled, 0::bigint as validated, 0::bigint as validations, 0::bigint as repeated where false`;
}

/**
 * Sale lines per hour: hour, location_id, staff_id, article_id, orders and devolutions (sales with a
 * line of the article), quantity (charged, net), gifts (net), amount (net).
 */
export function articlesSource(
  eventId: number,
  w: RollupWindow,
  f: RollupFilters & { idArticle?: number | null } = {},
): SQL {
  const { hours, edges } = splitWindow(w);
  const parts: SQL[] = [];
  if (hours) {
    parts.push(sql`
      select r.hour, r.location_id, r.staff_id, r.article_id, r.orders, r.devolutions, r.quantity, r.gifts,
        r.amount
      from report_articles_hourly r
      where r.event_id = ${eventId} and ${inSpan(sql`r.hour`, hours)}${eq(sql`r.location_id`, f.idLocation)}${eq(
        sql`r.staff_id`,
        f.idStaff,
      )}${eq(sql`r.article_id`, f.idArticle)}`);
  }
  if (edges.length) {
    const sign = sql`case when s.is_devolution then -1 else 1 end`;
    parts.push(sql`
      select ${hourOf(sql`s.device_time`)} as hour, s.location_id, s.staff_id, l.article_id,
        count(distinct s.id) filter (where not s.is_devolution) as orders,
        count(distinct s.id) filter (where s.is_devolution) as devolutions,
        sum(${sign} * (l.quantity - l.quantity_gift)) as quantity, sum(${sign} * l.quantity_gift) as gifts,
        sum(${sign} * l.price::bigint * (l.quantity - l.quantity_gift)) as amount
      from sales s join sale_lines l on l.event_id = s.event_id and l.sale_id = s.id
      where s.event_id = ${eventId} and ${anyOf(edges.map((e) => inSpan(sql`s.device_time`, e)))}${eq(
        sql`s.location_id`,
        f.idLocation,
      )}${eq(sql`s.staff_id`, f.idStaff)}${eq(sql`l.article_id`, f.idArticle)}
      group by 1, 2, 3, 4`);
  }
  return parts.length
    ? union(parts)
    : sql`select null::timestamptz as hour, null::int as location_id, null::int as staff_id, 0 as article_id, 0::bigint as orders, 0::bigint as devolutions, 0::bigint as quantity, 0::bigint as gifts, 0::bigint as amount where false`;
}

/**
 * Sale lines per hour and article over every location and staff member: hour, article_id, quantity
 * (charged, net), gifts (net), amount (net). The same figures as `articlesSource` summed over its
 * keys, from a rollup a few dozen times smaller (report_article_totals_hourly).
 */
export function articleTotalsSource(eventId: number, w: RollupWindow): SQL {
  const { hours, edges } = splitWindow(w);
  const parts: SQL[] = [];
  if (hours) {
    parts.push(sql`
      select r.hour, r.article_id, r.quantity, r.gifts, r.amount
      from report_article_totals_hourly r
      where r.event_id = ${eventId} and ${inSpan(sql`r.hour`, hours)}`);
  }
  if (edges.length) {
    const sign = sql`case when s.is_devolution then -1 else 1 end`;
    parts.push(sql`
      select ${hourOf(sql`s.device_time`)} as hour, l.article_id,
        sum(${sign} * (l.quantity - l.quantity_gift)) as quantity, sum(${sign} * l.quantity_gift) as gifts,
        sum(${sign} * l.price::bigint * (l.quantity - l.quantity_gift)) as amount
      from sales s join sale_lines l on l.event_id = s.event_id and l.sale_id = s.id
      where s.event_id = ${eventId} and ${anyOf(edges.map((e) => inSpan(sql`s.device_time`, e)))}
      group by 1, 2`);
  }
  return parts.length
    ? union(parts)
    : sql`select null::timestamptz as hour, 0 as article_id, 0::bigint as quantity, 0::bigint as gifts, 0::bigint as amount where false`;
}

/**
 * Balance operations per hour: hour, location_id, staff_id, device_id, supervisor_id, type,
 * payment_type, operations, with_bonus (operations that moved the gift balance), amount, bonus, money,
 * fee, credited_cash / debited_cash / credited_gift / debited_gift (Σ of the positive and of the
 * negated negative changes), with_bonus_amount (the cash amount of the with_bonus operations),
 * with_money (operations where money changed hands or a fee was charged), first_money / last_money
 * (their first and last device time: aggregate with min / max) and articles (units given).
 */
export function topUpsSource(
  eventId: number,
  w: RollupWindow,
  f: RollupFilters & { idDevice?: number | null } = {},
): SQL {
  const { hours, edges } = splitWindow(w);
  const parts: SQL[] = [];
  if (hours) {
    parts.push(sql`
      select r.hour, r.location_id, r.staff_id, r.device_id, r.supervisor_id, r.type, r.payment_type,
        r.operations, r.with_bonus, r.amount, r.bonus, r.money, r.fee, r.credited_cash, r.debited_cash,
        r.credited_gift, r.debited_gift, r.with_bonus_amount, r.with_money, r.first_money, r.last_money,
        r.articles
      from report_top_ups_hourly r
      where r.event_id = ${eventId} and ${inSpan(sql`r.hour`, hours)}${eq(sql`r.location_id`, f.idLocation)}${eq(
        sql`r.staff_id`,
        f.idStaff,
      )}${eq(sql`r.device_id`, f.idDevice)}`);
  }
  if (edges.length) {
    const moved = sql`(t.money <> 0 or t.fee <> 0)`;
    parts.push(sql`
      select ${hourOf(sql`t.device_time`)} as hour, t.location_id, t.staff_id, t.device_id, t.supervisor_id,
        t.type, t.payment_type, count(*) as operations, count(*) filter (where t.bonus <> 0) as with_bonus,
        sum(t.amount) as amount, sum(t.bonus) as bonus, sum(t.money) as money, sum(t.fee) as fee,
        sum(greatest(t.amount, 0)) as credited_cash, sum(greatest(-t.amount, 0)) as debited_cash,
        sum(greatest(t.bonus, 0)) as credited_gift, sum(greatest(-t.bonus, 0)) as debited_gift,
        coalesce(sum(t.amount) filter (where t.bonus <> 0), 0) as with_bonus_amount,
        count(*) filter (where ${moved}) as with_money,
        min(t.device_time) filter (where ${moved}) as first_money,
        max(t.device_time) filter (where ${moved}) as last_money,
        sum(${topUpArticles(sql`t.articles`)}) as articles
      from top_ups t
      where t.event_id = ${eventId} and ${anyOf(edges.map((e) => inSpan(sql`t.device_time`, e)))}${eq(
        sql`t.location_id`,
        f.idLocation,
      )}${eq(sql`t.staff_id`, f.idStaff)}${eq(sql`t.device_id`, f.idDevice)}
      group by 1, 2, 3, 4, 5, 6, 7`);
  }
  return parts.length
    ? union(parts)
    : sql`select null::timestamptz as hour, null::int as location_id, null::int as staff_id, null::int as device_id, null::int as supervisor_id, '' as type, null::text as payment_type, 0::bigint as operations, 0::bigint as with_bonus, 0::bigint as amount, 0::bigint as bonus, 0::bigint as money, 0::bigint as fee, 0::bigint as credited_cash, 0::bigint as debited_cash, 0::bigint as credited_gift, 0::bigint as debited_gift, 0::bigint as with_bonus_amount, 0::bigint as with_money, null::timestamptz as first_money, null::timestamptz as last_money, 0::bigint as articles where false`;
}

/**
 * Metre orders (sales with a kitchen) per hour: hour, kitchen_id, room_id, staff_id, orders,
 * devolutions, quantity (charged, net), gifts (net), amount (net).
 */
export function metreSource(
  eventId: number,
  w: RollupWindow,
  f: { idKitchen?: number | null; idRoom?: number | null; idStaff?: number | null } = {},
): SQL {
  const { hours, edges } = splitWindow(w);
  const parts: SQL[] = [];
  if (hours) {
    parts.push(sql`
      select r.hour, r.kitchen_id, r.room_id, r.staff_id, r.orders, r.devolutions, r.quantity, r.gifts, r.amount
      from report_metre_hourly r
      where r.event_id = ${eventId} and ${inSpan(sql`r.hour`, hours)}${eq(sql`r.kitchen_id`, f.idKitchen)}${eq(
        sql`r.room_id`,
        f.idRoom,
      )}${eq(sql`r.staff_id`, f.idStaff)}`);
  }
  if (edges.length) {
    const sign = sql`case when s.is_devolution then -1 else 1 end`;
    parts.push(sql`
      select ${hourOf(sql`s.device_time`)} as hour, s.kitchen_id, s.room_id, s.staff_id,
        count(distinct s.id) filter (where not s.is_devolution) as orders,
        count(distinct s.id) filter (where s.is_devolution) as devolutions,
        sum(${sign} * (l.quantity - l.quantity_gift)) as quantity, sum(${sign} * l.quantity_gift) as gifts,
        sum(${sign} * l.price::bigint * (l.quantity - l.quantity_gift)) as amount
      from sales s join sale_lines l on l.event_id = s.event_id and l.sale_id = s.id
      where s.event_id = ${eventId} and s.kitchen_id is not null and ${anyOf(
        edges.map((e) => inSpan(sql`s.device_time`, e)),
      )}${eq(sql`s.kitchen_id`, f.idKitchen)}${eq(sql`s.room_id`, f.idRoom)}${eq(sql`s.staff_id`, f.idStaff)}
      group by 1, 2, 3, 4`);
  }
  return parts.length
    ? union(parts)
    : sql`select null::timestamptz as hour, 0 as kitchen_id, null::int as room_id, null::int as staff_id, 0::bigint as orders, 0::bigint as devolutions, 0::bigint as quantity, 0::bigint as gifts, 0::bigint as amount where false`;
}

/** Access records per hour: hour, zone_from, zone_to, acceso, passages. */
export function accessSource(eventId: number, w: RollupWindow): SQL {
  const { hours, edges } = splitWindow(w);
  const parts: SQL[] = [];
  if (hours) {
    parts.push(sql`
      select r.hour, r.zone_from, r.zone_to, r.acceso, r.passages
      from report_access_hourly r
      where r.event_id = ${eventId} and ${inSpan(sql`r.hour`, hours)}`);
  }
  if (edges.length) {
    parts.push(sql`
      select ${hourOf(sql`a.date_local`)} as hour, a.zone_from, a.zone_to, a.acceso, count(*) as passages
      from access_records a
      where a.event_id = ${eventId} and ${anyOf(edges.map((e) => inSpan(sql`a.date_local`, e)))}
      group by 1, 2, 3, 4`);
  }
  return parts.length
    ? union(parts)
    : sql`select null::timestamptz as hour, null::int as zone_from, null::int as zone_to, '' as acceso, 0::bigint as passages where false`;
}

// ---------------------------------------------------------------------------------------------
// Compaction

/**
 * The rollup tables, their key columns and their sums (and columns merged with min / max). `time` is
 * the column of the hour (or day) compacted once it is before the run's limit; `always`: the rows of
 * every day are merged (a day's count changes all day long).
 */
const ROLLUPS: {
  table: string;
  /** null: one row per event (no time column). */
  time?: 'hour' | 'day' | null;
  always?: boolean;
  keys: string[];
  sums: string[];
  mins?: string[];
  maxs?: string[];
}[] = [
  {
    table: 'report_sales_hourly',
    keys: ['location_id', 'staff_id'],
    sums: ['orders', 'devolutions', 'amount', 'pay_s', 'pay_b', 'pay_t', 'pay_o'],
  },
  {
    table: 'report_articles_hourly',
    keys: ['location_id', 'staff_id', 'article_id'],
    sums: ['orders', 'devolutions', 'quantity', 'gifts', 'amount'],
  },
  { table: 'report_article_totals_hourly', keys: ['article_id'], sums: ['quantity', 'gifts', 'amount'] },
  {
    table: 'report_top_ups_hourly',
    keys: ['location_id', 'staff_id', 'device_id', 'supervisor_id', 'type', 'payment_type'],
    sums: [
      'operations',
      'with_bonus',
      'amount',
      'bonus',
      'money',
      'fee',
      'credited_cash',
      'debited_cash',
      'credited_gift',
      'debited_gift',
      'with_bonus_amount',
      'with_money',
      'articles',
    ],
    mins: ['first_money'],
    maxs: ['last_money'],
  },
  {
    table: 'report_metre_hourly',
    keys: ['kitchen_id', 'room_id', 'staff_id'],
    sums: ['orders', 'devolutions', 'quantity', 'gifts', 'amount'],
  },
  { table: 'report_access_hourly', keys: ['zone_from', 'zone_to', 'acceso'], sums: ['passages'] },
  { table: 'report_wristband_day_counts', time: 'day', always: true, keys: [], sums: ['wristbands'] },
  {
    table: 'report_tickets_hourly',
    keys: ['role_id'],
    sums: ['sold', 'cancelled', 'validated', 'validations', 'repeated'],
  },
  {
    table: 'report_wristband_balances',
    time: null,
    always: true,
    keys: ['bucket', 'active', 'cash_sign', 'gift_sign'],
    sums: ['wristbands', 'cash', 'gift'],
  },
];

/** (event, hour) pairs merged per statement, so one run never holds many rows at once. */
const COMPACT_BATCH = 500;

/**
 * Merges the delta rows of the hours before `before` (and every per-day wristband count) into one
 * compacted row per key, table by table,
 * each statement atomic (the delete and the insert of the merged rows commit together, so a reader
 * sees either the deltas or their sum). Safe to run from several processes at once: a row deleted by
 * one run is skipped by the other, which merges only what it deleted itself. Answers the number of
 * rows removed.
 */
export async function compactRollups(db: Executor, before: Date, eventId?: number): Promise<number> {
  let removed = 0;
  for (const r of ROLLUPS) {
    const time = r.time === null ? null : (r.time ?? 'hour');
    const cols = ['event_id', ...(time ? [time] : []), ...r.keys];
    // The (event, time) groups merged per statement; without a time column, the event alone.
    const group = sql.raw(['event_id', ...(time ? [time] : [])].join(', '));
    const same = sql.raw(['event_id', ...(time ? [time] : [])].map((c) => `x.${c} = k.${c}`).join(' and '));
    const list = sql.raw(cols.join(', '));
    const merged = [
      ...r.sums.map((c) => [c, `sum(${c})`]),
      ...(r.mins ?? []).map((c) => [c, `min(${c})`]),
      ...(r.maxs ?? []).map((c) => [c, `max(${c})`]),
    ];
    const sums = sql.raw(merged.map(([, agg]) => agg).join(', '));
    const sumCols = sql.raw(merged.map(([c]) => c).join(', '));
    const table = sql.raw(r.table);
    for (;;) {
      const res = await db.execute(sql`
        with k as (
          select distinct ${group} from ${table}
          where not compacted${r.always || !time ? sql`` : sql` and ${sql.raw(time)} < ${iso(before)}`}${eventId ? sql` and event_id = ${eventId}` : sql``}
          limit ${COMPACT_BATCH}
        ),
        d as (
          delete from ${table} x using k where ${same}
          returning x.*
        ),
        m as (
          insert into ${table} (${list}, ${sumCols}, compacted)
          select ${list}, ${sums}, true from d group by ${list}
          returning 1
        )
        select (select count(*) from d)::int as deleted, (select count(*) from m)::int as merged,
          (select count(*) from k)::int as hours`);
      const row = (res as unknown as { rows: { deleted: number; merged: number; hours: number }[] }).rows[0]!;
      removed += Number(row.deleted) - Number(row.merged);
      if (Number(row.hours) < COMPACT_BATCH) break;
    }
  }
  return removed;
}
