import { and, asc, eq, inArray, isNotNull, ne, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';
import { preparedOnce } from '../../../core/db/prepared-once';
import {
  addonGifts,
  addons,
  articleAddons,
  articleExchanges,
  articleFlags,
  articles,
  events,
  flagArticlePrices,
  flags,
  images,
  locationArticles,
  locations,
  packArticles,
  packs,
  timeRanges,
} from '../../../core/db/schema';
import { containsPattern } from '../../../core/lib/db-errors';

export type ArticleRow = typeof articles.$inferSelect;
export type ArticleWithImage = { article: ArticleRow; imageUrl: string | null };

const withImage = { article: articles, imageUrl: images.url };

/** The event's articles with their image's address, by name. */
export const listArticles = (db: Executor, eventId: number) =>
  preparedOnce(db, 'articles_list', (name) =>
    db
      .select(withImage)
      .from(articles)
      .leftJoin(images, eq(images.id, articles.imageId))
      .where(eq(articles.eventId, sql.placeholder('eventId')))
      .orderBy(asc(articles.name), asc(articles.id))
      .prepare(name),
  ).execute({ eventId });

export const findArticleWithImage = async (db: Executor, eventId: number, id: number) =>
  (
    await db
      .select(withImage)
      .from(articles)
      .leftJoin(images, eq(images.id, articles.imageId))
      .where(and(eq(articles.eventId, eventId), eq(articles.id, id)))
      .limit(1)
  )[0];

export const findArticle = async (db: Executor, eventId: number, id: number) =>
  (
    await db
      .select()
      .from(articles)
      .where(and(eq(articles.eventId, eventId), eq(articles.id, id)))
      .limit(1)
  )[0];

/** Up to `limit` articles whose name contains the text (case-insensitive), by name. */
export const findByName = (db: Executor, eventId: number, text: string, limit: number) =>
  db
    .select({ id: articles.id, nombre: articles.name })
    .from(articles)
    .where(
      and(
        eq(articles.eventId, eventId),
        text ? sql`lower(${articles.name}) like ${containsPattern(text)} escape '\\'` : undefined,
      ),
    )
    .orderBy(asc(articles.name), asc(articles.id))
    .limit(limit);

export const articleNames = (db: Executor, eventId: number) =>
  db.select({ id: articles.id, nombre: articles.name }).from(articles).where(eq(articles.eventId, eventId));

/** Another article of the event with this trimmed lower-cased name. */
export async function nameTaken(db: Executor, eventId: number, name: string, exceptId: number) {
  const rows = await db
    .select({ id: articles.id })
    .from(articles)
    .where(
      and(
        eq(articles.eventId, eventId),
        sql`lower(trim(${articles.name})) = ${name.trim().toLowerCase()}`,
        ne(articles.id, exceptId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Serialises the creations of one event's articles (the name check then the insert). */
export const lockEventArticles = (db: Executor, eventId: number) =>
  db.execute(sql`select pg_advisory_xact_lock(1600::int, ${eventId}::int)`);

export async function insertArticles(db: Executor, values: (typeof articles.$inferInsert)[]) {
  if (!values.length) return [];
  return db.insert(articles).values(values).returning({ id: articles.id, nombre: articles.name });
}

export const updateArticle = (
  db: Executor,
  eventId: number,
  id: number,
  values: Partial<typeof articles.$inferInsert>,
) =>
  db
    .update(articles)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(articles.eventId, eventId), eq(articles.id, id)));

export const deleteArticle = (db: Executor, eventId: number, id: number) =>
  db.delete(articles).where(and(eq(articles.eventId, eventId), eq(articles.id, id)));

// ————— The tabs —————

export const listFlagsOf = (db: Executor, eventId: number) =>
  preparedOnce(db, 'articles_flags_of', (name) =>
    db
      .select()
      .from(articleFlags)
      .where(eq(articleFlags.eventId, sql.placeholder('eventId')))
      .orderBy(asc(articleFlags.id))
      .prepare(name),
  ).execute({ eventId });
export const listAddonsOf = (db: Executor, eventId: number) =>
  preparedOnce(db, 'articles_addons_of', (name) =>
    db
      .select()
      .from(articleAddons)
      .where(eq(articleAddons.eventId, sql.placeholder('eventId')))
      .prepare(name),
  ).execute({ eventId });
export const listExchangesOf = (db: Executor, eventId: number) =>
  preparedOnce(db, 'articles_exchanges_of', (name) =>
    db
      .select()
      .from(articleExchanges)
      .where(eq(articleExchanges.eventId, sql.placeholder('eventId')))
      .orderBy(asc(articleExchanges.sortBy), asc(articleExchanges.id))
      .prepare(name),
  ).execute({ eventId });

/** Replaces the article's flag choices, keeping the ids of those that stay. */
export async function replaceFlags(
  db: Executor,
  eventId: number,
  articleId: number,
  choices: { flagId: number; addFlag: boolean }[],
) {
  const keep = choices.map((c) => c.flagId);
  await db
    .delete(articleFlags)
    .where(
      and(
        eq(articleFlags.eventId, eventId),
        eq(articleFlags.articleId, articleId),
        keep.length ? notInArray(articleFlags.flagId, keep) : undefined,
      ),
    );
  if (!choices.length) return;
  await db
    .insert(articleFlags)
    .values(choices.map((c) => ({ eventId, articleId, flagId: c.flagId, addFlag: c.addFlag })))
    .onConflictDoUpdate({
      target: [articleFlags.eventId, articleFlags.articleId, articleFlags.flagId],
      set: { addFlag: sql`excluded.add_flag` },
    });
}

export async function replaceAddons(db: Executor, eventId: number, articleId: number, addonIds: number[]) {
  await db
    .delete(articleAddons)
    .where(and(eq(articleAddons.eventId, eventId), eq(articleAddons.articleId, articleId)));
  if (addonIds.length) {
    await db.insert(articleAddons).values(addonIds.map((addonId) => ({ eventId, articleId, addonId })));
  }
}

export async function replaceExchanges(
  db: Executor,
  eventId: number,
  articleId: number,
  entries: { exchangeArticleIds: number[]; sortBy: number; timeRangeIds: number[] }[],
) {
  await db
    .delete(articleExchanges)
    .where(and(eq(articleExchanges.eventId, eventId), eq(articleExchanges.articleId, articleId)));
  if (entries.length) {
    await db.insert(articleExchanges).values(entries.map((e) => ({ ...e, eventId, articleId })));
  }
}

// ————— Choices of the event —————

export const timeRangeOptions = (db: Executor, eventId: number) =>
  db
    .select({ id: timeRanges.id, name: timeRanges.name })
    .from(timeRanges)
    .where(eq(timeRanges.eventId, eventId))
    .orderBy(asc(timeRanges.name), asc(timeRanges.id));

/** Which of these ids are rows of the event in that table. */
async function existing(
  db: Executor,
  table: typeof articles | typeof flags | typeof addons | typeof timeRanges,
  eventId: number,
  ids: number[],
) {
  if (!ids.length) return new Set<number>();
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.eventId, eventId), inArray(table.id, ids)));
  return new Set(rows.map((r) => r.id));
}
export const existingArticles = (db: Executor, eventId: number, ids: number[]) =>
  existing(db, articles, eventId, ids);
