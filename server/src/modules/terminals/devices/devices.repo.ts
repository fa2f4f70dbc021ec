import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../core/db/client';
import { devices, events } from '../../../core/db/schema';

export type DeviceRow = typeof devices.$inferSelect;

/** The devices assigned to the event (devices are global; the event is the one they record into). */
/** The event a device-configuration QR names (device-qr.service.ts). */
export const findEvent = async (db: Executor, id: number) =>
  (await db.select().from(events).where(eq(events.id, id)).limit(1))[0];

export const listEventDevices = (db: Executor, eventId: number) =>
  db
    .select()
    .from(devices)
    .where(eq(devices.assignedEventId, eventId))
    .orderBy(asc(devices.nSerie), asc(devices.id));

export const findEventDevice = async (db: Executor, eventId: number, id: number) =>
  (
    await db
      .select()
      .from(devices)
      .where(and(eq(devices.assignedEventId, eventId), eq(devices.id, id)))
      .limit(1)
  )[0];

/** Another device (of any event) with this serial, ignoring letter case. */
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

export async function insertDevice(db: Executor, values: typeof devices.$inferInsert) {
  const [row] = await db.insert(devices).values(values).returning();
  return row!;
}

export async function updateDevice(
  db: Executor,
  eventId: number,
  id: number,
  values: PgUpdateSetSource<typeof devices>,
) {
  const [row] = await db
    .update(devices)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(devices.assignedEventId, eventId), eq(devices.id, id)))
    .returning();
  return row;
}

export const deleteDevice = (db: Executor, eventId: number, id: number) =>
  db.delete(devices).where(and(eq(devices.assignedEventId, eventId), eq(devices.id, id)));
