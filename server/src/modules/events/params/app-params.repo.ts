import { and, asc, count, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';
import {
  applications,
  appParamExceptions,
  appParams,
  devices,
  eventParams,
  events,
  locations,
} from '../../../core/db/schema';

export type AppParamRow = typeof appParams.$inferSelect;

/** Every global parameter with its application's name and how many events give it a value. */
export function listAppParams(db: Executor) {
  const used = db
    .select({ paramId: eventParams.paramId, n: count().as('n') })
    .from(eventParams)
    .groupBy(eventParams.paramId)
    .as('used');
  return db
    .select({
      id: appParams.id,
      nameUnique: appParams.nameUnique,
      name: appParams.name,
      description: appParams.description,
      defaultValue: appParams.defaultValue,
      idApp: appParams.idApp,
      appName: applications.name,
      module: appParams.module,
      eventCount: sql<number>`coalesce(${used.n}, 0)::int`,
      updatedAt: appParams.updatedAt,
    })
    .from(appParams)
    .leftJoin(applications, eq(applications.id, appParams.idApp))
    .leftJoin(used, eq(used.paramId, appParams.id))
    .orderBy(asc(applications.name), asc(appParams.name), asc(appParams.id));
}

export const listModules = async (db: Executor) =>
  (
    await db
      .selectDistinct({ module: appParams.module })
      .from(appParams)
      .where(isNotNull(appParams.module))
      .orderBy(asc(appParams.module))
  ).map((r) => r.module!);

/** The parameter, locked until the transaction ends. */
export const lockAppParam = async (db: Executor, id: number) =>
  (await db.select().from(appParams).where(eq(appParams.id, id)).for('update').limit(1))[0];

/** Another parameter with this variable name, ignoring case. */
export async function variableNameTaken(db: Executor, nameUnique: string, exceptId?: number) {
  const rows = await db
    .select({ id: appParams.id })
    .from(appParams)
    .where(
      and(
        sql`lower(${appParams.nameUnique}) = lower(${nameUnique})`,
        exceptId !== undefined ? ne(appParams.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export const applicationExists = async (db: Executor, id: number) =>
  (await db.select({ id: applications.id }).from(applications).where(eq(applications.id, id)).limit(1))
    .length > 0;

export async function insertAppParam(db: Executor, values: typeof appParams.$inferInsert) {
  const [row] = await db.insert(appParams).values(values).returning();
  return row!;
}

export async function updateAppParam(
  db: Executor,
  id: number,
  values: Partial<typeof appParams.$inferInsert>,
) {
  const [row] = await db
    .update(appParams)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(appParams.id, id))
    .returning();
  return row!;
}

/** Deletes the parameter; the events' values and exceptions go with it (cascade). */
export const deleteAppParam = (db: Executor, id: number) => db.delete(appParams).where(eq(appParams.id, id));

/** Every global parameter's exceptions, in the order they were saved. */
export const listAllExceptions = (db: Executor) =>
  db
    .select({
      paramId: appParamExceptions.paramId,
      idLocation: appParamExceptions.idLocation,
      idDevice: appParamExceptions.idDevice,
      value: appParamExceptions.value,
    })
    .from(appParamExceptions)
    .orderBy(asc(appParamExceptions.id));

/** The parameter's exceptions become these (replaced in full). */
export async function replaceExceptions(
  db: Executor,
  paramId: number,
  rows: { idLocation: number | null; idDevice: number | null; value: string }[],
) {
  await db.delete(appParamExceptions).where(eq(appParamExceptions.paramId, paramId));
  if (rows.length) await db.insert(appParamExceptions).values(rows.map((r) => ({ ...r, paramId })));
}

/** The places a global exception may name: every event's locations, the registry's devices. */
export const exceptionLocations = (db: Executor) =>
  db
    .select({ id: locations.id, name: locations.name, eventName: events.name })
    .from(locations)
    .innerJoin(events, eq(events.id, locations.eventId))
    .orderBy(asc(events.name), asc(locations.name));
export const exceptionDevices = (db: Executor) =>
  db.select({ id: devices.id, name: devices.nSerie }).from(devices).orderBy(asc(devices.nSerie));

export const existingLocationIds = async (db: Executor, ids: number[]) =>
  ids.length
    ? (await db.select({ id: locations.id }).from(locations).where(inArray(locations.id, ids))).map(
        (r) => r.id,
      )
    : [];
