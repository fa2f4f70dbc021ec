import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';
import { refundRuleLocations, refundRules } from '../../../core/db/schema';

export type RefundRuleRow = typeof refundRules.$inferSelect;

export const listRefundRules = (db: Executor, eventId: number) =>
  db
    .select()
    .from(refundRules)
    .where(eq(refundRules.eventId, eventId))
    .orderBy(asc(refundRules.dateStart), asc(refundRules.name), asc(refundRules.id));

export const findRefundRule = async (db: Executor, eventId: number, id: number) =>
  (
    await db
      .select()
      .from(refundRules)
      .where(and(eq(refundRules.eventId, eventId), eq(refundRules.id, id)))
      .limit(1)
  )[0];

export const listRuleLocations = (db: Executor, eventId: number) =>
  db.select().from(refundRuleLocations).where(eq(refundRuleLocations.eventId, eventId));

export async function insertRefundRule(db: Executor, values: typeof refundRules.$inferInsert) {
  const [row] = await db.insert(refundRules).values(values).returning();
  return row!;
}

export async function updateRefundRule(
  db: Executor,
  eventId: number,
  id: number,
  values: Partial<typeof refundRules.$inferInsert>,
) {
  const [row] = await db
    .update(refundRules)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(refundRules.eventId, eventId), eq(refundRules.id, id)))
    .returning();
  return row!;
}

export async function replaceLocations(db: Executor, eventId: number, ruleId: number, locationIds: number[]) {
  await db
    .delete(refundRuleLocations)
    .where(and(eq(refundRuleLocations.eventId, eventId), eq(refundRuleLocations.refundRuleId, ruleId)));
  if (locationIds.length)
    await db
      .insert(refundRuleLocations)
      .values(locationIds.map((locationId) => ({ eventId, refundRuleId: ruleId, locationId })));
}

export const deleteRefundRule = (db: Executor, eventId: number, id: number) =>
  db.delete(refundRules).where(and(eq(refundRules.eventId, eventId), eq(refundRules.id, id)));
