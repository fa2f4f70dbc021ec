import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../core/db/client';
import { devices, locations, presenceRecords, staff } from '../../../core/db/schema';

/** One staff member's presence in an event, as the summary query answers it. */
export interface PresenceAggregate {
  idStaff: number;
  name: string | null;
  user: string | null;
  intern: number | null;
  nChecks: number;
  /** Seconds between each check-in and the check-out right after it. */
  workedSeconds: number;
  /** Check-ins not followed by a check-out. */
  openIns: number;
  /** Check-outs not preceded by a check-in. */
  orphanOuts: number;
  lastType: 'in' | 'out' | null;
  /** Milliseconds since the epoch. */
  lastAt: number | null;
  idLastLocation: number | null;
  lastLocation: string | null;
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/**
 * The presence summary of the event's staff (every staff member, with or without checks) and of the
 * staff ids the terminals recorded that are no longer staff of the event. Each member's checks are
 * taken in time order: an 'in' followed by an 'out' is worked time; an 'in' without its 'out' or an
 * 'out' without its 'in' is counted apart. `staffId` narrows it to one member.
 */
export async function presenceSummaries(db: Executor, eventId: number, staffId?: number) {
  const one = staffId === undefined ? sql`` : sql` and p.staff_id = ${staffId}::int`;
  const oneStaff = staffId === undefined ? sql`` : sql` and s.id = ${staffId}::int`;
  const res = await db.execute(sql`
    with r as (
      select p.staff_id, p.type, p.date_presence, p.location_id,
        lead(p.type) over (partition by p.staff_id order by p.date_presence, p.id) as next_type,
        lead(p.date_presence) over (partition by p.staff_id order by p.date_presence, p.id) as next_at,
        lag(p.type) over (partition by p.staff_id order by p.date_presence, p.id) as prev_type,
        row_number() over (partition by p.staff_id order by p.date_presence desc, p.id desc) as rn
      from presence_records p
      where p.event_id = ${eventId}::int${one}
    ), agg as (
      select staff_id,
        count(*)::int as n_checks,
        coalesce(sum(extract(epoch from next_at - date_presence))
          filter (where type = 'in' and next_type = 'out'), 0)::float8 as worked,
        (count(*) filter (where type = 'in' and next_type is distinct from 'out'))::int as open_ins,
        (count(*) filter (where type = 'out' and prev_type is distinct from 'in'))::int as orphan_outs,
        max(type) filter (where rn = 1) as last_type,
        (extract(epoch from max(date_presence)) * 1000)::float8 as last_at,
        max(location_id) filter (where rn = 1) as last_location
      from r group by staff_id
    )
    select coalesce(s.id, a.staff_id) as "idStaff", s.name as "name", s."user" as "user",
      s.intern as "intern", coalesce(a.n_checks, 0) as "nChecks", coalesce(a.worked, 0) as "workedSeconds",
      coalesce(a.open_ins, 0) as "openIns", coalesce(a.orphan_outs, 0) as "orphanOuts",
      a.last_type as "lastType", a.last_at as "lastAt", a.last_location as "idLastLocation",
      l.name as "lastLocation"
    from (select id, name, "user", intern from staff s where s.event_id = ${eventId}::int${oneStaff}) s
    full outer join agg a on a.staff_id = s.id
    left join locations l on l.id = a.last_location and l.event_id = ${eventId}::int
    order by (s.id is null), lower(s.name), coalesce(s.id, a.staff_id)`);
  return (res as unknown as { rows: Record<string, unknown>[] }).rows.map(
    (r): PresenceAggregate => ({
      idStaff: Number(r.idStaff),
      name: (r.name as string | null) ?? null,
      user: (r.user as string | null) ?? null,
      intern: num(r.intern),
      nChecks: Number(r.nChecks),
      workedSeconds: Number(r.workedSeconds),
      openIns: Number(r.openIns),
      orphanOuts: Number(r.orphanOuts),
      lastType: (r.lastType as 'in' | 'out' | null) ?? null,
      lastAt: num(r.lastAt),
      idLastLocation: num(r.idLastLocation),
      lastLocation: (r.lastLocation as string | null) ?? null,
    }),
  );
}

const controllers = alias(staff, 'controllers');

/** A staff member's presence records in the event, oldest first, with names where the rows exist. */
export const presenceRecordsOf = (db: Executor, eventId: number, staffId: number) =>
  db
    .select({
      id: presenceRecords.id,
      type: presenceRecords.type,
      datePresence: presenceRecords.datePresence,
      idController: presenceRecords.controllerId,
      controller: controllers.name,
      idLocation: presenceRecords.locationId,
      location: locations.name,
      idDevice: presenceRecords.deviceId,
      device: sql<string | null>`coalesce(nullif(${devices.description}, ''), ${devices.nSerie})`,
      createdAt: presenceRecords.createdAt,
      updatedAt: presenceRecords.updatedAt,
    })
    .from(presenceRecords)
    .leftJoin(
      controllers,
      and(eq(controllers.id, presenceRecords.controllerId), eq(controllers.eventId, eventId)),
    )
    .leftJoin(locations, and(eq(locations.id, presenceRecords.locationId), eq(locations.eventId, eventId)))
    .leftJoin(devices, eq(devices.id, presenceRecords.deviceId))
    .where(and(eq(presenceRecords.eventId, eventId), eq(presenceRecords.staffId, staffId)))
    .orderBy(asc(presenceRecords.datePresence), asc(presenceRecords.id));

/** Deletes those of the records that belong to the event; answers the ids it deleted. */
export const deletePresenceRecords = async (db: Executor, eventId: number, ids: number[]) =>
  (
    await db
      .delete(presenceRecords)
      .where(and(eq(presenceRecords.eventId, eventId), inArray(presenceRecords.id, ids)))
      .returning({ id: presenceRecords.id })
  ).map((r) => r.id);
