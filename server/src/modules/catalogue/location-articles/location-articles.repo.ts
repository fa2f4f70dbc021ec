import { and, asc, eq, notInArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';
import {
  articles,
  images,
  locationArticleSticks,
  locationArticles,
  locations,
} from '../../../core/db/schema';

export const listLocations = (db: Executor, eventId: number) =>
  db
    .select({
      id: locations.id,
      name: locations.name,
      intern: locations.intern,
      activities: locations.activities,
    })
    .from(locations)
    .where(eq(locations.eventId, eventId))
    .orderBy(asc(locations.name), asc(locations.id));

export type MenuLocationRow = Awaited<ReturnType<typeof listLocations>>[number];

export const findLocation = async (db: Executor, eventId: number, id: number) =>
  (
    await db
      .select({
        id: locations.id,
        name: locations.name,
        intern: locations.intern,
        activities: locations.activities,
      })
      .from(locations)
      .where(and(eq(locations.eventId, eventId), eq(locations.id, id)))
      .limit(1)
  )[0];

/** Serialises the menu writes of one location. */
export const lockLocationMenu = (db: Executor, locationId: number) =>
  db.execute(sql`select pg_advisory_xact_lock(1601::int, ${locationId}::int)`);

const itemColumns = {
  id: locationArticles.id,
  locationId: locationArticles.locationId,
  articleId: locationArticles.articleId,
  name: articles.name,
  price: locationArticles.price,
  sortOrder: locationArticles.sortOrder,
  isManual: locationArticles.isManual,
  visible: locationArticles.visible,
  imageId: articles.imageId,
  imageUrl: images.url,
};

const items = (db: Executor) =>
  db
    .select(itemColumns)
    .from(locationArticles)
    .innerJoin(articles, eq(articles.id, locationArticles.articleId))
    .leftJoin(images, eq(images.id, articles.imageId));

/** Every menu item of the event (or of one location), in menu order. */
export const listItems = (db: Executor, eventId: number, locationId?: number) =>
  items(db)
    .where(
      and(
        eq(locationArticles.eventId, eventId),
        locationId !== undefined ? eq(locationArticles.locationId, locationId) : undefined,
      ),
    )
    .orderBy(asc(locationArticles.sortOrder), asc(locationArticles.id));
export type MenuItemRow = Awaited<ReturnType<typeof listItems>>[number];

export const listSticks = (db: Executor, eventId: number, locationId?: number) =>
  db
    .select()
    .from(locationArticleSticks)
    .where(
      and(
        eq(locationArticleSticks.eventId, eventId),
        locationId !== undefined ? eq(locationArticleSticks.locationId, locationId) : undefined,
      ),
    )
    .orderBy(asc(locationArticleSticks.id));
export type StickRow = Awaited<ReturnType<typeof listSticks>>[number];

/** The event's articles as the menu screen offers them. */
export const articleOptions = (db: Executor, eventId: number) =>
  db
    .select({
      id: articles.id,
      nombre: articles.name,
      precio_base: articles.basePrice,
      imageId: articles.imageId,
      imageUrl: images.url,
    })
    .from(articles)
    .leftJoin(images, eq(images.id, articles.imageId))
    .where(eq(articles.eventId, eventId))
    .orderBy(asc(articles.name), asc(articles.id));

/** Removes the location's items whose article is not kept. */
export const deleteItemsExcept = (db: Executor, eventId: number, locationId: number, keep: number[]) =>
  db
    .delete(locationArticles)
    .where(
      and(
        eq(locationArticles.eventId, eventId),
        eq(locationArticles.locationId, locationId),
        keep.length ? notInArray(locationArticles.articleId, keep) : undefined,
      ),
    );

export async function upsertItems(
  db: Executor,
  eventId: number,
  locationId: number,
  values: { articleId: number; price: number; sortOrder: number; isManual: number; visible: number }[],
) {
  if (!values.length) return;
  await db
    .insert(locationArticles)
    .values(values.map((v) => ({ ...v, eventId, locationId })))
    .onConflictDoUpdate({
      target: [locationArticles.eventId, locationArticles.locationId, locationArticles.articleId],
      set: {
        price: sql`excluded.price`,
        sortOrder: sql`excluded.sort_order`,
        isManual: sql`excluded.is_manual`,
        visible: sql`excluded.visible`,
        updatedAt: new Date(),
      },
    });
}

/** Removes the location's sticks (all, or those of one parent). */
export const deleteSticks = (db: Executor, eventId: number, locationId: number, parentId?: number) =>
  db
    .delete(locationArticleSticks)
    .where(
      and(
        eq(locationArticleSticks.eventId, eventId),
        eq(locationArticleSticks.locationId, locationId),
        parentId !== undefined ? eq(locationArticleSticks.articleId, parentId) : undefined,
      ),
    );

/** Removes the location's sticks whose parent or child is no longer on the menu. */
export const pruneSticks = (db: Executor, eventId: number, locationId: number, menu: number[]) =>
  db
    .delete(locationArticleSticks)
    .where(
      and(
        eq(locationArticleSticks.eventId, eventId),
        eq(locationArticleSticks.locationId, locationId),
        menu.length
          ? or(
              notInArray(locationArticleSticks.articleId, menu),
              notInArray(locationArticleSticks.stickArticleId, menu),
            )
          : undefined,
      ),
    );

export async function insertSticks(
  db: Executor,
  eventId: number,
  locationId: number,
  sticks: { articleId: number; stickArticleId: number; quantity: number }[],
) {
  if (sticks.length) {
    await db.insert(locationArticleSticks).values(sticks.map((s) => ({ ...s, eventId, locationId })));
  }
}
