/** The load's records beside the terminals' sales and top-ups: staff presence checks, online top-ups and bank refund requests. */
import { sql } from 'drizzle-orm';
import { type Load, step, timeOf } from './load-context';
import { ints } from './sql';

/**
 * Every staff member checking in and out each day (on the last day one in 25 not out yet), top-ups
 * bought on the web, and customers' bank refund requests: one statement.
 */
export async function loadStaffAndWeb(l: Load) {
  const { db, v, e, W, mix, w0, c0, log } = l;
  const lastDay = v.days - 1;
  const staffList = v.staff.all;
  await step(
    db,
    `${mix.presence} presence checks, online top-ups and bank refunds`,
    sql`
      with p as (
        insert into presence_records (event_id, operation_id, staff_id, type, location_id, device_id, controller_id,
          date_presence)
        select ${e}::int, md5('pr' || s.id || '-' || d || t)::uuid, s.id, t, ${v.entrance}::int, ${v.devices.entrance}::int,
          ${v.staff.supervisors[0]!}::int,
          ${v.start.toISOString()}::timestamptz + d * interval '1 day'
            + case when t = 'in' then interval '1 hour' else interval '17 hours' end
            + make_interval(mins => ((s.n * 7) % 50)::int)
        from unnest(${ints(staffList)}) with ordinality s(id, n), generate_series(0, ${lastDay}::int) d,
          unnest(array['in', 'out']) t
        where not (t = 'out' and d = ${lastDay}::int and (s.n - 1) % 25 = 0)
        returning 1
      ),
      o as (
        insert into online_top_ups (event_id, customer_id, wristband_id, payed, date_recharge_online, date_recharge_rfid,
          amount_total, amount_recharge, amount_bonus, id_recharge)
        select ${e}::int, ${c0}::int + (g * 11 % ${W}), ${w0}::int + (g * 11 % ${W}),
          case when g % 50 = 0 then -1 when g % 20 = 0 then 2 else 1 end, x.at,
          case when g % 3 <> 0 then x.at + interval '1 day' end,
          3000 + (g % 3) * 1000, 3000 + (g % 3) * 1000 - case when g % 5 = 0 then 500 else 0 end,
          case when g % 5 = 0 then 500 else 0 end, 'WEB-' || g
        from generate_series(1, ${Math.round(W * 0.06)}::int) g
        cross join lateral (
          select case when g % 4 = 0
            then ${v.start.toISOString()}::timestamptz - (1 + g % 20) * interval '1 day' + (g % 24) * interval '1 hour'
            else ${timeOf(v, 'g', Math.round(W * 0.06))} end as at
        ) x
        returning 1
      )
      insert into customer_refunds (event_id, customer_id, wristband_id, n_serie, amount, fee, cc_owner, cc_iban)
      select ${e}::int, ${c0}::int + g * 50 - 1, ${w0}::int + g * 50 - 1,
        '04' || upper(lpad(to_hex(g * 50), 12, '0')), 500 + (g % 50) * 50, 100, 'Guest ' || (g * 50),
        'ES9121000418450200051332'
      from generate_series(1, ${Math.floor(W / 50)}::int) g`,
    log,
  );
}
