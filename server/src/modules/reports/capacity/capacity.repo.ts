import { sql } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';
import { rowsOf } from '../../../core/db/rows';
import { accessSource } from '../rollups/rollups';

const iso = (v: unknown) => (v instanceof Date ? v : new Date(String(v))).toISOString();

export interface OccupancyRow {
  id: number;
  name: string;
  parent_id: number | null;
  capacity: number;
  no_check_capacity: number;
  reset_capacity: number;
  reset_hour: string;
  since: string | null;
  entries: number;
  exits: number;
  denied_full: number;
}

/**
 * Each zone of the event at instant `at`, with the people who entered and left it since its last
 * reset (or ever, for a zone without reset).
 *
 * The passages are summed in SQL per (zone from, zone to, access code) over the access rollup
 * (rollups.ts `accessSource`: whole hours from report_access_hourly, the rest from access_records),
 * one window per distinct reset instant; the few pairs are then walked up the zone tree. An accepted
 * passage (S, W) from A to B enters a zone Z when Z contains B and not A, and leaves Z when Z contains
 * A and not B: walking from a zone into its sub-zone enters only the sub-zone, and leaving the venue
 * from a sub-zone leaves both. A refusal for a full zone (NC) counts for the zone it led into.
 *
 * The last reset: the latest instant not after `at` whose local time (event time zone) is the zone's
 * reset hour.
 */
export async function zoneOccupancy(db: Executor, eventId: number, at: Date): Promise<OccupancyRow[]> {
  const zres = await db.execute(sql`
    select z.id, z.name, z.parent_id, z.capacity, z.no_check_capacity, z.reset_capacity,
      z.reset_hour::text as reset_hour,
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
    parent_id: r.parent_id === null ? null : Number(r.parent_id),
    capacity: Number(r.capacity),
    no_check_capacity: Number(r.no_check_capacity),
    reset_capacity: Number(r.reset_capacity),
    reset_hour: String(r.reset_hour),
    since: r.since === null ? null : iso(r.since),
  }));
  if (!zones.length) return [];
  const sinces = [...new Set(zones.map((z) => z.since ?? ''))];
  const parts = sinces.map(
    (s, k) => sql`
      select ${k}::int as k, x.zone_from, x.zone_to, x.acceso, x.passages
      from (${accessSource(eventId, { start: s ? new Date(s) : null, end: at })}) x
      where x.acceso in ('S', 'W', 'NC')`,
  );
  const pres = await db.execute(sql`
    select p.k, p.zone_from, p.zone_to, p.acceso = 'NC' as full, sum(p.passages)::bigint as n
    from (${sql.join(parts, sql` union all `)}) p
    group by 1, 2, 3, 4`);
  const pairs = rowsOf<Record<string, unknown>>(pres).map((r) => ({
    k: Number(r.k),
    from: r.zone_from === null ? null : Number(r.zone_from),
    to: r.zone_to === null ? null : Number(r.zone_to),
    full: r.full === true || r.full === 't',
    n: Number(r.n),
  }));
  const parentOf = new Map(zones.map((z) => [z.id, z.parent_id]));
  /** Whether `zone` is `target` or inside it (a cycle, which the venue screens refuse, ends the walk). */
  const within = (zone: number | null, target: number) => {
    const seen = new Set<number>();
    for (let z = zone; z !== null && !seen.has(z); z = parentOf.get(z) ?? null) {
      if (z === target) return true;
      seen.add(z);
    }
    return false;
  };
  return zones.map((z) => {
    const k = sinces.indexOf(z.since ?? '');
    let entries = 0;
    let exits = 0;
    let deniedFull = 0;
    for (const p of pairs) {
      if (p.k !== k) continue;
      if (p.full) {
        if (p.to === z.id) deniedFull += p.n;
        continue;
      }
      const into = within(p.to, z.id);
      const from = within(p.from, z.id);
      if (into && !from) entries += p.n;
      else if (from && !into) exits += p.n;
    }
    return { ...z, entries, exits, denied_full: deniedFull };
  });
}

/** The events whose capacity log is on and that are running at `at`. */
export async function loggingEvents(db: Executor, at: Date): Promise<number[]> {
  const res = await db.execute(sql`
    select id from events
    where capacity_log = 1 and date_start <= ${at.toISOString()}::timestamptz
      and date_end > ${at.toISOString()}::timestamptz
    order by id`);
  return rowsOf<{ id: number }>(res).map((r) => Number(r.id));
}

/**
 * Claims the (event, slot) of the log. Answers false when another process (or an earlier run) has
 * it: its transaction may still be open, in which case this waits for its commit or rollback.
 */
export async function claimSlot(db: Executor, eventId: number, slot: Date) {
  const res = await db.execute(sql`
    insert into capacity_log_slots (event_id, slot, zones)
    values (${eventId}, ${slot.toISOString()}::timestamptz, 0)
    on conflict do nothing
    returning event_id`);
  return rowsOf(res).length === 1;
}

/** How many zone rows the claimed slot got. */
export async function setSlotZones(db: Executor, eventId: number, slot: Date, zones: number) {
  await db.execute(sql`
    update capacity_log_slots set zones = ${zones}
    where event_id = ${eventId} and slot = ${slot.toISOString()}::timestamptz`);
}

export async function insertLog(
  db: Executor,
  eventId: number,
  slot: Date,
  rows: { zoneId: number; occupancy: number; entries: number; exits: number }[],
) {
  if (!rows.length) return 0;
  const res = await db.execute(sql`
    insert into capacity_log (event_id, zone_id, slot, occupancy, entries, exits)
    select ${eventId}, x.zone_id, ${slot.toISOString()}::timestamptz, x.occupancy, x.entries, x.exits
    from json_to_recordset(${JSON.stringify(rows.map((r) => ({ zone_id: r.zoneId, occupancy: r.occupancy, entries: r.entries, exits: r.exits })))}::json)
      as x(zone_id int, occupancy int, entries int, exits int)
    on conflict do nothing
    returning zone_id`);
  return rowsOf(res).length;
}

/** The logged occupancy of the event in [start, end), oldest first. */
export async function logPoints(db: Executor, eventId: number, start: Date, end: Date) {
  const res = await db.execute(sql`
    select zone_id, slot, occupancy from capacity_log
    where event_id = ${eventId} and slot >= ${start.toISOString()}::timestamptz
      and slot < ${end.toISOString()}::timestamptz
    order by slot, zone_id`);
  return rowsOf<{ zone_id: number; slot: unknown; occupancy: number }>(res).map((r) => ({
    idZone: Number(r.zone_id),
    date: iso(r.slot),
    occupancy: Number(r.occupancy),
  }));
}

/** The zones of the event (and logged zones since deleted, by id), for the log's legend. */
export async function logZones(db: Executor, eventId: number, start: Date, end: Date) {
  const res = await db.execute(sql`
    select z.id, z.name, z.capacity from zones z where z.event_id = ${eventId}
    union
    select l.zone_id, '#' || l.zone_id, -1 from capacity_log l
    where l.event_id = ${eventId} and l.slot >= ${start.toISOString()}::timestamptz
      and l.slot < ${end.toISOString()}::timestamptz
      and not exists (select 1 from zones z where z.event_id = ${eventId} and z.id = l.zone_id)
    order by 2, 1`);
  return rowsOf<{ id: number; name: string; capacity: number }>(res).map((r) => ({
    id: Number(r.id),
    name: r.name,
    capacity: Number(r.capacity),
  }));
}
