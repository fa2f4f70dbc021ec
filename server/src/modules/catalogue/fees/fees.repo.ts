import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';
import { feeLocations, fees } from '../../../core/db/schema';

export type FeeRow = typeof fees.$inferSelect;

export const listFees = (db: Executor, eventId: number) =>
  db.select().from(fees).where(eq(fees.eventId, eventId)).orderBy(asc(fees.dateStart), asc(fees.id));

export const findFee = async (db: Executor, eventId: number, id: number) =>
  (
    await db
      .select()
      .from(fees)
      .where(and(eq(fees.eventId, eventId), eq(fees.id, id)))
      .limit(1)
  )[0];

export const listFeeLocations = (db: Executor, eventId: number) =>
  db.select().from(feeLocations).where(eq(feeLocations.eventId, eventId));

export async function insertFee(db: Executor, values: typeof fees.$inferInsert) {
  const [row] = await db.insert(fees).values(values).returning();
  return row!;
}

export async function updateFee(
  db: Executor,
  eventId: number,
  id: number,
  values: Partial<typeof fees.$inferInsert>,
) {
  const [row] = await db
    .update(fees)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(fees.eventId, eventId), eq(fees.id, id)))
    .returning();
  return row!;
}

export async function replaceLocations(db: Executor, eventId: number, feeId: number, locationIds: number[]) {
  await db.delete(feeLocations).where(and(eq(feeLocations.eventId, eventId), eq(feeLocations.feeId, feeId)));
  if (locationIds.length)
    await db.insert(feeLocations).values(locationIds.map((locationId) => ({ eventId, feeId, locationId })));
}

export const deleteFee = (db: Executor, eventId: number, id: number) =>
  db.delete(fees).where(and(eq(fees.eventId, eventId), eq(fees.id, id)));