export const existingFlags = (db: Executor, eventId: number, ids: number[]) =>
  existing(db, flags, eventId, ids);
export const existingAddons = (db: Executor, eventId: number, ids: number[]) =>
  existing(db, addons, eventId, ids);
export const existingTimeRanges = (db: Executor, eventId: number, ids: number[]) =>
  existing(db, timeRanges, eventId, ids);

/** Whether some article of the event has this one as its base. */
export async function isBaseOfOthers(db: Executor, eventId: number, id: number) {
  const rows = await db
    .select({ id: articles.id })
    .from(articles)
    .where(and(eq(articles.eventId, eventId), eq(articles.baseId, id)))
    .limit(1);
  return rows.length > 0;
}

// ————— What still uses an article (refusing its delete) —————

const names = (rows: { name: string }[]) => [...new Set(rows.map((r) => r.name))].join(', ');

export async function menusUsing(db: Executor, eventId: number, id: number) {
  const rows = await db
    .select({ name: locations.name })
    .from(locationArticles)
    .innerJoin(locations, eq(locations.id, locationArticles.locationId))
    .where(and(eq(locationArticles.eventId, eventId), eq(locationArticles.articleId, id)))
    .orderBy(asc(locations.name));
  return names(rows);
}

export async function packsUsing(db: Executor, eventId: number, id: number) {
  const rows = await db
    .select({ name: packs.name })
    .from(packArticles)
    .innerJoin(packs, eq(packs.id, packArticles.packId))
    .where(and(eq(packArticles.eventId, eventId), eq(packArticles.articleId, id)))
    .orderBy(asc(packs.name));
  return names(rows);
}

