import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';
import {
  addonFlags,
  addons,
  articleFlags,
  articles,
  flagAccess,
  flagArticlePrices,
  flags,
  timeRanges,
  wristbands,
} from '../../../core/db/schema';
import { namesOf } from '../refs';

export type FlagRow = typeof flags.$inferSelect;

export const listFlags = (db: Executor, eventId: number) =>
  db.select().from(flags).where(eq(flags.eventId, eventId)).orderBy(asc(flags.flagNumber));

export const findFlag = async (db: Executor, eventId: number, id: number) =>
  (
    await db
      .select()
      .from(flags)
      .where(and(eq(flags.eventId, eventId), eq(flags.id, id)))
      .limit(1)
  )[0];

export const listAccess = (db: Executor, eventId: number) =>
  db.select().from(flagAccess).where(eq(flagAccess.eventId, eventId)).orderBy(asc(flagAccess.id));

export const listPrices = (db: Executor, eventId: number) =>
  db
    .select()
    .from(flagArticlePrices)
    .where(eq(flagArticlePrices.eventId, eventId))
    .orderBy(asc(flagArticlePrices.id));

export const timeRangeOptions = (db: Executor, eventId: number) =>
  db
    .select({
      id: timeRanges.id,
      name: timeRanges.name,
      dateStart: timeRanges.dateStart,
      dateEnd: timeRanges.dateEnd,
    })
    .from(timeRanges)
    .where(eq(timeRanges.eventId, eventId))
    .orderBy(asc(timeRanges.dateStart), asc(timeRanges.name), asc(timeRanges.id));

/** Serialises the creations of an event's flags (the limit and the numbers). */
export const lockEventFlags = (db: Executor, eventId: number) =>
  db.execute(sql`select pg_advisory_xact_lock(1650::int, ${eventId}::int)`);

export const flagNumbers = async (db: Executor, eventId: number) =>
  (await db.select({ n: flags.flagNumber }).from(flags).where(eq(flags.eventId, eventId))).map((r) => r.n);

export async function insertFlag(db: Executor, values: typeof flags.$inferInsert) {
  const [row] = await db.insert(flags).values(values).returning();
  return row!;
}

export async function updateFlag(
  db: Executor,
  eventId: number,
  id: number,
  values: Partial<typeof flags.$inferInsert>,
) {
  const [row] = await db
    .update(flags)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(flags.eventId, eventId), eq(flags.id, id)))
    .returning();
  return row!;
}

/** Replaces a flag's access entries and price overrides. */
export async function replaceChildren(
  db: Executor,
  eventId: number,
  flagId: number,
  access: { zoneId: number; timeRangeId: number; allowMultipleEntry: number }[],
  prices: { timeRangeId: number; articleId: number; price: number }[],
) {
  await db.delete(flagAccess).where(and(eq(flagAccess.eventId, eventId), eq(flagAccess.flagId, flagId)));
  await db
    .delete(flagArticlePrices)
    .where(and(eq(flagArticlePrices.eventId, eventId), eq(flagArticlePrices.flagId, flagId)));
  if (access.length) await db.insert(flagAccess).values(access.map((a) => ({ ...a, eventId, flagId })));
  if (prices.length)
    await db.insert(flagArticlePrices).values(prices.map((p) => ({ ...p, eventId, flagId })));
  return {
    access: await db
      .select()
      .from(flagAccess)
      .where(and(eq(flagAccess.eventId, eventId), eq(flagAccess.flagId, flagId)))
      .orderBy(asc(flagAccess.id)),
    prices: await db
      .select()
      .from(flagArticlePrices)
      .where(and(eq(flagArticlePrices.eventId, eventId), eq(flagArticlePrices.flagId, flagId)))
      .orderBy(asc(flagArticlePrices.id)),
  };
}

/**
 * The flag locked for its delete: a save naming it (an add-on, an article's flag choice) waits for the
 * delete, so the uses checked stay the uses there are.
 */
export const lockFlag = async (db: Executor, eventId: number, id: number) =>
  (
    await db
      .select({ id: flags.id })
      .from(flags)
      .where(and(eq(flags.eventId, eventId), eq(flags.id, id)))
      .for('update')
  )[0];

// ————— What still uses a flag (refusing its delete) —————

/** The add-ons that grant the flag. */
export const addonsGranting = async (db: Executor, eventId: number, flagId: number) =>
  namesOf(
    await db
      .select({ name: addons.name })
      .from(addonFlags)
      .innerJoin(addons, eq(addons.id, addonFlags.addonId))
      .where(and(eq(addonFlags.eventId, eventId), eq(addonFlags.flagId, flagId)))
      .orderBy(asc(addons.name)),
  );

/** The articles whose tri-state flag choice uses the flag (enabled or disabled). */
export const articlesChoosing = async (db: Executor, eventId: number, flagId: number) =>
  namesOf(
    await db
      .select({ name: articles.name })
      .from(articleFlags)
      .innerJoin(articles, eq(articles.id, articleFlags.articleId))
      .where(and(eq(articleFlags.eventId, eventId), eq(articleFlags.flagId, flagId)))
      .orderBy(asc(articles.name)),
  );

/** How many of the event's wristbands hold the flag (plain ids written by the terminals' sync). */
export const wristbandsHolding = async (db: Executor, eventId: number, flagId: number) =>
  (
    await db
      .select({ n: sql<number>`count(*)::int` })
      .from(wristbands)
      .where(and(eq(wristbands.eventId, eventId), sql`${flagId}::int = any(${wristbands.flags})`))
  )[0]?.n ?? 0;

export const deleteFlag = (db: Executor, eventId: number, id: number) =>
  db.delete(flags).where(and(eq(flags.eventId, eventId), eq(flags.id, id)));
