import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';
import {
  addonFlags,
  addonGifts,
  addons,
  articleAddons,
  articles,
  flags,
  rolAddons,
  rols,
} from '../../../core/db/schema';
import { namesOf } from '../refs';

export type AddonRow = typeof addons.$inferSelect;

export const listAddons = (db: Executor, eventId: number) =>
  db.select().from(addons).where(eq(addons.eventId, eventId)).orderBy(asc(addons.name), asc(addons.id));

export const findAddon = async (db: Executor, eventId: number, id: number) =>
  (
    await db
      .select()
      .from(addons)
      .where(and(eq(addons.eventId, eventId), eq(addons.id, id)))
      .limit(1)
  )[0];

/**
 * The add-on locked for its delete: a save naming it (an article, a rol) waits for the delete, so the
 * uses checked stay the uses there are.
 */
export const lockAddon = async (db: Executor, eventId: number, id: number) =>
  (
    await db
      .select({ id: addons.id })
      .from(addons)
      .where(and(eq(addons.eventId, eventId), eq(addons.id, id)))
      .for('update')
  )[0];

export const listAddonFlags = (db: Executor, eventId: number) =>
  db
    .select({ addonId: addonFlags.addonId, flagId: addonFlags.flagId })
    .from(addonFlags)
    .innerJoin(flags, eq(flags.id, addonFlags.flagId))
    .where(eq(addonFlags.eventId, eventId))
    .orderBy(asc(flags.flagNumber));

export const listAddonGifts = (db: Executor, eventId: number) =>
  db.select().from(addonGifts).where(eq(addonGifts.eventId, eventId));

export const flagOptions = (db: Executor, eventId: number) =>
  db
    .select({ id: flags.id, name: flags.name, flagNumber: flags.flagNumber })
    .from(flags)
    .where(eq(flags.eventId, eventId))
    .orderBy(asc(flags.flagNumber));

export async function insertAddon(db: Executor, values: typeof addons.$inferInsert) {
  const [row] = await db.insert(addons).values(values).returning();
  return row!;
}

export async function updateAddon(
  db: Executor,
  eventId: number,
  id: number,
  values: Partial<typeof addons.$inferInsert>,
) {
  const [row] = await db
    .update(addons)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(addons.eventId, eventId), eq(addons.id, id)))
    .returning();
  return row!;
}

/** Replaces an add-on's flags and gifts. */
export async function replaceChildren(
  db: Executor,
  eventId: number,
  addonId: number,
  flagIds: number[],
  gifts: { articleId: number; quantity: number }[],
) {
  await db.delete(addonFlags).where(and(eq(addonFlags.eventId, eventId), eq(addonFlags.addonId, addonId)));
  await db.delete(addonGifts).where(and(eq(addonGifts.eventId, eventId), eq(addonGifts.addonId, addonId)));
  if (flagIds.length)
    await db.insert(addonFlags).values(flagIds.map((flagId) => ({ eventId, addonId, flagId })));
  if (gifts.length) await db.insert(addonGifts).values(gifts.map((g) => ({ ...g, eventId, addonId })));
}

// ————— What still uses an add-on (refusing its delete) —————

/** The articles that offer the add-on (their Addons tab). */
export const articlesOffering = async (db: Executor, eventId: number, id: number) =>
  namesOf(
    await db
      .select({ name: articles.name })
      .from(articleAddons)
      .innerJoin(articles, eq(articles.id, articleAddons.articleId))
      .where(and(eq(articleAddons.eventId, eventId), eq(articleAddons.addonId, id)))
      .orderBy(asc(articles.name)),
  );

/** The ticket roles that come with the add-on. */
export const rolsComingWith = async (db: Executor, eventId: number, id: number) =>
  namesOf(
    await db
      .select({ name: rols.name })
      .from(rolAddons)
      .innerJoin(rols, eq(rols.id, rolAddons.rolId))
      .where(and(eq(rolAddons.eventId, eventId), eq(rolAddons.addonId, id)))
      .orderBy(asc(rols.name)),
  );

export const deleteAddon = (db: Executor, eventId: number, id: number) =>
  db.delete(addons).where(and(eq(addons.eventId, eventId), eq(addons.id, id)));
