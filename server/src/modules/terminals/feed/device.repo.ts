import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';
import { devices, events } from '../../../core/db/schema';

export type DeviceRow = typeof devices.$inferSelect;

/** The device of a serial, ignoring letter case (the registry keeps serials unique that way). */
export const findDeviceBySerial = async (db: Executor, nSerie: string) =>
  (await db.select().from(devices).where(sql`lower(${devices.nSerie}) = lower(${nSerie})`).limit(1))[0];

export const findEvent = async (db: Executor, eventId: number) =>
  (
    await db
      .select({ id: events.id, name: events.name, timezone: events.timezone, isClosed: events.isClosed })
      .from(events)
      .where(eq(events.id, eventId))
      .limit(1)
  )[0];

/**
 * Creates the device, or re-keys an existing serial and moves it to the event; a new key or a move
 * bumps the token version, so tokens issued before stop working. The authorisation end is replaced
 * too (null from the console: no end; a redeemed QR: its days from now).
 */
export async function upsertDevice(
  db: Executor,
  values: Pick<
    typeof devices.$inferInsert,
    'nSerie' | 'model' | 'description' | 'type' | 'assignedEventId' | 'authorizedUntil'
  > & {
    secretKeyHash: string;
  },
) {
  const [row] = await db
    .insert(devices)
    .values({ ...values, configured: 1 })
    .onConflictDoUpdate({
      target: devices.nSerie,
      set: {
        model: sql`coalesce(excluded.model, ${devices.model})`,
        description: sql`coalesce(excluded.description, ${devices.description})`,
        type: sql`excluded.type`,
        assignedEventId: sql`excluded.assigned_event_id`,
        secretKeyHash: sql`excluded.secret_key_hash`,
        authorizedUntil: sql`excluded.authorized_until`,
        configured: 1,
        tokenVersion: sql`${devices.tokenVersion} + 1`,
        updatedAt: new Date(),
      },
    })
    .returning();
  return row!;
}

/** Marks a contact; answers what a device token must still match. */
export async function touchDevice(db: Executor, deviceId: number, configured = false) {
  const [row] = await db
    .update(devices)
    .set({ lastContactAt: new Date(), ...(configured ? { configured: 1 } : {}) })
    .where(eq(devices.id, deviceId))
    .returning({
      id: devices.id,
      assignedEventId: devices.assignedEventId,
      tokenVersion: devices.tokenVersion,
      dateInactive: devices.dateInactive,
    });
  return row;
}
