import { BONUS_TYPE_AUTOMATIC } from '@pulsera/contracts';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';
import { bonusArticles, bonuses, bonusLocations, bonusTypes } from '../../../core/db/schema';

export type BonusRow = typeof bonuses.$inferSelect;

export const listBonuses = (db: Executor, eventId: number) =>
  db
    .select()
    .from(bonuses)
    .where(eq(bonuses.eventId, eventId))
    .orderBy(asc(bonuses.dateStart), asc(bonuses.timeStart), asc(bonuses.id));

export const findBonus = async (db: Executor, eventId: number, id: number) =>
  (
    await db
      .select()
      .from(bonuses)
      .where(and(eq(bonuses.eventId, eventId), eq(bonuses.id, id)))
      .limit(1)
  )[0];

export const listBonusArticles = (db: Executor, eventId: number) =>
  db.select().from(bonusArticles).where(eq(bonusArticles.eventId, eventId));

export const listBonusLocations = (db: Executor, eventId: number) =>
  db.select().from(bonusLocations).where(eq(bonusLocations.eventId, eventId));

/** The visible bonus types (never O) an automatic bonus may grant. */
export const bonusTypeOptions = async (db: Executor, eventId: number) =>
  (
    await db
      .select({ id: bonusTypes.id, name: bonusTypes.description, type: bonusTypes.type })
      .from(bonusTypes)
      .where(and(eq(bonusTypes.eventId, eventId), ne(bonusTypes.type, BONUS_TYPE_AUTOMATIC)))
      .orderBy(asc(bonusTypes.description), asc(bonusTypes.id))
  ).map((r) => ({ id: r.id, name: r.name, type: r.type }));

export async function insertBonus(db: Executor, values: typeof bonuses.$inferInsert) {
  const [row] = await db.insert(bonuses).values(values).returning();
  return row!;
}

export async function updateBonus(
  db: Executor,
  eventId: number,
  id: number,
  values: Partial<typeof bonuses.$inferInsert>,
) {
  const [row] = await db
    .update(bonuses)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(bonuses.eventId, eventId), eq(bonuses.id, id)))
    .returning();
  return row!;
}

/** Replaces a bonus's articles and locations. */
export async function replaceChildren(
  db: Executor,
  eventId: number,
  bonusId: number,
  articles: { articleId: number; quantity: number }[],
  locationIds: number[],
) {
  await db
    .delete(bonusArticles)
    .where(and(eq(bonusArticles.eventId, eventId), eq(bonusArticles.bonusId, bonusId)));
  await db
    .delete(bonusLocations)
    .where(and(eq(bonusLocations.eventId, eventId), eq(bonusLocations.bonusId, bonusId)));
  if (articles.length)
    await db.insert(bonusArticles).values(articles.map((a) => ({ ...a, eventId, bonusId })));
  if (locationIds.length)
    await db
      .insert(bonusLocations)
      .values(locationIds.map((locationId) => ({ eventId, bonusId, locationId })));
}

export const deleteBonus = (db: Executor, eventId: number, id: number) =>
  db.delete(bonuses).where(and(eq(bonuses.eventId, eventId), eq(bonuses.id, id)));
