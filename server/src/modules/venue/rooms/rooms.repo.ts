import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';
import { kitchenRooms, rooms, staff } from '../../../core/db/schema';

export type RoomRow = typeof rooms.$inferSelect;

export const listRooms = (db: Executor, eventId: number) =>
  db.select().from(rooms).where(eq(rooms.eventId, eventId)).orderBy(asc(rooms.idUniqueEvent), asc(rooms.id));

export const findRoom = async (db: Executor, eventId: number, id: number) =>
  (
    await db
      .select()
      .from(rooms)
      .where(and(eq(rooms.eventId, eventId), eq(rooms.id, id)))
      .limit(1)
  )[0];

export async function insertRoom(db: Executor, values: typeof rooms.$inferInsert) {
  const [row] = await db.insert(rooms).values(values).returning();
  return row!;
}

export async function updateRoom(db: Executor, eventId: number, id: number, name: string) {
  const [row] = await db
    .update(rooms)
    .set({ name, updatedAt: new Date() })
    .where(and(eq(rooms.eventId, eventId), eq(rooms.id, id)))
    .returning();
  return row!;
}

export const deleteRoom = (db: Executor, eventId: number, id: number) =>
  db.delete(rooms).where(and(eq(rooms.eventId, eventId), eq(rooms.id, id)));

export async function roomUsedByKitchen(db: Executor, eventId: number, id: number) {
  const rows = await db
    .select({ kitchenId: kitchenRooms.kitchenId })
    .from(kitchenRooms)
    .where(and(eq(kitchenRooms.eventId, eventId), eq(kitchenRooms.roomId, id)))
    .limit(1);
  return rows.length > 0;
}

/** The staff who chose this room (their room list names it; null means all and does not). */
export const staffOfRoom = async (db: Executor, eventId: number, id: number) =>
  (
    await db
      .select({ name: staff.name })
      .from(staff)
      .where(and(eq(staff.eventId, eventId), sql`${id} = any(${staff.roomIds})`))
      .orderBy(asc(sql`lower(${staff.name})`), asc(staff.id))
  ).map((r) => r.name);
