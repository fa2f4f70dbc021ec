import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../core/db/client';
import { deviceAssignments, devices, events } from '../../../core/db/schema';

export type DeviceRow = typeof devices.$inferSelect;
export type RegistryRow = DeviceRow & { eventName: string | null };

const withEvent = { device: devices, eventName: events.name };
const flat = (r: { device: DeviceRow; eventName: string | null }): RegistryRow => ({
  ...r.device,
  eventName: r.eventName,
});

/** Every terminal of the organisation, by serial. */
export const listRegistry = async (db: Executor) =>
  (
    await db
      .select(withEvent)
      .from(devices)
      .leftJoin(events, eq(events.id, devices.assignedEventId))
      .orderBy(asc(sql`lower(${devices.nSerie})`), asc(devices.id))
  ).map(flat);

export const findRegistryDevice = async (db: Executor, id: number) => {
  const [row] = await db
    .select(withEvent)
    .from(devices)
    .leftJoin(events, eq(events.id, devices.assignedEventId))
    .where(eq(devices.id, id))
    .limit(1);
  return row ? flat(row) : undefined;
};

/** The terminal's stays in events, the newest first. */
export const listAssignments = (db: Executor, deviceId: number) =>
  db
    .select({
      idEvent: deviceAssignments.eventId,
      eventName: events.name,
      assignedAt: deviceAssignments.assignedAt,
      unassignedAt: deviceAssignments.unassignedAt,
    })
    .from(deviceAssignments)
    .innerJoin(events, eq(events.id, deviceAssignments.eventId))
    .where(eq(deviceAssignments.deviceId, deviceId))
    .orderBy(desc(deviceAssignments.assignedAt), desc(deviceAssignments.id));

/** Another terminal holding this serial, ignoring letter case. */
export const serialTaken = async (db: Executor, nSerie: string, exceptId?: number) =>
  (
    await db
      .select({ id: devices.id })
      .from(devices)
      .where(
        and(
          sql`lower(${devices.nSerie}) = lower(${nSerie})`,
          exceptId !== undefined ? ne(devices.id, exceptId) : undefined,
        ),
      )
      .limit(1)
  ).length > 0;

/** Of these serials (lower case), those already registered. */
export async function takenSerials(db: Executor, lowered: string[]) {
  if (!lowered.length) return new Set<string>();
  const rows = await db
    .select({ s: sql<string>`lower(${devices.nSerie})` })
    .from(devices)
    .where(inArray(sql`lower(${devices.nSerie})`, lowered));
  return new Set(rows.map((r) => r.s));
}

/** The events a terminal may be assigned to: not closed, by name. */
export const openEvents = (db: Executor) =>
  db
    .select({ id: events.id, name: events.name })
    .from(events)
    .where(eq(events.isClosed, 0))
    .orderBy(asc(events.name), asc(events.id));

export const eventExists = async (db: Executor, eventId: number) =>
  (await db.select({ id: events.id }).from(events).where(eq(events.id, eventId)).limit(1)).length > 0;

export async function insertDevice(db: Executor, values: typeof devices.$inferInsert) {
  const [row] = await db.insert(devices).values(values).returning({ id: devices.id });
  return row!.id;
}

/** Inserts the rows whose serial is free (ignoring case); answers the serials inserted. */
export async function insertMany(db: Executor, rows: (typeof devices.$inferInsert)[]) {
  if (!rows.length) return [] as string[];
  const inserted = await db
    .insert(devices)
    .values(rows)
    .onConflictDoNothing()
    .returning({ nSerie: devices.nSerie });
  return inserted.map((r) => r.nSerie);
}

export async function updateDevice(db: Executor, id: number, values: PgUpdateSetSource<typeof devices>) {
  const [row] = await db
    .update(devices)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(devices.id, id))
    .returning({ id: devices.id });
  return row?.id;
}

/** Locks the terminal's row for a change decided on what it holds. */
export const lockDevice = async (db: Executor, id: number) =>
  (await db.select().from(devices).where(eq(devices.id, id)).for('update').limit(1))[0];

export const deleteDevice = (db: Executor, id: number) => db.delete(devices).where(eq(devices.id, id));
