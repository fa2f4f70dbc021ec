import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/client';
import { preparedOnce } from '../../core/db/prepared-once';
import { articles, devices, locations, rols, staff } from '../../core/db/schema';

/**
 * Names of the plain ids the feed records (history keeps ids, decisions.md "Terminal feed"): a report
 * aggregates by id in SQL, then names the few ids it answers. An id whose row is gone stays unnamed
 * (the console shows it as `#id`).
 */
/** The id and name of every row of the event in one table, prepared once per database. */
const NAMED = { staff, locations, articles, rols } as const;

async function namesIn(db: Executor, table: keyof typeof NAMED, eventId: number) {
  const t = NAMED[table];
  const rows = await preparedOnce(db, `report_names_${table}`, (name) =>
    db
      .select({ id: t.id, name: t.name })
      .from(t)
      .where(eq(t.eventId, sql.placeholder('eventId')))
      .prepare(name),
  ).execute({ eventId });
  return new Map(rows.map((r) => [r.id, r.name]));
}

export const staffNames = (db: Executor, eventId: number) => namesIn(db, 'staff', eventId);
export const locationNames = (db: Executor, eventId: number) => namesIn(db, 'locations', eventId);
export const articleNames = (db: Executor, eventId: number) => namesIn(db, 'articles', eventId);
export const rolNames = (db: Executor, eventId: number) => namesIn(db, 'rols', eventId);

/** Devices are global (they move between events): named by serial and description. */
export async function deviceNames(db: Executor, ids: number[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return new Map();
  const rows = await db
    .select({ id: devices.id, serial: devices.nSerie, description: devices.description })
    .from(devices)
    .where(inArray(devices.id, wanted));
  return new Map(rows.map((d) => [d.id, d.description ? `${d.serial} · ${d.description}` : d.serial]));
}

/** The name of an id, or null (unknown or none). */
export const nameOf = (names: Map<number, string>, id: number | null) =>
  id === null ? null : (names.get(id) ?? null);