export async function complementsOf(db: Executor, eventId: number, id: number) {
  const rows = await db
    .select({ name: articles.name })
    .from(articles)
    .where(and(eq(articles.eventId, eventId), eq(articles.baseId, id)))
    .orderBy(asc(articles.name));
  return names(rows);
}

/** Other articles that can be exchanged for this one. */
export async function exchangesUsing(db: Executor, eventId: number, id: number) {
  const rows = await db
    .select({ name: articles.name })
    .from(articleExchanges)
    .innerJoin(articles, eq(articles.id, articleExchanges.articleId))
    .where(
      and(
        eq(articleExchanges.eventId, eventId),
        ne(articleExchanges.articleId, id),
        sql`${id}::int = any(${articleExchanges.exchangeArticleIds})`,
      ),
    )
    .orderBy(asc(articles.name));
  return names(rows);
}

export async function flagPricesUsing(db: Executor, eventId: number, id: number) {
  const rows = await db
    .select({ name: flags.name })
    .from(flagArticlePrices)
    .innerJoin(flags, eq(flags.id, flagArticlePrices.flagId))
    .where(and(eq(flagArticlePrices.eventId, eventId), eq(flagArticlePrices.articleId, id)))
    .orderBy(asc(flags.name));
  return names(rows);
}

export async function addonGiftsUsing(db: Executor, eventId: number, id: number) {
  const rows = await db
    .select({ name: addons.name })
    .from(addonGifts)
    .innerJoin(addons, eq(addons.id, addonGifts.addonId))
    .where(and(eq(addonGifts.eventId, eventId), eq(addonGifts.articleId, id)))
    .orderBy(asc(addons.name));
  return names(rows);
}

/** Whether a tag counter of the event increments or decrements this article. */
export async function tagCounterUses(db: Executor, eventId: number, id: number) {
  const [row] = await db
    .select({ counters: events.tagCounters })
    .from(events)
    .where(and(eq(events.id, eventId), isNotNull(events.tagCounters)));
  return (row?.counters ?? []).some((c) => c.idArticleIncrement === id || c.idArticleDecrement === id);
}

/** The event's financial currency (moneda of every article). */
/**
 * What the articles screen offers beside the list, in one statement (the list call ran seven small
 * queries at once, each a round trip): the event's currency, its time ranges, add-ons and ticket roles
 * by name, and its flags by number.
 */
export async function articleScreenOptions(db: Executor, eventId: number) {
  const res = await db.execute(sql`
    select
      (select currency_id from events where id = ${eventId}) as moneda,
      coalesce((select json_agg(json_build_object('id', id, 'name', name) order by name, id)
        from time_ranges where event_id = ${eventId}), '[]') as time_ranges,
      coalesce((select json_agg(json_build_object('id', id, 'name', name) order by name, id)
        from addons where event_id = ${eventId}), '[]') as addons,
      coalesce((select json_agg(json_build_object('id', id, 'name', name, 'flagNumber', flag_number) order by flag_number)
        from flags where event_id = ${eventId}), '[]') as flags,
      coalesce((select json_agg(json_build_object('id', id, 'name', name) order by name, id)
        from rols where event_id = ${eventId}), '[]') as rols`);
  const row = (res as unknown as { rows: Record<string, unknown>[] }).rows[0]!;
  type Option = { id: number; name: string };
  return {
    moneda: row.moneda === null || row.moneda === undefined ? null : Number(row.moneda),
    timeRanges: row.time_ranges as Option[],
    addons: row.addons as Option[],
    flags: row.flags as (Option & { flagNumber: number })[],
    rols: row.rols as Option[],
  };
}

export async function eventCurrency(db: Executor, eventId: number) {
  const [row] = await db.select({ id: events.currencyId }).from(events).where(eq(events.id, eventId));
  return row?.id ?? null;
}
