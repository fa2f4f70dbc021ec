/**
 * The load's tickets: the customers, wristbands and tickets of the attendees, each ticket's
 * validation at a gate with what it loads there (the complements), and the rols recorded at the desk.
 */
import { sql } from 'drizzle-orm';
import { type Load, step, timeOf } from './load-context';
import { atDesk, atGate } from './venue';

/**
 * One customer, wristband and ticket per attendee; one ticket validation each (1 % scanned twice),
 * the VIP bonus (RV) and add-ons bought with the ticket (AV) loaded at validation, and 1 % of the
 * wristbands with the crew rol recorded at the desk and its bonus (RS).
 */
export async function loadTickets(l: Load) {
  const { db, v, e, W, mix, w0, c0, t0, wid, rolOf, article, anyAddon, log } = l;
  await step(
    db,
    `${W} customers, wristbands and tickets`,
    sql`
      with c as (
        insert into customers (id, event_id, name, email, ticket_code, localizer, date_validation)
        select ${c0}::int + g - 1, ${e}::int, 'Guest ' || g, 'guest' || g || '@example.com', 'TK-' || g,
          upper(substr(md5(g::text), 1, 8)), ${v.start.toISOString()}::timestamptz
        from generate_series(1, ${W}::int) g returning id
      ),
      w as (
        insert into wristbands (id, event_id, n_serie, code_check, customer_id, role_id, first_seen_at)
        select ${w0}::int + g - 1, ${e}::int, '04' || upper(lpad(to_hex(g), 12, '0')),
          upper(substr(md5('c' || g), 1, 6)), ${c0}::int + g - 1, ${rolOf('g - 1')},
          ${v.start.toISOString()}::timestamptz
        from generate_series(1, ${W}::int) g returning id
      )
      insert into tickets (id, event_id, code, customer_id, role_id, wristband_id, validated, date_validation)
      select ${t0}::int + g - 1, ${e}::int, 'TK-' || g, ${c0}::int + g - 1, ${rolOf('g - 1')},
        ${w0}::int + g - 1, 1, ${timeOf(v, 'g', W)}
      from generate_series(1, ${W}::int) g`,
    log,
  );
  // Ticket g (g = id − t0 + 1) was scanned at gate g mod 6 by one of its staff.
  const tg = `(t.id - ${t0} + 1)`;
  const gate = atGate(v, tg);
  await step(
    db,
    `${mix.validations} ticket validations`,
    sql`
      insert into ticket_validations (event_id, operation_id, ticket_id, code, wristband_id, customer_id, role_id,
        repeated, staff_id, device_id, location_id, device_time)
      select ${e}::int, md5(x.k || t.id)::uuid, t.id, t.code, t.wristband_id, t.customer_id, t.role_id, x.repeated,
        ${sql.raw(gate.staff)}, ${sql.raw(gate.device)}, ${sql.raw(gate.location)}, t.date_validation + x.later
      from tickets t
      cross join lateral (
        select 'tv' as k, false as repeated, interval '0' as later
        union all select 'tvr', true, interval '40 minutes' where ${sql.raw(tg)} % 100 = 50
      ) x
      where t.event_id = ${e} and t.id >= ${t0}`,
    log,
  );
  await step(
    db,
    `${mix.complementCount} complements at validation (RV, RV-WA, AV, AV-WA)`,
    sql`
      insert into top_ups (event_id, operation_id, wristband_id, type, payment_type, amount, bonus, money, fee,
        cash_after, gift_after, articles, addon_id, staff_id, device_id, location_id, device_time)
      select ${e}::int, md5(c.type || '-' || t.id)::uuid, t.wristband_id, c.type, null, c.amount, c.bonus, 0, 0,
        0, 0, c.articles, c.addon_id, ${sql.raw(gate.staff)}, ${sql.raw(gate.device)}, ${sql.raw(gate.location)},
        t.date_validation + interval '2 seconds'
      from tickets t
      cross join lateral (
        select 'RV' as type, 0 as amount, ${v.rolBonus.vip}::int as bonus, '[]'::jsonb as articles, null::int as addon_id
          where ${sql.raw(tg)} % 12 = 0 and ${sql.raw(tg)} % 60 <> 0
        union all select 'RV-WA', 0, ${v.rolBonus.vip}::int, ${sql.raw(article(tg))}, null
          where ${sql.raw(tg)} % 60 = 0
        union all select 'AV', ${sql.raw(anyAddon(`${tg} / 10`, 'cash'))}, ${sql.raw(anyAddon(`${tg} / 10`, 'bonus'))},
          '[]'::jsonb, ${sql.raw(anyAddon(`${tg} / 10`, 'id'))}
          where ${sql.raw(tg)} % 10 = 3
        union all select 'AV-WA', ${sql.raw(anyAddon(`${tg} / 50`, 'cash'))}, ${sql.raw(anyAddon(`${tg} / 50`, 'bonus'))},
          ${sql.raw(article(tg))}, ${sql.raw(anyAddon(`${tg} / 50`, 'id'))}
          where ${sql.raw(tg)} % 50 = 7
      ) c
      where t.event_id = ${e} and t.id >= ${t0}`,
    log,
  );
  const desk = atDesk(v, 'g');
  await step(
    db,
    `${mix.roleRecordings} role recordings and their rol bonus (RS, RS-WA)`,
    sql`
      with r as materialized (
        select g, ${wid('g * 37')} as wristband_id, ${timeOf(v, 'g', mix.roleRecordings)} as at
        from generate_series(1, ${mix.roleRecordings}::int) g
      ),
      rr as (
        insert into role_recordings (event_id, operation_id, wristband_id, role_id, staff_id, device_id, location_id,
          device_time)
        select ${e}::int, md5('rr' || g)::uuid, wristband_id, ${v.rols.crew}::int, ${sql.raw(desk.staff)},
          ${sql.raw(desk.device)}, ${sql.raw(desk.location)}, at
        from r returning 1
      )
      insert into top_ups (event_id, operation_id, wristband_id, type, payment_type, amount, bonus, money, fee,
        cash_after, gift_after, articles, staff_id, device_id, location_id, device_time)
      select ${e}::int, md5('rs' || g)::uuid, wristband_id, case when g % 4 = 0 then 'RS-WA' else 'RS' end, null, 0,
        ${v.rolBonus.crew}::int, 0, 0, 0, 0,
        case when g % 4 = 0 then ${sql.raw(article('g'))} else '[]'::jsonb end,
        ${sql.raw(desk.staff)}, ${sql.raw(desk.device)}, ${sql.raw(desk.location)}, at + interval '2 seconds'
      from r`,
    log,
  );
}
