/**
 * The load's balance operations: the kiosks', desk's and bars' top-ups, bonuses, add-ons and
 * refunds (TOP_UP_KINDS), each attendee's top-up at arrival, the wristband changes moving balances,
 * and the balances the wristbands are left with.
 */
import { sql } from 'drizzle-orm';
import { type Load, step, timeOf } from './load-context';
import { hx, pick, pickRaw } from './sql';
import { TOP_UP_KINDS, type TopUpKind } from './top-up-kinds';
import { atBar, atDesk, atKiosk, type Place } from './venue';

/** The kiosks', desk's and bars' balance operations, of every kind of TOP_UP_KINDS. */
export async function loadTopUps(l: Load) {
  const { db, v, e, mix, wid, article, anyAddon, log } = l;
  const desk = atDesk(v, 'g');
  // The kiosks', desk's and bars' balance operations: a hash of g mod 1000 picks the kind of TOP_UP_KINDS.
  const kinds: (TopUpKind & { hi: number })[] = [];
  let hi = 0;
  for (const k of TOP_UP_KINDS) {
    hi += k.per1000;
    kinds.push({ ...k, hi });
  }
  if (hi !== 1000) throw new Error(`TOP_UP_KINDS add up to ${hi} per 1000`);
  const caseOf = (f: (k: TopUpKind) => string) =>
    sql.raw(`case ${kinds.map((k) => `when p.r < ${k.hi} then ${f(k)}`).join(' ')} end`);
  const placeOf = (f: (p: Place) => string) => {
    const card = `x.pay = 'T'`;
    return sql.raw(
      `case x.place when 'kiosk' then ${f(atKiosk(v, 'g', card))} when 'desk' then ${f(desk)} else ${f(atBar(v, 'g'))} end`,
    );
  };
  const sell = (f: 'id' | 'cash' | 'bonus') =>
    pickRaw(
      v.sellable.map((a) => a[f]),
      'g / 7',
    );
  await step(
    db,
    `${mix.topUps} top-ups, bonuses, add-ons and refunds (${new Set(TOP_UP_KINDS.map((k) => k.type)).size} codes)`,
    sql`
      insert into top_ups (event_id, operation_id, wristband_id, type, payment_type, amount, bonus, money, fee,
        cash_after, gift_after, articles, ref, addon_id, staff_id, supervisor_id, device_id, location_id, device_time)
      select ${e}::int, md5('tu' || g)::uuid, ${wid('g * 7')}, x.type, x.pay, x.amount, x.bonus, x.money, x.fee,
        0, 0, x.articles, x.ref, x.addon_id, ${placeOf((p) => p.staff)},
        case when x.supervisor then ${pick(v.staff.supervisors, 'g')} end,
        ${placeOf((p) => p.device)}, ${placeOf((p) => p.location)}, ${timeOf(v, 'g', mix.topUps)}
      from generate_series(1, ${mix.topUps}::int) g
      cross join lateral (
        select ${sql.raw(hx('g', 1))} % 1000 as r, (array[2000, 3000, 5000, 5000, 10000, 10000])[1 + ${sql.raw(hx('g', 2))} % 6] as a,
          ${sql.raw(anyAddon('g / 7', 'id'))} as addon_id, ${sql.raw(anyAddon('g / 7', 'cash'))} as addon_cash,
          ${sql.raw(anyAddon('g / 7', 'bonus'))} as addon_bonus,
          ${sql.raw(sell('id'))} as sell_id, ${sql.raw(sell('cash'))} as sell_cash, ${sql.raw(sell('bonus'))} as sell_bonus,
          ${v.vipUpgrade.id}::int as vip_id, ${v.vipUpgrade.bonus}::int as vip_bonus
      ) p
      cross join lateral (
        select ${caseOf((k) => `'${k.type}'`)} as type,
          ${caseOf((k) => (k.pay ? `'${k.pay}'` : 'null'))} as pay,
          ${caseOf((k) => k.amount)} as amount, ${caseOf((k) => k.bonus)} as bonus,
          ${caseOf((k) => k.money)} as money, ${caseOf((k) => k.fee)} as fee,
          ${caseOf((k) => `'${k.place}'`)} as place,
          ${caseOf((k) => (k.articles ? article('g') : `'[]'::jsonb`))} as articles,
          ${caseOf((k) => (k.ref ? `'WEB-' || g` : 'null'))} as ref,
          ${caseOf((k) => k.addon ?? 'null::int')} as addon_id,
          ${caseOf((k) => (k.supervisor ? 'true' : 'false'))} as supervisor
      ) x`,
    log,
  );
}

