/** The load's movement through the venue: the access records at the gates and the zones' capacity log. */
import { sql } from 'drizzle-orm';
import { type Load, step, timeOf } from './load-context';
import { pick } from './sql';

/** The access records through the gates' totems (entries, exits, the VIP area, some refused). */
export async function loadAccess(l: Load) {
  const { db, v, e, mix, wid, rolOf, log } = l;
  // Access: g mod 10 — 0–3 into the venue, 4–7 out of it, 8 into the VIP area, 9 back from it;
  // 3 % double-entry warnings, 1 % double entries refused, 0.5 % without permission.
  await step(
    db,
    `${mix.access} access records`,
    sql`
      insert into access_records (event_id, operation_id, wristband_id, acceso, zone_from, zone_to, gate_id,
        last_zone, role_id, staff_id, device_id, date_local)
      select ${e}::int, md5('ac' || g)::uuid, ${wid('g * 3')},
        case when g % 200 < 6 then 'W' when g % 200 < 8 then 'ND' when g % 200 = 8 then 'NT' else 'S' end,
        case when g % 10 < 4 then null when g % 10 < 8 then ${v.zones.venue}::int when g % 10 = 8 then ${v.zones.venue}::int
          else ${v.zones.vip}::int end,
        case when g % 10 < 4 then ${v.zones.venue}::int when g % 10 < 8 then null when g % 10 = 8 then ${v.zones.vip}::int
          else ${v.zones.venue}::int end,
        ${pick(v.gateIds, 'g')},
        case when g % 10 < 4 then null when g % 10 < 9 then ${v.zones.venue}::int else ${v.zones.vip}::int end,
        ${rolOf('g * 3')}, null, ${pick(v.devices.totem, 'g')}, ${timeOf(v, 'g', mix.access)}
      from generate_series(1, ${mix.access}::int) g`,
    log,
  );
}

/** The zones' capacity log, every 5 minutes from the festival's start up to now. */
export async function loadCapacityLog(l: Load) {
  const { db, v, e, W, log } = l;
  // The capacity log the scheduled task writes every 5 minutes while the toggle is on: each zone's
  // occupancy rising through the evening and falling after closing.
  await step(
    db,
    'capacity log',
    sql`
      with s as (
        select slot, extract(epoch from slot - ${v.start.toISOString()}::timestamptz) / 3600 % 24 as h
        from generate_series(${v.start.toISOString()}::timestamptz, now(), interval '5 minutes') slot
      ),
      claimed as (
        insert into capacity_log_slots (event_id, slot, zones) select ${e}::int, slot, 3 from s returning 1
      )
      insert into capacity_log (event_id, zone_id, slot, occupancy, entries, exits)
      select ${e}::int, z.id, s.slot, o.n, round(o.n * 1.3)::int, round(o.n * 0.3)::int
      from s
      cross join (values (${v.zones.venue}::int, ${Math.round(W * 0.5)}::int), (${v.zones.vip}::int, ${Math.round(W * 0.02)}::int),
        (${v.zones.backstage}::int, 40)) z(id, cap)
      cross join lateral (
        select case when s.h between 2 and 16 then round(z.cap * sin(pi() * (s.h - 2) / 14))::int else 0 end as n
      ) o`,
    log,
  );
}
