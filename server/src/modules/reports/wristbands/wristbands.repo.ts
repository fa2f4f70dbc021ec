import { BALANCE_RANGES, codesOfGroup, type ReportQuery } from '@pulsera/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';
import { rowsOf } from '../../../core/db/rows';
import { topUpsSource } from '../rollups/rollups';

const num = (v: unknown) => Number(v ?? 0);

/**
 * A wristband has a balance (cash + gift > 0, whole cents) when its range is the one from 1 up or
 * above: width_bucket gives 0 below the first bound and i for bounds[i-1] <= x < bounds[i].
 */
const WITH_BALANCE_FROM = BALANCE_RANGES.indexOf(1) + 1;

/**
 * The event's wristbands now: counts, balances left, replacements, bans and refund requests. The
 * counts and the histogram add up `report_wristband_balances` (per balance range, active flag and
 * signs of cash and gift, kept by triggers on wristbands) instead of reading every wristband.
 */
export async function wristbandsOverview(db: Executor, eventId: number) {
  const [byRange, extra] = await Promise.all([
    db.execute(sql`
      select b.bucket, sum(b.wristbands)::bigint as n,
        (sum(b.wristbands) filter (where b.active = 1))::bigint as active,
        (sum(b.wristbands) filter (where b.bucket >= ${WITH_BALANCE_FROM}::int))::bigint as with_balance,
        (sum(b.wristbands) filter (where b.cash_sign > 0))::bigint as with_cash,
        (sum(b.wristbands) filter (where b.gift_sign > 0))::bigint as with_gift,
        (sum(b.wristbands) filter (where b.cash_sign < 0 or b.gift_sign < 0))::bigint as negative,
        coalesce(sum(b.cash), 0)::bigint as cash, coalesce(sum(b.gift), 0)::bigint as gift,
        (sum(b.wristbands) filter (where b.active = 0))::bigint as replaced
      from report_wristband_balances b where b.event_id = ${eventId}::int
      group by 1`),
    db.execute(sql`
      select
        (select count(*) from wristband_changes c where c.event_id = ${eventId}::int)::bigint as changes,
        (select count(*) from wristbands w join banned_wristbands b on b.n_serie = w.n_serie
          where w.event_id = ${eventId}::int and b.enabled = 1)::bigint as banned,
        (select count(*) from wristbands w join banned_wristbands b on b.n_serie = w.n_serie
          where w.event_id = ${eventId}::int and b.enabled_top_ups = 1)::bigint as banned_top_ups,
        (select count(*) from customer_refunds r where r.event_id = ${eventId}::int)::bigint as refunds,
        (select coalesce(sum(r.amount), 0) from customer_refunds r
          where r.event_id = ${eventId}::int)::bigint as refunds_amount`),
  ]);
  const ranges = rowsOf<Record<string, unknown>>(byRange);
  const total = (k: string) => ranges.reduce((s, r) => s + num(r[k]), 0);
  const m = {
    activated: total('n'),
    active: total('active'),
    with_balance: total('with_balance'),
    with_cash: total('with_cash'),
    with_gift: total('with_gift'),
    negative: total('negative'),
    cash: total('cash'),
    gift: total('gift'),
    replaced: total('replaced'),
  };
  const e = rowsOf<Record<string, unknown>>(extra)[0] ?? {};
  const byBucket = new Map(ranges.map((r) => [num(r.bucket), r]));
  // width_bucket: 0 below the first bound, i for bounds[i-1] <= x < bounds[i], n from the last bound on.
  const edges: (number | null)[] = [null, ...BALANCE_RANGES, null];
  return {
    activated: num(m.activated),
    active: num(m.active),
    withBalance: num(m.with_balance),
    withCash: num(m.with_cash),
    withGift: num(m.with_gift),
    negative: num(m.negative),
    cash: num(m.cash),
    gift: num(m.gift),
    replaced: num(m.replaced),
    changes: num(e.changes),
    banned: num(e.banned),
    bannedTopUps: num(e.banned_top_ups),
    refundsRequested: num(e.refunds),
    refundsRequestedAmount: num(e.refunds_amount),
    ranges: edges.slice(0, -1).map((from, i) => {
      const r = byBucket.get(i);
      return { from, to: edges[i + 1] ?? null, count: num(r?.n), cash: num(r?.cash), gift: num(r?.gift) };
    }),
  };
}

