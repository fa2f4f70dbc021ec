import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';
import { rowsOf } from '../../../core/db/rows';
import { BANK_REFUND_PAID, BANK_REFUND_PAID_AT, BANK_REFUND_PENDING } from '../bank-refunds';
import {
  accessSource,
  articleTotalsSource,
  type RollupWindow,
  salesSource,
  topUpsSource,
} from '../rollups/rollups';

/**
 * The quick dashboard's queries: one statement per figure family, each aggregating in SQL over the
 * hourly rollups (rollups.ts) for the window, or over small tables (wristbands, online top-ups, bank
 * refunds, zones).
 */

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const idOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export interface EventInfo {
  timezone: string;
  start: Date;
  end: Date;
  offset: number;
  eventVat: number | null;
  fiscalName: string | null;
  nif: string | null;
  /** The event's value of the application parameter asked for, else its default (null without one). */
  param: string | null;
}

/**
 * The event's zone, dates and fiscal data and, in the same statement, its value of an application
 * parameter (e.g. CONSOLE_REPORT_REFRESH_SECONDS), else the parameter's default.
 */
export async function eventInfo(db: Executor, eventId: number, param?: string): Promise<EventInfo> {
  const res = await db.execute(sql`
    select e.timezone, e.date_start, e.date_end, e.offset_hours, e.event_vat, e.fiscal_name, e.nif,
      (select coalesce(nullif(trim(ep.value), ''), ap.default_value)
         from app_params ap
         left join event_params ep on ep.param_id = ap.id and ep.event_id = e.id
        where ap.name_unique = ${param ?? null}) as param
    from events e where e.id = ${eventId}`);
  const r = rowsOf<Record<string, unknown>>(res)[0]!;
  const date = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));
  return {
    timezone: String(r.timezone),
    start: date(r.date_start),
    end: date(r.date_end),
    offset: Number(r.offset_hours ?? 0),
    eventVat: r.event_vat === null ? null : Number(r.event_vat),
    fiscalName: (r.fiscal_name as string | null) ?? null,
    nif: (r.nif as string | null) ?? null,
    param: (r.param as string | null) ?? null,
  };
}

export interface TypePaymentSums {
  type: string;
  paymentType: string | null;
  operations: number;
  withBonus: number;
  amount: number;
  bonus: number;
  money: number;
  fee: number;
}

/** Balance operations of the window by operation type and payment type. */
export async function topUpSums(db: Executor, eventId: number, w: RollupWindow): Promise<TypePaymentSums[]> {
  const res = await db.execute(sql`
    select x.type, x.payment_type, sum(x.operations)::bigint as operations, sum(x.with_bonus)::bigint as with_bonus,
      sum(x.amount)::bigint as amount, sum(x.bonus)::bigint as bonus, sum(x.money)::bigint as money,
      sum(x.fee)::bigint as fee
    from (${topUpsSource(eventId, w)}) x
    group by 1, 2`);
  return rowsOf<Record<string, unknown>>(res).map((r) => ({
    type: String(r.type),
    paymentType: (r.payment_type as string | null) ?? null,
    operations: num(r.operations),
    withBonus: num(r.with_bonus),
    amount: num(r.amount),
    bonus: num(r.bonus),
    money: num(r.money),
    fee: num(r.fee),
  }));
}

export interface SalesTotals {
  orders: number;
  devolutions: number;
  amount: number;
  pay: { S: number; B: number; T: number; O: number };
}

/** The window's sales: the total (and payments by type), and the top locations by amount. */
export async function salesSums(db: Executor, eventId: number, w: RollupWindow, top: number) {
  const res = await db.execute(sql`
    select grouping(x.location_id) as is_total, x.location_id, sum(x.orders)::bigint as orders,
      sum(x.devolutions)::bigint as devolutions, sum(x.amount)::bigint as amount,
      sum(x.pay_s)::bigint as pay_s, sum(x.pay_b)::bigint as pay_b, sum(x.pay_t)::bigint as pay_t,
      sum(x.pay_o)::bigint as pay_o
    from (${salesSource(eventId, w)}) x
    group by grouping sets ((), (x.location_id))`);
  const rows = rowsOf<Record<string, unknown>>(res);
  const t = rows.find((r) => Number(r.is_total) === 1);
  const totals: SalesTotals = {
    orders: num(t?.orders),
    devolutions: num(t?.devolutions),
    amount: num(t?.amount),
    pay: { S: num(t?.pay_s), B: num(t?.pay_b), T: num(t?.pay_t), O: num(t?.pay_o) },
  };
  const locations = rows
    .filter((r) => Number(r.is_total) === 0 && (num(r.orders) !== 0 || num(r.amount) !== 0))
    .map((r) => ({ id: idOrNull(r.location_id), orders: num(r.orders), amount: num(r.amount) }))
    .sort((a, b) => b.amount - a.amount || (a.id ?? 0) - (b.id ?? 0))
    .slice(0, top);
  return { totals, locations };
}