/** Each attendee's first top-up, at a kiosk just after their validation (when the mix has them). */
export async function loadArrivalTopUps(l: Load) {
  const { db, v, e, mix, t0, log } = l;
  // Each attendee's first top-up, at a kiosk just after their validation: what they will spend in
  // cash (rounded up to 10.00, plus 10.00 to 40.00 they will not), and a bonus covering what they
  // will pay from the gift balance — so that balances stay above zero as at a real festival (a
  // terminal refuses a sale the balance does not cover, unless it works offline).
  const arrival = atKiosk(v, 'n.n', `${hx('n.n', 10)} % 100 < 40`);
  await step(
    db,
    `${mix.arrivals} top-ups at arrival`,
    sql`
      with t as (
        select wristband_id, sum(amount) as cash, sum(bonus) as gift from top_ups where event_id = ${e} group by 1
      ),
      s as (
        select p.wristband_id,
          sum(case when p.type = 'S' then p.amount else 0 end * case when s.is_devolution then -1 else 1 end) as cash,
          sum(case when p.type = 'B' then p.amount else 0 end * case when s.is_devolution then -1 else 1 end) as gift
        from sale_payments p join sales s on s.id = p.sale_id
        where p.event_id = ${e} and p.wristband_id is not null group by 1
      ),
      n as (
        select tk.wristband_id as id, (tk.id - ${t0} + 1)::int as n, tk.date_validation as at,
          coalesce(t.cash, 0) - coalesce(s.cash, 0) as cash, coalesce(t.gift, 0) - coalesce(s.gift, 0) as gift
        from tickets tk left join t on t.wristband_id = tk.wristband_id left join s on s.wristband_id = tk.wristband_id
        where tk.event_id = ${e} and tk.id >= ${t0} and ${mix.arrivals}::int > 0
      ),
      x as (
        select n.*, (ceil(greatest(0, -n.cash) / 1000.0) * 1000 + 1000 + ${sql.raw(hx('n.n', 9))} % 4 * 1000)::int as amount,
          (ceil(greatest(0, -n.gift) / 50.0) * 50)::int as bonus,
          case when ${sql.raw(hx('n.n', 10))} % 100 < 40 then 'T' else 'S' end as pay
        from n
      )
      insert into top_ups (event_id, operation_id, wristband_id, type, payment_type, amount, bonus, money, fee,
        cash_after, gift_after, staff_id, device_id, location_id, device_time)
      select ${e}::int, md5('ar' || n.n)::uuid, n.id, 'N', n.pay, n.amount, n.bonus, n.amount, 0, 0, 0,
        ${sql.raw(arrival.staff)}, ${sql.raw(arrival.device)}, ${sql.raw(arrival.location)}, n.at + interval '5 minutes'
      from x n`,
    log,
  );
}