const TOP_UP_CODES = codesOfGroup('topUp');

/**
 * Per festival day: the day of an instant is the calendar day, in the event's time zone, of the
 * instant moved back by the event's offset hours (so a 02:00 sale counts for the night before, as the
 * filter bar's days). Every day of the event's calendar is listed, plus any other day with activity.
 * A window chooses the festival days it touches, and each is counted whole.
 */
export async function wristbandsPerDay(
  db: Executor,
  eventId: number,
  cal: { start: Date; end: Date; timezone: string; offset: number },
  q: ReportQuery,
) {
  const tz = cal.timezone;
  const off = sql`(${cal.offset}::float8 * interval '1 hour')`;
  const day = (col: SQL) => sql`((${col} at time zone ${tz}::text) - ${off})::date`;
  // A window chooses whole festival days; active wristbands (distinct per day) come from the
  // per-day rollup, the other figures from the feed over those whole days.
  const whole = await wholeDays(db, eventId, day, off, tz, q);
  const w = whole.window;
  const win = (col: SQL) => {
    const parts: SQL[] = [];
    if (w.dateStart) parts.push(sql` and ${col} >= ${w.dateStart}::timestamptz`);
    if (w.dateEnd) parts.push(sql` and ${col} < ${w.dateEnd}::timestamptz`);
    return sql.join(parts, sql``);
  };
  // The calendar: the event's days, narrowed to the window when one is given.
  const from = q.dateStart
    ? sql`greatest(${day(sql`${cal.start.toISOString()}::timestamptz`)}, ${day(sql`${q.dateStart}::timestamptz`)})`
    : day(sql`${cal.start.toISOString()}::timestamptz`);
  const to = q.dateEnd
    ? sql`least(${day(sql`${cal.end.toISOString()}::timestamptz`)}, ${day(sql`(${q.dateEnd}::timestamptz - interval '1 microsecond')`)})`
    : day(sql`${cal.end.toISOString()}::timestamptz`);
  const codes = sql.join(
    TOP_UP_CODES.map((c) => sql`${c}`),
    sql`, `,
  );
  const ev = sql`${eventId}::int`;
  const topUps = topUpsPerDay(eventId, whole, day, codes, win);
  const res = await db.execute(sql`
    with per_day as (
      select gs::date as day, 0::bigint as new_w, 0::bigint as active_w, 0::bigint as n,
        0::bigint as amount, 0::bigint as bonus
      from generate_series(${from}::timestamp, ${to}::timestamp, interval '1 day') gs
      union all
      select ${day(sql`w.first_seen_at`)}, count(*), 0, 0, 0, 0
      from wristbands w where w.event_id = ${ev} and w.first_seen_at is not null${win(sql`w.first_seen_at`)}
      group by 1
      union all
      select d.day, 0, sum(d.wristbands)::bigint, 0, 0, 0 from report_wristband_day_counts d
      where d.event_id = ${ev} and d.day = any(${`{${whole.days.map((x) => x.day).join(',')}}`}::date[])
      group by d.day
      having sum(d.wristbands) <> 0
      union all
      ${topUps}
    ), days as (
      select day, sum(new_w) as new_w, sum(active_w) as active_w, sum(n) as n, sum(amount) as amount,
        sum(bonus) as bonus
      from per_day group by day
    )
    select to_char(day, 'YYYY-MM-DD') as day,
      (day::timestamp + ${off}) at time zone ${tz}::text as start,
      ((day + 1)::timestamp + ${off}) at time zone ${tz}::text as "end",
      new_w, active_w, n, amount, bonus
    from days order by days.day`);
  return rowsOf<Record<string, unknown>>(res).map((r) => ({
    day: String(r.day),
    start: new Date(r.start as string | Date).toISOString(),
    end: new Date(r.end as string | Date).toISOString(),
    newWristbands: num(r.new_w),
    activeWristbands: num(r.active_w),
    topUps: num(r.n),
    topUpAmount: num(r.amount),
    topUpBonus: num(r.bonus),
  }));
}

