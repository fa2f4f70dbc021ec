import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';
import {
  addons,
  articles,
  images,
  locations,
  rolAccess,
  rolAddons,
  rolArticles,
  rolLocations,
  rols,
  rolTimeRanges,
  tickets,
  timeRanges,
  wristbands,
  zones,
} from '../../../core/db/schema';

export type RolRow = typeof rols.$inferSelect;
export type RolWithImage = { rol: RolRow; imageUrl: string | null };
type Child =
  | typeof rolLocations
  | typeof rolTimeRanges
  | typeof rolAccess
  | typeof rolAddons
  | typeof rolArticles;

/** T: where a rol is validated; P: where its pre-top-ups are loaded. */
export type LocationKind = 'T' | 'P';

const withImage = { rol: rols, imageUrl: images.url };

/** The event's rols with their image's address, by name. */
export const listRols = (db: Executor, eventId: number) =>
  db
    .select(withImage)
    .from(rols)
    .leftJoin(images, eq(images.id, rols.imageId))
    .where(eq(rols.eventId, eventId))
    .orderBy(asc(rols.name), asc(rols.id));

export const findRol = async (db: Executor, eventId: number, id: number) =>
  (
    await db
      .select()
      .from(rols)
      .where(and(eq(rols.eventId, eventId), eq(rols.id, id)))
      .limit(1)
  )[0];

/**
 * The rol, locked until the transaction ends (a delete checks what names it by plain id under this
 * lock; `rolsInEvent` takes the shared side, so a save naming the rol and its delete never cross).
 */
export const lockRol = async (db: Executor, eventId: number, id: number) =>
  (
    await db
      .select()
      .from(rols)
      .where(and(eq(rols.eventId, eventId), eq(rols.id, id)))
      .for('update')
  )[0];

/** The ids among `ids` that are rols of this event, share-locked until the transaction ends. */
export async function rolsInEvent(db: Executor, eventId: number, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Set<number>();
  const rows = await db
    .select({ id: rols.id })
    .from(rols)
    .where(and(eq(rols.eventId, eventId), inArray(rols.id, unique)))
    .for('share');
  return new Set(rows.map((r) => r.id));
}

/** The children of the event's rols (of one rol when `rolId` is given), in the order they were saved. */
export async function listChildren(db: Executor, eventId: number, rolId?: number) {
  const of = (t: Child) =>
    rolId === undefined ? eq(t.eventId, eventId) : and(eq(t.eventId, eventId), eq(t.rolId, rolId));
  const [locs, ranges, access, addonRows, articleRows] = await Promise.all([
    db.select().from(rolLocations).where(of(rolLocations)).orderBy(asc(rolLocations.id)),
    db.select().from(rolTimeRanges).where(of(rolTimeRanges)).orderBy(asc(rolTimeRanges.id)),
    db.select().from(rolAccess).where(of(rolAccess)).orderBy(asc(rolAccess.id)),
    db.select().from(rolAddons).where(of(rolAddons)).orderBy(asc(rolAddons.id)),
    db.select().from(rolArticles).where(of(rolArticles)).orderBy(asc(rolArticles.id)),
  ]);
  return { locations: locs, timeRanges: ranges, access, addons: addonRows, articles: articleRows };
}
export type RolChildren = Awaited<ReturnType<typeof listChildren>>;

/** Serialises the creations of an event's rols (the limit of 127). */
export const lockEventRols = (db: Executor, eventId: number) =>
  db.execute(sql`select pg_advisory_xact_lock(1800::int, ${eventId}::int)`);

export const countRols = async (db: Executor, eventId: number) =>
  Number((await db.select({ n: count() }).from(rols).where(eq(rols.eventId, eventId)))[0]?.n ?? 0);

/** Whether another rol of the event has this name (ignoring case). */
export const nameTaken = async (db: Executor, eventId: number, name: string, exceptId?: number) =>
  (
    await db
      .select({ id: rols.id })
      .from(rols)
      .where(
        and(
          eq(rols.eventId, eventId),
          sql`lower(${rols.name}) = lower(${name})`,
          exceptId !== undefined ? ne(rols.id, exceptId) : undefined,
        ),
      )
      .limit(1)
  ).length > 0;

export async function insertRol(db: Executor, values: typeof rols.$inferInsert) {
  const [row] = await db.insert(rols).values(values).returning();
  return row!;
}

export async function updateRol(
  db: Executor,
  eventId: number,
  id: number,
  values: Partial<typeof rols.$inferInsert>,
) {
  const [row] = await db
    .update(rols)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(rols.eventId, eventId), eq(rols.id, id)))
    .returning();
  return row!;
}

