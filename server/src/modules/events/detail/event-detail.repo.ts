import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';
import {
  applications,
  appParams,
  articles,
  currencies,
  devices,
  eventParamExceptions,
  eventParams,
  events,
  eventTeams,
  kioskButtons,
  languages,
  locations,
  promoters,
  provinces,
  teams,
} from '../../../core/db/schema';

export type EventRow = typeof events.$inferSelect;
export type EventValues = Partial<typeof events.$inferInsert>;

/** The event row, locked until the transaction ends (concurrent saves wait, then see the new time). */
export const lockEvent = async (db: Executor, id: number) =>
  (await db.select().from(events).where(eq(events.id, id)).for('update').limit(1))[0];

/** The event's balance operations and sales: each was priced at the exchange rate of its day. */
export async function countOperations(db: Executor, eventId: number) {
  const res = await db.execute(sql`select
    (select count(*) from top_ups where event_id = ${eventId})
    + (select count(*) from sales where event_id = ${eventId}) as n`);
  return Number((res as unknown as { rows: { n: unknown }[] }).rows[0]?.n ?? 0);
}

export const findEvent = async (db: Executor, id: number) =>
  (await db.select().from(events).where(eq(events.id, id)).limit(1))[0];

export async function insertEvent(db: Executor, values: typeof events.$inferInsert) {
  const [row] = await db.insert(events).values(values).returning();
  return row!;
}

export const updateEvent = (db: Executor, id: number, values: EventValues) =>
  db.update(events).set(values).where(eq(events.id, id));

/**
 * A configured language by its iso, held (FOR KEY SHARE) until the transaction ends: a concurrent
 * delete, or change of its iso, waits and then finds the event that uses it.
 */
export const holdLanguage = async (db: Executor, iso: string) =>
  (
    await db
      .select({ iso: languages.iso })
      .from(languages)
      .where(eq(languages.iso, iso))
      .limit(1)
      .for('key share')
  )[0];

export const findPromoter = async (db: Executor, id: number) =>
  (await db.select().from(promoters).where(eq(promoters.id, id)).limit(1))[0];

/** A currency the event may use: a global one, or one of the event's own. */
export const findUsableCurrency = async (db: Executor, id: number, eventId: number | null) =>
  (
    await db
      .select()
      .from(currencies)
      .where(
        and(
          eq(currencies.id, id),
          eventId === null
            ? isNull(currencies.eventId)
            : or(isNull(currencies.eventId), eq(currencies.eventId, eventId)),
        ),
      )
      .limit(1)
  )[0];

export const findProvince = async (db: Executor, id: number) =>
  (await db.select({ id: provinces.id }).from(provinces).where(eq(provinces.id, id)).limit(1))[0];

export const existingTeamIds = async (db: Executor, ids: number[]) =>
  ids.length
    ? (await db.select({ id: teams.id }).from(teams).where(inArray(teams.id, ids))).map((r) => r.id)
    : [];

export async function replaceEventTeams(db: Executor, eventId: number, teamIds: number[]) {
  await db.delete(eventTeams).where(eq(eventTeams.eventId, eventId));
  if (teamIds.length) await db.insert(eventTeams).values(teamIds.map((teamId) => ({ eventId, teamId })));
}

export const eventArticleIds = async (db: Executor, eventId: number, ids: number[]) =>
  ids.length
    ? (
        await db
          .select({ id: articles.id })
          .from(articles)
          .where(and(eq(articles.eventId, eventId), inArray(articles.id, ids)))
      ).map((r) => r.id)
    : [];

// Event parameters

export const findAppParam = async (db: Executor, id: number) =>
  (await db.select().from(appParams).where(eq(appParams.id, id)).limit(1))[0];

export async function upsertEventParam(db: Executor, eventId: number, paramId: number, value: string | null) {
  await db
    .insert(eventParams)
    .values({ eventId, paramId, value })
    .onConflictDoUpdate({
      target: [eventParams.eventId, eventParams.paramId],
      set: { value, updatedAt: new Date() },
    });
}

export async function replaceParamExceptions(
  db: Executor,
  eventId: number,
  paramId: number,
  rows: { idLocation: number | null; idDevice: number | null; value: string }[],
) {
  await db
    .delete(eventParamExceptions)
    .where(and(eq(eventParamExceptions.eventId, eventId), eq(eventParamExceptions.paramId, paramId)));
  if (rows.length) {
    await db.insert(eventParamExceptions).values(rows.map((r) => ({ ...r, eventId, paramId })));
  }
}

export const listApplications = (db: Executor) =>
  db
    .select({ id: applications.id, name: applications.name })
    .from(applications)
    .orderBy(asc(applications.id));

export const eventLocations = (db: Executor, eventId: number) =>
  db
    .select({ id: locations.id, nombre: locations.name })
    .from(locations)
    .where(eq(locations.eventId, eventId))
    .orderBy(asc(locations.name), asc(locations.id));

export const eventLocationIds = async (db: Executor, eventId: number, ids: number[]) =>
  ids.length
    ? (
        await db
          .select({ id: locations.id })
          .from(locations)
          .where(and(eq(locations.eventId, eventId), inArray(locations.id, ids)))
      ).map((r) => r.id)
    : [];

/** Devices assigned to the event (a device moves between events; it records into its assigned one). */
export const eventDevices = (db: Executor, eventId: number) =>
  db
    .select({
      id: devices.id,
      name: sql<string>`coalesce(nullif(${devices.description}, ''), ${devices.nSerie})`,
    })
    .from(devices)
    .where(eq(devices.assignedEventId, eventId))
    .orderBy(asc(devices.id));

export const existingDeviceIds = async (db: Executor, ids: number[]) =>
  ids.length
    ? (await db.select({ id: devices.id }).from(devices).where(inArray(devices.id, ids))).map((r) => r.id)
    : [];

// Kiosk

export type KioskButtonRow = typeof kioskButtons.$inferSelect;

export const listKioskButtons = (db: Executor, eventId: number) =>
  db.select().from(kioskButtons).where(eq(kioskButtons.eventId, eventId)).orderBy(asc(kioskButtons.id));

export const findKioskButton = async (db: Executor, eventId: number, id: number) =>
  (
    await db
      .select()
      .from(kioskButtons)
      .where(and(eq(kioskButtons.eventId, eventId), eq(kioskButtons.id, id)))
      .limit(1)
  )[0];

export async function insertKioskButton(db: Executor, values: typeof kioskButtons.$inferInsert) {
  const [row] = await db.insert(kioskButtons).values(values).returning();
  return row!;
}

export async function updateKioskButton(
  db: Executor,
  eventId: number,
  id: number,
  values: Partial<typeof kioskButtons.$inferInsert>,
) {
  const [row] = await db
    .update(kioskButtons)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(kioskButtons.eventId, eventId), eq(kioskButtons.id, id)))
    .returning();
  return row;
}

export const deleteKioskButton = async (db: Executor, eventId: number, id: number) =>
  (
    await db
      .delete(kioskButtons)
      .where(and(eq(kioskButtons.eventId, eventId), eq(kioskButtons.id, id)))
      .returning({ id: kioskButtons.id })
  ).length > 0;
