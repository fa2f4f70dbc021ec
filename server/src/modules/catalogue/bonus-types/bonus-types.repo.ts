import { BONUS_TYPE_AUTOMATIC } from '@pulsera/contracts';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';
import { bonuses, bonusTypes } from '../../../core/db/schema';

export type BonusTypeRow = typeof bonusTypes.$inferSelect;

/** The type O (automatic gift) belongs to the system: never listed, found or changed here. */
const visible = (eventId: number) =>
  and(eq(bonusTypes.eventId, eventId), ne(bonusTypes.type, BONUS_TYPE_AUTOMATIC));

export const listBonusTypes = (db: Executor, eventId: number) =>
  db
    .select()
    .from(bonusTypes)
    .where(visible(eventId))
    .orderBy(asc(bonusTypes.description), asc(bonusTypes.id));

export const findBonusType = async (db: Executor, eventId: number, id: number) =>
  (
    await db
      .select()
      .from(bonusTypes)
      .where(and(visible(eventId), eq(bonusTypes.id, id)))
      .limit(1)
  )[0];

export async function insertBonusType(db: Executor, values: typeof bonusTypes.$inferInsert) {
  const [row] = await db.insert(bonusTypes).values(values).returning();
  return row!;
}

export async function updateBonusType(
  db: Executor,
  eventId: number,
  id: number,
  values: Partial<typeof bonusTypes.$inferInsert>,
) {
  const [row] = await db
    .update(bonusTypes)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(bonusTypes.eventId, eventId), eq(bonusTypes.id, id)))
    .returning();
  return row!;
}

export const bonusTypeUsed = async (db: Executor, eventId: number, id: number) =>
  (
    await db
      .select({ one: sql`1` })
      .from(bonuses)
      .where(and(eq(bonuses.eventId, eventId), eq(bonuses.bonusTypeId, id)))
      .limit(1)
  ).length > 0;

export const deleteBonusType = (db: Executor, eventId: number, id: number) =>
  db.delete(bonusTypes).where(and(eq(bonusTypes.eventId, eventId), eq(bonusTypes.id, id)));
