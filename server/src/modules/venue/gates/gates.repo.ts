import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';
import { gates, locations, zones } from '../../../core/db/schema';

export type GateRow = typeof gates.$inferSelect;

export const listGates = (db: Executor, eventId: number) =>
  db.select().from(gates).where(eq(gates.eventId, eventId)).orderBy(asc(gates.name), asc(gates.id));

export const zoneOptions = (db: Executor, eventId: number) =>
  db
    .select({ id: zones.id, name: zones.name })
    .from(zones)
    .where(eq(zones.eventId, eventId))
    .orderBy(asc(zones.name), asc(zones.id));

export const locationOptions = (db: Executor, eventId: number) =>
  db
    .select({ id: locations.id, name: locations.name })
    .from(locations)
    .where(eq(locations.eventId, eventId))
    .orderBy(asc(locations.name), asc(locations.id));

export const findGate = async (db: Executor, eventId: number, id: number) =>
  (
    await db
      .select()
      .from(gates)
      .where(and(eq(gates.eventId, eventId), eq(gates.id, id)))
      .limit(1)
  )[0];

export async function insertGate(db: Executor, values: typeof gates.$inferInsert) {
  const [row] = await db.insert(gates).values(values).returning();
  return row!;
}

export async function updateGate(
  db: Executor,
  eventId: number,
  id: number,
  values: Partial<typeof gates.$inferInsert>,
) {
  const [row] = await db
    .update(gates)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(gates.eventId, eventId), eq(gates.id, id)))
    .returning();
  return row!;
}

export const deleteGate = (db: Executor, eventId: number, id: number) =>
  db.delete(gates).where(and(eq(gates.eventId, eventId), eq(gates.id, id)));

export async function gateUsedByLocation(db: Executor, eventId: number, id: number) {
  const rows = await db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.eventId, eventId), eq(locations.gateId, id)))
    .limit(1);
  return rows.length > 0;
}
