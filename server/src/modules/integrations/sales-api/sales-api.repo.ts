import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';
import {
  currencies,
  events,
  locations,
  salesPushes,
  salesScheduleLocations,
  salesSchedules,
  users,
} from '../../../core/db/schema';
import { salesSource } from '../../reports';

export type ScheduleRow = typeof salesSchedules.$inferSelect;

export const schedulesOf = (db: Executor, eventId: number) =>
  db
    .select({ s: salesSchedules, authorizedByEmail: users.email })
    .from(salesSchedules)
    .leftJoin(users, eq(users.id, salesSchedules.authorizedBy))
    .where(eq(salesSchedules.eventId, eventId))
    .orderBy(asc(salesSchedules.name), asc(salesSchedules.id));

export const scheduleById = async (db: Executor, id: number, lock = false) => {
  const q = db.select().from(salesSchedules).where(eq(salesSchedules.id, id));
  return (await (lock ? q.for('update') : q))[0] ?? null;
};

export const mappingsOf = (db: Executor, scheduleIds: number[]) =>
  scheduleIds.length
    ? db
        .select()
        .from(salesScheduleLocations)
        .where(inArray(salesScheduleLocations.scheduleId, scheduleIds))
        .orderBy(asc(salesScheduleLocations.locationId))
    : Promise.resolve([]);

export async function pushCounts(db: Executor, scheduleIds: number[]) {
  if (!scheduleIds.length) return [];
  return db
    .select({
      scheduleId: salesPushes.scheduleId,
      status: salesPushes.status,
      n: sql<number>`count(*)::int`,
    })
    .from(salesPushes)
    .where(inArray(salesPushes.scheduleId, scheduleIds))
    .groupBy(salesPushes.scheduleId, salesPushes.status);
}

/** The event's locations that sell: bars, restaurants, shops, or any with a sale activity (V, I). */
export const sellingLocations = (db: Executor, eventId: number) =>
  db
    .select({ id: locations.id, name: locations.name, category: locations.category })
    .from(locations)
    .where(
      and(
        eq(locations.eventId, eventId),
        sql`(${locations.category} in ('B', 'R', 'S') or ${locations.activities} && array['V', 'I']::text[])`,
      ),
    )
    .orderBy(asc(locations.name), asc(locations.id));

export const pushesOf = (db: Executor, scheduleId: number, limit = 500) =>
  db
    .select({ p: salesPushes, locationName: locations.name })
    .from(salesPushes)
    .innerJoin(locations, eq(locations.id, salesPushes.locationId))
    .where(eq(salesPushes.scheduleId, scheduleId))
    .orderBy(desc(salesPushes.periodStart), asc(locations.name))
    .limit(limit);

export async function eventFacts(db: Executor, eventId: number) {
  const [row] = await db
    .select({
      timezone: events.timezone,
      dateStart: events.dateStart,
      dateEnd: events.dateEnd,
      operationsStart: events.operationsStart,
      operationsEnd: events.operationsEnd,
      currency: currencies.iso,
    })
    .from(events)
    .leftJoin(currencies, eq(currencies.id, events.currencyId))
    .where(eq(events.id, eventId));
  return row ?? null;
}

/**
 * The event's sales per location in [start, end), from the reports' hourly rollups and the raw rows
 * of the window's partial hours (reports/rollups.ts): what the sales reports show, never the
 * terminals' own totals.
 */
export async function salesByLocation(
  db: Executor,
  eventId: number,
  start: Date,
  end: Date,
  locationIds: number[],
) {
  if (!locationIds.length) return new Map<number, { amount: number; orders: number; devolutions: number }>();
  const res = (await db.execute(sql`
    select x.location_id, coalesce(sum(x.amount), 0)::bigint as amount,
      coalesce(sum(x.orders), 0)::int as orders, coalesce(sum(x.devolutions), 0)::int as devolutions
    from (${salesSource(eventId, { start, end })}) x
    where x.location_id in (${sql.join(
      locationIds.map((id) => sql`${id}`),
      sql`, `,
    )})
    group by x.location_id`)) as unknown as {
    rows: { location_id: number; amount: string | number; orders: number; devolutions: number }[];
  };
  return new Map(
    res.rows.map((r) => [
      Number(r.location_id),
      { amount: Number(r.amount), orders: Number(r.orders), devolutions: Number(r.devolutions) },
    ]),
  );
}
