import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';
import { kitchenPrinters, kitchenRooms, kitchens, locations, rooms } from '../../../core/db/schema';

export type KitchenRow = typeof kitchens.$inferSelect;
export type PrinterRow = typeof kitchenPrinters.$inferSelect;

export const listKitchens = (db: Executor, eventId: number, id?: number) =>
  db
    .select()
    .from(kitchens)
    .where(and(eq(kitchens.eventId, eventId), id !== undefined ? eq(kitchens.id, id) : undefined))
    .orderBy(asc(kitchens.name), asc(kitchens.id));

export const listPrinters = (db: Executor, eventId: number, kitchenId?: number) =>
  db
    .select()
    .from(kitchenPrinters)
    .where(
      and(
        eq(kitchenPrinters.eventId, eventId),
        kitchenId !== undefined ? eq(kitchenPrinters.kitchenId, kitchenId) : undefined,
      ),
    )
    .orderBy(asc(kitchenPrinters.id));

export const listKitchenRooms = (db: Executor, eventId: number, kitchenId?: number) =>
  db
    .select({ kitchenId: kitchenRooms.kitchenId, roomId: kitchenRooms.roomId })
    .from(kitchenRooms)
    .innerJoin(rooms, eq(rooms.id, kitchenRooms.roomId))
    .where(
      and(
        eq(kitchenRooms.eventId, eventId),
        kitchenId !== undefined ? eq(kitchenRooms.kitchenId, kitchenId) : undefined,
      ),
    )
    .orderBy(asc(rooms.idUniqueEvent));

export const locationOptions = (db: Executor, eventId: number) =>
  db
    .select({ id: locations.id, name: locations.name })
    .from(locations)
    .where(eq(locations.eventId, eventId))
    .orderBy(asc(locations.name), asc(locations.id));

export const roomOptions = (db: Executor, eventId: number) =>
  db
    .select({ id: rooms.id, name: rooms.name })
    .from(rooms)
    .where(eq(rooms.eventId, eventId))
    .orderBy(asc(rooms.idUniqueEvent), asc(rooms.id));

export const findKitchen = async (db: Executor, eventId: number, id: number) =>
  (await listKitchens(db, eventId, id))[0];

/** How many of these room ids are rooms of the event. */
export async function countEventRooms(db: Executor, eventId: number, ids: number[]) {
  if (!ids.length) return 0;
  const rows = await db
    .select({ id: rooms.id })
    .from(rooms)
    .where(and(eq(rooms.eventId, eventId), inArray(rooms.id, ids)));
  return rows.length;
}

export async function insertKitchen(db: Executor, values: typeof kitchens.$inferInsert) {
  const [row] = await db.insert(kitchens).values(values).returning();
  return row!;
}

export async function updateKitchen(
  db: Executor,
  eventId: number,
  id: number,
  values: Partial<typeof kitchens.$inferInsert>,
) {
  await db
    .update(kitchens)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(kitchens.eventId, eventId), eq(kitchens.id, id)));
}

/** Removes the kitchen's printers that are not kept. */
export const deletePrintersExcept = (db: Executor, eventId: number, kitchenId: number, keep: number[]) =>
  db
    .delete(kitchenPrinters)
    .where(
      and(
        eq(kitchenPrinters.eventId, eventId),
        eq(kitchenPrinters.kitchenId, kitchenId),
        keep.length ? notInArray(kitchenPrinters.id, keep) : undefined,
      ),
    );

export const updatePrinter = (
  db: Executor,
  eventId: number,
  kitchenId: number,
  id: number,
  values: { name: string; ip: string },
) =>
  db
    .update(kitchenPrinters)
    .set(values)
    .where(
      and(
        eq(kitchenPrinters.eventId, eventId),
        eq(kitchenPrinters.kitchenId, kitchenId),
        eq(kitchenPrinters.id, id),
      ),
    );

export const insertPrinters = (db: Executor, values: (typeof kitchenPrinters.$inferInsert)[]) =>
  values.length ? db.insert(kitchenPrinters).values(values) : Promise.resolve();

export async function replaceKitchenRooms(
  db: Executor,
  eventId: number,
  kitchenId: number,
  roomIds: number[],
) {
  await db
    .delete(kitchenRooms)
    .where(and(eq(kitchenRooms.eventId, eventId), eq(kitchenRooms.kitchenId, kitchenId)));
  if (roomIds.length) {
    await db.insert(kitchenRooms).values(roomIds.map((roomId) => ({ eventId, kitchenId, roomId })));
  }
}

export const deleteKitchen = (db: Executor, eventId: number, id: number) =>
  db.delete(kitchens).where(and(eq(kitchens.eventId, eventId), eq(kitchens.id, id)));
