import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';
import { preparedOnce } from '../../../core/db/prepared-once';
import {
  appParams,
  eventParamExceptions,
  gates,
  images,
  kitchens,
  locationArticleSticks,
  locationArticles,
  locations,
  staff,
} from '../../../core/db/schema';

export type LocationRow = typeof locations.$inferSelect;

const withGateAndLogo = {
  location: locations,
  gateName: gates.name,
  logoUrl: images.url,
  numArticles:
    sql<number>`(select count(*) from ${locationArticles} where ${locationArticles.eventId} = ${locations.eventId} and ${locationArticles.locationId} = ${locations.id})`.mapWith(
      Number,
    ),
  numCompounds:
    sql<number>`(select count(distinct ${locationArticleSticks.articleId}) from ${locationArticleSticks} where ${locationArticleSticks.eventId} = ${locations.eventId} and ${locationArticleSticks.locationId} = ${locations.id})`.mapWith(
      Number,
    ),
};

/** The event's locations with the name of their validate-and-access gate and their logo's address. */
export const listLocations = (db: Executor, eventId: number) =>
  preparedOnce(db, 'locations_list', (name) =>
    db
      .select(withGateAndLogo)
      .from(locations)
      .leftJoin(gates, eq(gates.id, locations.gateId))
      .leftJoin(images, eq(images.id, locations.receiptLogoId))
      .where(eq(locations.eventId, sql.placeholder('eventId')))
      .orderBy(asc(locations.name), asc(locations.id))
      .prepare(name),
  ).execute({ eventId });

export const gateOptions = (db: Executor, eventId: number) =>
  preparedOnce(db, 'locations_gate_options', (name) =>
    db
      .select({ id: gates.id, name: gates.name, active: gates.active })
      .from(gates)
      .where(eq(gates.eventId, sql.placeholder('eventId')))
      .orderBy(asc(gates.name), asc(gates.id))
      .prepare(name),
  ).execute({ eventId });

export const findLocation = async (db: Executor, eventId: number, id: number) =>
  (
    await db
      .select()
      .from(locations)
      .where(and(eq(locations.eventId, eventId), eq(locations.id, id)))
      .limit(1)
  )[0];

export const findLocationWithGate = async (db: Executor, eventId: number, id: number) =>
  (await listLocationsWhere(db, eventId, id))[0];

const listLocationsWhere = (db: Executor, eventId: number, id: number) =>
  db
    .select(withGateAndLogo)
    .from(locations)
    .leftJoin(gates, eq(gates.id, locations.gateId))
    .leftJoin(images, eq(images.id, locations.receiptLogoId))
    .where(and(eq(locations.eventId, eventId), eq(locations.id, id)))
    .limit(1);

/** Another location of the event using this prefix, compared case-insensitively. */
export async function prefixTaken(db: Executor, eventId: number, prefix: string, exceptId?: number) {
  const rows = await db
    .select({ id: locations.id })
    .from(locations)
    .where(
      and(
        eq(locations.eventId, eventId),
        sql`lower(${locations.prefix}) = ${prefix.toLowerCase()}`,
        exceptId !== undefined ? ne(locations.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function insertLocation(db: Executor, values: typeof locations.$inferInsert) {
  const [row] = await db.insert(locations).values(values).returning();
  return row!;
}

export async function updateLocation(
  db: Executor,
  eventId: number,
  id: number,
  values: Partial<typeof locations.$inferInsert>,
) {
  await db
    .update(locations)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(locations.eventId, eventId), eq(locations.id, id)));
}

export const deleteLocation = (db: Executor, eventId: number, id: number) =>
  db.delete(locations).where(and(eq(locations.eventId, eventId), eq(locations.id, id)));

export async function locationUsedByGate(db: Executor, eventId: number, id: number) {
  const rows = await db
    .select({ id: gates.id })
    .from(gates)
    .where(and(eq(gates.eventId, eventId), eq(gates.locationId, id)))
    .limit(1);
  return rows.length > 0;
}

export async function locationUsedByKitchen(db: Executor, eventId: number, id: number) {
  const rows = await db
    .select({ id: kitchens.id })
    .from(kitchens)
    .where(and(eq(kitchens.eventId, eventId), eq(kitchens.locationId, id)))
    .limit(1);
  return rows.length > 0;
}

/** The staff who chose this location (their location list names it; null means all and does not). */
export const staffOfLocation = async (db: Executor, eventId: number, id: number) =>
  (
    await db
      .select({ name: staff.name })
      .from(staff)
      .where(and(eq(staff.eventId, eventId), sql`${id} = any(${staff.locationIds})`))
      .orderBy(asc(sql`lower(${staff.name})`), asc(staff.id))
  ).map((r) => r.name);

/** The parameters with an exception of this event for this location. */
export const paramsExceptingLocation = async (db: Executor, eventId: number, id: number) =>
  (
    await db
      .selectDistinct({ name: appParams.name })
      .from(eventParamExceptions)
      .innerJoin(appParams, eq(appParams.id, eventParamExceptions.paramId))
      .where(and(eq(eventParamExceptions.eventId, eventId), eq(eventParamExceptions.idLocation, id)))
      .orderBy(asc(appParams.name))
  ).map((r) => r.name);

/** How many articles the location's menu holds. */
export async function menuSize(db: Executor, eventId: number, id: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(locationArticles)
    .where(and(eq(locationArticles.eventId, eventId), eq(locationArticles.locationId, id)));
  return row?.n ?? 0;
}
