import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';
import { articleExchanges, articles, timeRanges } from '../../../core/db/schema';

export type TimeRangeRow = typeof timeRanges.$inferSelect;

export const listTimeRanges = (db: Executor, eventId: number) =>
  db
    .select()
    .from(timeRanges)
    .where(eq(timeRanges.eventId, eventId))
    .orderBy(asc(timeRanges.dateStart), asc(timeRanges.name), asc(timeRanges.id));

export const findTimeRange = async (db: Executor, eventId: number, id: number) =>
  (
    await db
      .select()
      .from(timeRanges)
      .where(and(eq(timeRanges.eventId, eventId), eq(timeRanges.id, id)))
      .limit(1)
  )[0];

export async function insertTimeRange(db: Executor, values: typeof timeRanges.$inferInsert) {
  const [row] = await db.insert(timeRanges).values(values).returning();
  return row!;
}

export async function updateTimeRange(
  db: Executor,
  eventId: number,
  id: number,
  values: Partial<typeof timeRanges.$inferInsert>,
) {
  const [row] = await db
    .update(timeRanges)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(timeRanges.eventId, eventId), eq(timeRanges.id, id)))
    .returning();
  return row!;
}

export const deleteTimeRange = (db: Executor, eventId: number, id: number) =>
  db.delete(timeRanges).where(and(eq(timeRanges.eventId, eventId), eq(timeRanges.id, id)));

/** The articles whose exchange entries list this time range (plain ids: no foreign key guards them). */
export const articlesExchangingIn = async (db: Executor, eventId: number, id: number) =>
  (
    await db
      .selectDistinct({ name: articles.name })
      .from(articleExchanges)
      .innerJoin(articles, eq(articles.id, articleExchanges.articleId))
      .where(and(eq(articleExchanges.eventId, eventId), sql`${id} = any(${articleExchanges.timeRangeIds})`))
      .orderBy(asc(articles.name))
  ).map((r) => r.name);