/** The articles sold most in the window (by amount, then units). */
export async function topArticles(db: Executor, eventId: number, w: RollupWindow, top: number) {
  const res = await db.execute(sql`
    select x.article_id, sum(x.quantity)::bigint as quantity, sum(x.amount)::bigint as amount
    from (${articleTotalsSource(eventId, w)}) x
    group by 1
    having sum(x.quantity) <> 0 or sum(x.amount) <> 0
    order by 3 desc, 2 desc, 1
    limit ${top}`);
  return rowsOf<Record<string, unknown>>(res).map((r) => ({
    id: Number(r.article_id),
    quantity: num(r.quantity),
    amount: num(r.amount),
  }));
}

/**
 * Money loaded by top-ups (`topUpCodes`) and sales per hour of the event's time zone (the wall-clock
 * start of each UTC hour there, so a half-hour zone shows 21:30, 22:30…).
 */
export async function hourly(
  db: Executor,
  eventId: number,
  w: RollupWindow,
  timezone: string,
  topUpCodes: readonly string[],
) {
  const codes: SQL = sql.join(
    topUpCodes.map((c) => sql`${c}`),
    sql`, `,
  );
  const res = await db.execute(sql`
    select to_char(h.hour at time zone ${timezone}, 'YYYY-MM-DD"T"HH24:MI') as hour,
      sum(h.top_ups)::bigint as top_ups, sum(h.sales)::bigint as sales
    from (
      select s.hour, 0 as top_ups, s.amount as sales from (${salesSource(eventId, w)}) s
      union all
      select t.hour, t.amount, 0 from (${topUpsSource(eventId, w)}) t where t.type in (${codes})
    ) h
    group by h.hour
    order by h.hour`);
  return rowsOf<Record<string, unknown>>(res)
    .map((r) => ({ hour: String(r.hour), topUps: num(r.top_ups), sales: num(r.sales) }))
    .filter((r) => r.topUps !== 0 || r.sales !== 0);
}

/**
 * What is left on the event's wristbands now (report_wristband_balances, kept by triggers), the
 * online payments and the bank refunds paid out in the window (their run marked sent: the balance
 * left the wristbands then), and those asked for and still on the wristbands now, in one statement.
 */
export async function stocks(db: Executor, eventId: number, w: RollupWindow) {
  const within = (col: SQL) =>
    sql.join(
      [
        w.start ? sql`${col} >= ${w.start.toISOString()}::timestamptz` : sql`true`,
        w.end ? sql`${col} < ${w.end.toISOString()}::timestamptz` : sql`true`,
      ],
      sql` and `,
    );
  const paid = sql`${BANK_REFUND_PAID} and ${within(BANK_REFUND_PAID_AT)}`;
  const res = await db.execute(sql`
    select w.*, o.*, r.*
    from (
      select coalesce(sum(cash), 0)::bigint as cash, coalesce(sum(gift), 0)::bigint as gift,
        coalesce(sum(wristbands) filter (where active = 1), 0)::int as wristbands,
        coalesce(sum(wristbands) filter (where active = 1 and (cash_sign > 0 or gift_sign > 0)), 0)::int
          as with_balance
      from report_wristband_balances where event_id = ${eventId}
    ) w, (
      select count(*)::int as online_count, coalesce(sum(amount_total), 0)::bigint as online_amount
      from online_top_ups o
      where o.event_id = ${eventId} and o.payed = 1 and ${within(sql`o.date_recharge_online`)}
    ) o, (
      select count(*) filter (where ${paid})::int as bank_count,
        coalesce(sum(r.amount) filter (where ${paid}), 0)::bigint as bank_amount,
        coalesce(sum(r.fee) filter (where ${paid}), 0)::bigint as bank_fee,
        count(*) filter (where ${BANK_REFUND_PENDING})::int as bank_pending_count,
        coalesce(sum(r.amount) filter (where ${BANK_REFUND_PENDING}), 0)::bigint as bank_pending_amount
      from customer_refunds r where r.event_id = ${eventId}
    ) r`);
  const r = rowsOf<Record<string, unknown>>(res)[0]!;
  return {
    cash: num(r.cash),
    gift: num(r.gift),
    wristbands: num(r.wristbands),
    withBalance: num(r.with_balance),
    onlineCount: num(r.online_count),
    onlineAmount: num(r.online_amount),
    bankCount: num(r.bank_count),
    bankAmount: num(r.bank_amount),
    bankFee: num(r.bank_fee),
    bankPendingCount: num(r.bank_pending_count),
    bankPendingAmount: num(r.bank_pending_amount),
  };
}