/** The wristband changes and the N-RS / N-RE top-ups that move the balances. */
export async function loadWristbandChanges(l: Load) {
  const { db, v, e, W, mix, w0, log } = l;
  // Wristband changes: attendee i moves to a new wristband after their last operation; N-RS takes
  // the balances off the old one and N-RE puts them on the new one (as the sync does).
  const step0 = Math.max(1, Math.floor(W / Math.max(1, mix.changes)));
  await step(
    db,
    `${mix.changes} wristband changes (N-RS / N-RE)`,
    sql`
      with src as (
        select g, ${w0}::int + (g - 1) * ${step0}::int + ${Math.floor(step0 / 2)}::int as id
        from generate_series(1, ${mix.changes}::int) g
      ),
      t as (
        select wristband_id, sum(amount) as cash, sum(bonus) as gift, max(device_time) as last
        from top_ups where event_id = ${e} and wristband_id in (select id from src) group by 1
      ),
      s as (
        select p.wristband_id,
          sum(case when p.type = 'S' then p.amount else 0 end * case when s.is_devolution then -1 else 1 end) as cash,
          sum(case when p.type = 'B' then p.amount else 0 end * case when s.is_devolution then -1 else 1 end) as gift,
          max(s.device_time) as last
        from sale_payments p join sales s on s.id = p.sale_id
        where p.event_id = ${e} and p.wristband_id in (select id from src) group by 1
      ),
      c as materialized (
        select src.g, src.id as source_id, w.n_serie as source_rfid, w.customer_id, w.role_id,
          ${w0 + W}::int + src.g - 1 as end_id, '04' || upper(lpad(to_hex(${W}::int + src.g), 12, '0')) as end_rfid,
          (coalesce(t.cash, 0) - coalesce(s.cash, 0))::int as cash, (coalesce(t.gift, 0) - coalesce(s.gift, 0))::int as gift,
          greatest(t.last, s.last, ${v.start.toISOString()}::timestamptz) + interval '5 minutes' as at
        from src join wristbands w on w.id = src.id
        left join t on t.wristband_id = src.id left join s on s.wristband_id = src.id
      ),
      nw as (
        insert into wristbands (id, event_id, n_serie, code_check, customer_id, role_id, first_seen_at)
        select end_id, ${e}::int, end_rfid, upper(substr(md5('e' || g), 1, 6)), customer_id, role_id, at from c
        returning 1
      ),
      tu as (
        insert into top_ups (event_id, operation_id, wristband_id, type, payment_type, amount, bonus, money, fee,
          cash_after, gift_after, ref, staff_id, device_id, location_id, device_time)
        select ${e}::int, md5('wc' || c.g)::uuid, case when k.type = 'N-RS' then c.source_id else c.end_id end, k.type,
          null, k.sign * c.cash, k.sign * c.gift, 0, 0, case when k.type = 'N-RS' then 0 else c.cash end,
          case when k.type = 'N-RS' then 0 else c.gift end,
          case when k.type = 'N-RS' then c.end_rfid else c.source_rfid end,
          ${sql.raw(atKiosk(v, 'c.g').staff)}, ${sql.raw(atKiosk(v, 'c.g').device)}, ${sql.raw(atKiosk(v, 'c.g').location)},
          c.at
        from c cross join (values ('N-RS', -1), ('N-RE', 1)) k(type, sign)
        returning 1
      )
      insert into wristband_changes (event_id, operation_id, source_wristband_id, end_wristband_id, source_rfid,
        end_rfid, cash_moved, gift_moved, staff_id, device_id, location_id, date)
      select ${e}::int, md5('wc' || c.g)::uuid, c.source_id, c.end_id, c.source_rfid, c.end_rfid, c.cash, c.gift,
        ${sql.raw(atKiosk(v, 'c.g').staff)}, ${sql.raw(atKiosk(v, 'c.g').device)}, ${sql.raw(atKiosk(v, 'c.g').location)},
        c.at
      from c`,
    log,
  );
}

/** The wristbands' balances, rols and first sight, as the feed leaves them. */
export async function loadBalances(l: Load) {
  const { db, v, e, log } = l;
  // Balances as the feed leaves them (top-ups in, sales out of the cash (S) and gift (B) balances),
  // replaced wristbands inactive, recorded rols on the wristbands, each first seen at its validation.
  await step(
    db,
    'wristband balances, rols and first sight',
    sql`
      with t as (
        select wristband_id, sum(amount) as cash, sum(bonus) as gift from top_ups where event_id = ${e} group by 1
      ),
      s as (
        select p.wristband_id, sum(case when p.type = 'S' then p.amount else 0 end * case when s.is_devolution then -1 else 1 end) as cash,
          sum(case when p.type = 'B' then p.amount else 0 end * case when s.is_devolution then -1 else 1 end) as gift
        from sale_payments p join sales s on s.id = p.sale_id
        where p.event_id = ${e} and p.wristband_id is not null group by 1
      ),
      r as (select distinct wristband_id from role_recordings where event_id = ${e}),
      ch as (select source_wristband_id as id from wristband_changes where event_id = ${e}),
      tk as (select wristband_id, date_validation from tickets where event_id = ${e} and wristband_id is not null)
      update wristbands w set cash = coalesce(t.cash, 0) - coalesce(s.cash, 0), gift = coalesce(t.gift, 0) - coalesce(s.gift, 0),
        role_id = case when r.wristband_id is not null then ${v.rols.crew}::int else x.role_id end,
        active = case when ch.id is not null then 0 else 1 end,
        first_seen_at = coalesce(tk.date_validation, x.first_seen_at)
      from wristbands x left join t on t.wristband_id = x.id left join s on s.wristband_id = x.id
        left join r on r.wristband_id = x.id left join ch on ch.id = x.id left join tk on tk.wristband_id = x.id
      where w.id = x.id and x.event_id = ${e}`,
    log,
  );
}