/**
 * The top-ups (topUp codes) of each festival day: count, amount and bonus. Each whole day is summed
 * from the top-ups' hourly rollup over the day's own window (rollups.ts: whole hours from the rollup,
 * raw rows for the parts of hours a half-hour time zone leaves at its ends), so the day of every
 * operation is exactly the one its time gives. Without a window, the operations before the first or
 * after the last day of the per-day rollup (none, normally) are summed raw.
 */
function topUpsPerDay(
  eventId: number,
  whole: { days: WholeDay[]; window: ReportQuery },
  day: (col: SQL) => SQL,
  codes: SQL,
  win: (col: SQL) => SQL,
): SQL {
  const ev = sql`${eventId}::int`;
  const raw = (extra: SQL) => sql`
    select ${day(sql`t.device_time`)}, 0, 0, count(*), coalesce(sum(t.amount), 0), coalesce(sum(t.bonus), 0)
    from top_ups t where t.event_id = ${ev} and t.type in (${codes})${extra}
    group by 1`;
  if (whole.days.length === 0) return raw(win(sql`t.device_time`));
  const parts = whole.days.map(
    (d) => sql`
      select ${d.day}::date, 0, 0, coalesce(sum(x.operations), 0)::bigint, coalesce(sum(x.amount), 0)::bigint,
        coalesce(sum(x.bonus), 0)::bigint
      from (${topUpsSource(eventId, { start: new Date(d.start), end: new Date(d.end) })}) x
      where x.type in (${codes})
      having count(*) > 0`,
  );
  const first = whole.days[0]!.start;
  const last = whole.days[whole.days.length - 1]!.end;
  const windowed = Boolean(whole.window.dateStart || whole.window.dateEnd);
  if (!windowed)
    parts.push(
      raw(sql` and (t.device_time < ${first}::timestamptz or t.device_time >= ${last}::timestamptz)`),
    );
  return sql.join(parts, sql` union all `);
}

interface WholeDay {
  /** 'YYYY-MM-DD' */
  day: string;
  /** The instants the festival day starts and ends (ISO). */
  start: string;
  end: string;
}

/**
 * The festival days a window touches ('YYYY-MM-DD', from the per-day rollup's days) and the window
 * widened to those whole days: the per-day report lists whole festival days (a distinct count of
 * wristbands cannot be cut at an arbitrary instant without reading every feed row).
 */
async function wholeDays(
  db: Executor,
  eventId: number,
  day: (col: SQL) => SQL,
  off: SQL,
  tz: string,
  q: ReportQuery,
): Promise<{ days: WholeDay[]; window: ReportQuery }> {
  const lo = q.dateStart ? sql`greatest(r.lo, ${day(sql`${q.dateStart}::timestamptz`)})` : sql`r.lo`;
  const hi = q.dateEnd
    ? sql`least(r.hi, ${day(sql`(${q.dateEnd}::timestamptz - interval '1 microsecond')`)})`
    : sql`r.hi`;
  const res = await db.execute(sql`
    with r as (select min(day) as lo, max(day) as hi from report_wristband_days where event_id = ${eventId}::int)
    select to_char(gs::date, 'YYYY-MM-DD') as d,
      (gs::date::timestamp + ${off}) at time zone ${tz}::text as s,
      ((gs::date + 1)::timestamp + ${off}) at time zone ${tz}::text as e
    from r, generate_series(${lo}::timestamp, ${hi}::timestamp, interval '1 day') gs
    order by gs`);
  const days = rowsOf<{ d: string; s: string | Date; e: string | Date }>(res).map((x) => ({
    day: x.d,
    start: new Date(x.s).toISOString(),
    end: new Date(x.e).toISOString(),
  }));
  if (!q.dateStart && !q.dateEnd) return { days, window: q };
  if (days.length === 0) return { days: [], window: q };
  return {
    days,
    window: {
      ...q,
      dateStart: days[0]!.start,
      dateEnd: days[days.length - 1]!.end,
    },
  };
}