export interface ZoneInside {
  id: number;
  name: string;
  capacity: number;
  inside: number;
}

/**
 * People inside each zone of the venue at `at`, as the capacities report counts them: accepted
 * passages (S, W) since the zone's last reset (or ever, without reset); a passage from A to B enters
 * every zone containing B but not A, and leaves every zone containing A but not B. The passages are
 * summed per (zone from, zone to) in SQL over the access rollup; the few pairs are then walked up
 * the zone tree here.
 */
export async function zonesInside(db: Executor, eventId: number, at: Date): Promise<ZoneInside[]> {
  const zres = await db.execute(sql`
    select z.id, z.name, z.parent_id, z.capacity,
      case when z.reset_capacity = 1 then
        (date_trunc('day', (${at.toISOString()}::timestamptz at time zone ev.tz) - z.reset_hour::interval)
          + z.reset_hour::interval) at time zone ev.tz
      end as since
    from zones z cross join (select timezone as tz from events where id = ${eventId}) ev
    where z.event_id = ${eventId}
    order by lower(z.name), z.id`);
  const zones = rowsOf<Record<string, unknown>>(zres).map((r) => ({
    id: Number(r.id),
    name: String(r.name),
    parent: idOrNull(r.parent_id),
    capacity: Number(r.capacity),
    since: r.since === null ? null : r.since instanceof Date ? r.since : new Date(String(r.since)),
  }));
  if (!zones.length) return [];
  const sinces = [...new Set(zones.map((z) => (z.since ? z.since.toISOString() : '')))];
  const parts = sinces.map(
    (s, k) => sql`
      select ${k}::int as k, x.zone_from, x.zone_to, x.passages
      from (${accessSourceOf(eventId, s ? new Date(s) : null, at)}) x
      where x.acceso in ('S', 'W')`,
  );
  const pres = await db.execute(sql`
    select p.k, p.zone_from, p.zone_to, sum(p.passages)::bigint as n
    from (${sql.join(parts, sql` union all `)}) p
    group by 1, 2, 3`);
  const pairs = rowsOf<Record<string, unknown>>(pres).map((r) => ({
    k: Number(r.k),
    from: idOrNull(r.zone_from),
    to: idOrNull(r.zone_to),
    n: num(r.n),
  }));
  const parentOf = new Map(zones.map((z) => [z.id, z.parent]));
  /** The zone and its ancestors (a cycle, which the venue screens refuse, stops the walk). */
  const within = (zone: number | null, target: number) => {
    const seen = new Set<number>();
    for (let z = zone; z !== null && z !== undefined && !seen.has(z); z = parentOf.get(z) ?? null) {
      if (z === target) return true;
      seen.add(z);
    }
    return false;
  };
  return zones.map((z) => {
    const k = sinces.indexOf(z.since ? z.since.toISOString() : '');
    let inside = 0;
    for (const p of pairs) {
      if (p.k !== k) continue;
      const into = within(p.to, z.id);
      const from = within(p.from, z.id);
      if (into && !from) inside += p.n;
      else if (from && !into) inside -= p.n;
    }
    return { id: z.id, name: z.name, capacity: z.capacity, inside: Math.max(0, inside) };
  });
}

const accessSourceOf = (eventId: number, since: Date | null, at: Date) =>
  accessSource(eventId, { start: since, end: at });
