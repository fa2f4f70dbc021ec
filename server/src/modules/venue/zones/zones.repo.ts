import { and, asc, eq, or } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';
import { gates, zones } from '../../../core/db/schema';

export type ZoneRow = typeof zones.$inferSelect;

export const listZones = (db: Executor, eventId: number) =>
  db.select().from(zones).where(eq(zones.eventId, eventId)).orderBy(asc(zones.name), asc(zones.id));

export const findZone = async (db: Executor, eventId: number, id: number) =>
  (
    await db
      .select()
      .from(zones)
      .where(and(eq(zones.eventId, eventId), eq(zones.id, id)))
      .limit(1)
  )[0];

export const findZoneByUnique = async (db: Executor, eventId: number, idUnique: number) =>
  (
    await db
      .select()
      .from(zones)
      .where(and(eq(zones.eventId, eventId), eq(zones.idUnique, idUnique)))
      .limit(1)
  )[0];

/** Every zone of the event with its parent, to walk the tree. */
export const zoneParents = (db: Executor, eventId: number) =>
  db.select({ id: zones.id, parentId: zones.parentId }).from(zones).where(eq(zones.eventId, eventId));

export async function insertZone(db: Executor, values: typeof zones.$inferInsert) {
  const [row] = await db.insert(zones).values(values).returning();
  return row!;
}

export async function updateZone(
  db: Executor,
  eventId: number,
  id: number,
  values: Partial<typeof zones.$inferInsert>,
) {
  const [row] = await db
    .update(zones)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(zones.eventId, eventId), eq(zones.id, id)))
    .returning();
  return row!;
}

export const deleteZone = (db: Executor, eventId: number, id: number) =>
  db.delete(zones).where(and(eq(zones.eventId, eventId), eq(zones.id, id)));

export async function zoneHasChildren(db: Executor, eventId: number, id: number) {
  const rows = await db
    .select({ id: zones.id })
    .from(zones)
    .where(and(eq(zones.eventId, eventId), eq(zones.parentId, id)))
    .limit(1);
  return rows.length > 0;
}

export async function zoneUsedByGate(db: Executor, eventId: number, id: number) {
  const rows = await db
    .select({ id: gates.id })
    .from(gates)
    .where(and(eq(gates.eventId, eventId), or(eq(gates.zoneFromId, id), eq(gates.zoneToId, id))))
    .limit(1);
  return rows.length > 0;
}
