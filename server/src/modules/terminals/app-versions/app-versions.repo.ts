import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';
import { appVersions, devices } from '../../../core/db/schema';

export type AppVersionRow = typeof appVersions.$inferSelect;

export const findByKey = async (db: Executor, storageKey: string) =>
  (await db.select().from(appVersions).where(eq(appVersions.storageKey, storageKey)).limit(1))[0] ?? null;

export const findById = async (db: Executor, id: number) =>
  (await db.select().from(appVersions).where(eq(appVersions.id, id)).limit(1))[0] ?? null;

/** Records a read file once: a second preview of the same key answers the first row. */
export async function insertOnce(db: Executor, values: typeof appVersions.$inferInsert) {
  const [row] = await db
    .insert(appVersions)
    .values(values)
    .onConflictDoNothing({ target: appVersions.storageKey })
    .returning();
  return row ?? (await findByKey(db, values.storageKey))!;
}

/** Enables a version (again): it becomes the latest of its channel. */
export async function enable(db: Executor, id: number, userId: number) {
  const [row] = await db
    .update(appVersions)
    .set({ enabledAt: new Date(), enabledBy: userId })
    .where(eq(appVersions.id, id))
    .returning();
  return row ?? null;
}

/** The latest enabled version of a channel (the one its terminals must run). */
export const latestEnabled = async (db: Executor, channel: string) =>
  (
    await db
      .select()
      .from(appVersions)
      .where(and(eq(appVersions.channel, channel), isNotNull(appVersions.enabledAt)))
      .orderBy(desc(appVersions.enabledAt), desc(appVersions.id))
      .limit(1)
  )[0] ?? null;

/** Whether a device token's device still holds that key version and is active (for its download). */
export async function deviceMayDownload(db: Executor, id: number, version: number) {
  const [row] = await db
    .select({ version: devices.tokenVersion, inactive: devices.dateInactive })
    .from(devices)
    .where(eq(devices.id, id))
    .limit(1);
  return !!row && row.version === version && (!row.inactive || row.inactive > new Date());
}

/**
 * The same as a scalar subquery (JSON of version_code, version_name, package_name, or null), for the
 * terminal feed's sync to read with its first statement.
 */
export const latestEnabledJsonSql = (channel: string) =>
  sql`(select row_to_json(a) from (
        select version_code, version_name, package_name from app_versions
        where channel = ${channel}::text and enabled_at is not null
        order by enabled_at desc, id desc limit 1
      ) a)`;
