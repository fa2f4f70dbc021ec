import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../core/db/client';
import { articles, devices, locations, rols, staff } from '../../core/db/schema';

/**
 * Names of the plain ids the feed records (history keeps ids, decisions.md "Terminal feed"): a report
 * aggregates by id in SQL, then names the few ids it answers. An id whose row is gone stays unnamed
 * (the console shows it as `#id`).
 */
export async function staffNames(db: Executor, eventId: number): Promise<Map<number, string>> {
  const rows = await db
    .select({ id: staff.id, name: staff.name })
    .from(staff)
    .where(eq(staff.eventId, eventId));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function locationNames(db: Executor, eventId: number): Promise<Map<number, string>> {
  const rows = await db
    .select({ id: locations.id, name: locations.name })
    .from(locations)
    .where(eq(locations.eventId, eventId));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function articleNames(db: Executor, eventId: number): Promise<Map<number, string>> {
  const rows = await db
    .select({ id: articles.id, name: articles.name })
    .from(articles)
    .where(eq(articles.eventId, eventId));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function rolNames(db: Executor, eventId: number): Promise<Map<number, string>> {
  const rows = await db.select({ id: rols.id, name: rols.name }).from(rols).where(eq(rols.eventId, eventId));
  return new Map(rows.map((r) => [r.id, r.name]));
}

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