export interface RolLists {
  locations: { kind: LocationKind; locationId: number }[];
  timeRangeIds: number[];
  access: { zoneId: number; timeRangeId: number; nAccess: number }[];
  addonIds: number[];
  articles: { articleId: number; quantity: number }[];
}

/** Replaces every list of a rol. */
export async function replaceLists(db: Executor, eventId: number, rolId: number, lists: RolLists) {
  for (const t of [rolLocations, rolTimeRanges, rolAccess, rolAddons, rolArticles] as Child[]) {
    await db.delete(t).where(and(eq(t.eventId, eventId), eq(t.rolId, rolId)));
  }
  const base = { eventId, rolId };
  if (lists.locations.length)
    await db.insert(rolLocations).values(lists.locations.map((l) => ({ ...base, ...l })));
  if (lists.timeRangeIds.length)
    await db
      .insert(rolTimeRanges)
      .values(lists.timeRangeIds.map((timeRangeId) => ({ ...base, timeRangeId })));
  if (lists.access.length) await db.insert(rolAccess).values(lists.access.map((a) => ({ ...base, ...a })));
  if (lists.addonIds.length)
    await db.insert(rolAddons).values(lists.addonIds.map((addonId) => ({ ...base, addonId })));
  if (lists.articles.length)
    await db.insert(rolArticles).values(lists.articles.map((a) => ({ ...base, ...a })));
}

export const deleteRol = (db: Executor, eventId: number, id: number) =>
  db.delete(rols).where(and(eq(rols.eventId, eventId), eq(rols.id, id)));

// ---------------------------------------------------------------------------------------------------
// What refers to a rol by plain id

/** Wristbands of the event holding the rol. */
export const wristbandsHolding = async (db: Executor, eventId: number, rolId: number) =>
  Number(
    (
      await db
        .select({ n: count() })
        .from(wristbands)
        .where(and(eq(wristbands.eventId, eventId), eq(wristbands.roleId, rolId)))
    )[0]?.n ?? 0,
  );

/** Tickets of the event of this rol. */
export const ticketsOf = async (db: Executor, eventId: number, rolId: number) =>
  Number(
    (
      await db
        .select({ n: count() })
        .from(tickets)
        .where(and(eq(tickets.eventId, eventId), eq(tickets.roleId, rolId)))
    )[0]?.n ?? 0,
  );

/** Names of the event's articles that ban the rol (the first few), or '' when none does. */
export async function articlesBanning(db: Executor, eventId: number, rolId: number) {
  const rows = await db
    .select({ name: articles.name })
    .from(articles)
    .where(and(eq(articles.eventId, eventId), sql`${rolId} = any(${articles.bannedRoleIds})`))
    .orderBy(asc(articles.name))
    .limit(6);
  if (!rows.length) return '';
  const names = rows.slice(0, 5).map((r) => r.name);
  return rows.length > 5 ? `${names.join(', ')}, …` : names.join(', ');
}

// ---------------------------------------------------------------------------------------------------
// Choices of the screen and the ids a save may name

const byName = <T extends typeof articles | typeof locations | typeof zones | typeof addons>(t: T) => [
  asc(t.name),
  asc(t.id),
];

export const articleOptions = (db: Executor, eventId: number) =>
  db
    .select({ id: articles.id, name: articles.name })
    .from(articles)
    .where(eq(articles.eventId, eventId))
    .orderBy(...byName(articles));
export const locationOptions = (db: Executor, eventId: number) =>
  db
    .select({ id: locations.id, name: locations.name })
    .from(locations)
    .where(eq(locations.eventId, eventId))
    .orderBy(...byName(locations));
export const zoneOptions = (db: Executor, eventId: number) =>
  db
    .select({ id: zones.id, name: zones.name })
    .from(zones)
    .where(eq(zones.eventId, eventId))
    .orderBy(...byName(zones));
export const addonOptions = (db: Executor, eventId: number) =>
  db
    .select({ id: addons.id, name: addons.name })
    .from(addons)
    .where(eq(addons.eventId, eventId))
    .orderBy(...byName(addons));
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

const TABLES = { articles, locations, zones, addons, timeRanges } as const;
export type RefKind = keyof typeof TABLES;

/** The ids among `ids` that are rows of this event. */
export async function existingIds(db: Executor, kind: RefKind, eventId: number, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Set<number>();
  const t = TABLES[kind] as unknown as typeof zones;
  const rows = await db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.eventId, eventId), inArray(t.id, unique)));
  return new Set(rows.map((r) => r.id));
}

/** The event's rols as other screens offer them (id + name, by name): the articles' banned roles. */
export const rolOptions = (db: Executor, eventId: number) =>
  db
    .select({ id: rols.id, name: rols.name })
    .from(rols)
    .where(eq(rols.eventId, eventId))
    .orderBy(asc(rols.name), asc(rols.id));
