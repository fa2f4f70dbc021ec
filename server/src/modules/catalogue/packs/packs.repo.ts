import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';
import { articles, locations, packArticles, packLocations, packs } from '../../../core/db/schema';

export type PackRow = typeof packs.$inferSelect;

export const listPacks = (db: Executor, eventId: number) =>
  db.select().from(packs).where(eq(packs.eventId, eventId)).orderBy(asc(packs.name), asc(packs.id));

export const findPack = async (db: Executor, eventId: number, id: number) =>
  (
    await db
      .select()
      .from(packs)
      .where(and(eq(packs.eventId, eventId), eq(packs.id, id)))
      .limit(1)
  )[0];

/** The articles of the event's packs (or of one pack), in each pack's order. */
export const listPackArticles = (db: Executor, eventId: number, packId?: number) =>
  db
    .select({
      packId: packArticles.packId,
      idArticle: packArticles.articleId,
      nombre: articles.name,
      quantity: packArticles.quantity,
    })
    .from(packArticles)
    .innerJoin(articles, eq(articles.id, packArticles.articleId))
    .where(
      and(
        eq(packArticles.eventId, eventId),
        packId !== undefined ? eq(packArticles.packId, packId) : undefined,
      ),
    )
    .orderBy(asc(packArticles.sortOrder), asc(packArticles.id));

export const listPackLocations = (db: Executor, eventId: number) =>
  db
    .select({ packId: packLocations.packId, locationId: packLocations.locationId })
    .from(packLocations)
    .where(eq(packLocations.eventId, eventId))
    .orderBy(asc(packLocations.locationId));

/** Another pack of the event with this name (trimmed, ignoring case). */
export async function nameTaken(db: Executor, eventId: number, name: string, exceptId?: number) {
  const rows = await db
    .select({ id: packs.id })
    .from(packs)
    .where(
      and(
        eq(packs.eventId, eventId),
        sql`lower(trim(${packs.name})) = ${name.trim().toLowerCase()}`,
        exceptId !== undefined ? ne(packs.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Serialises the pack writes of one event (the name check then the write). */
export const lockEventPacks = (db: Executor, eventId: number) =>
  db.execute(sql`select pg_advisory_xact_lock(1602::int, ${eventId}::int)`);

export async function insertPack(db: Executor, values: typeof packs.$inferInsert) {
  const [row] = await db.insert(packs).values(values).returning({ id: packs.id });
  return row!.id;
}

export const updatePack = (
  db: Executor,
  eventId: number,
  id: number,
  values: Partial<typeof packs.$inferInsert>,
) =>
  db
    .update(packs)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(packs.eventId, eventId), eq(packs.id, id)));

export const deletePack = (db: Executor, eventId: number, id: number) =>
  db.delete(packs).where(and(eq(packs.eventId, eventId), eq(packs.id, id)));

export async function replaceContents(
  db: Executor,
  eventId: number,
  packId: number,
  items: { articleId: number; quantity: number }[],
  locationIds: number[],
) {
  await db
    .delete(packArticles)
    .where(and(eq(packArticles.eventId, eventId), eq(packArticles.packId, packId)));
  await db
    .delete(packLocations)
    .where(and(eq(packLocations.eventId, eventId), eq(packLocations.packId, packId)));
  if (items.length) {
    await db.insert(packArticles).values(
      items.map((a, i) => ({
        eventId,
        packId,
        articleId: a.articleId,
        quantity: a.quantity,
        sortOrder: i,
      })),
    );
  }
  if (locationIds.length) {
    await db.insert(packLocations).values(locationIds.map((locationId) => ({ eventId, packId, locationId })));
  }
}

export const articleOptions = (db: Executor, eventId: number) =>
  db
    .select({ id: articles.id, nombre: articles.name })
    .from(articles)
    .where(eq(articles.eventId, eventId))
    .orderBy(asc(articles.name), asc(articles.id));

export const locationOptions = (db: Executor, eventId: number) =>
  db
    .select({ id: locations.id, name: locations.name })
    .from(locations)
    .where(eq(locations.eventId, eventId))
    .orderBy(asc(locations.name), asc(locations.id));

export async function existingLocations(db: Executor, eventId: number, ids: number[]) {
  if (!ids.length) return new Set<number>();
  const rows = await db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.eventId, eventId), inArray(locations.id, ids)));
  return new Set(rows.map((r) => r.id));
}
