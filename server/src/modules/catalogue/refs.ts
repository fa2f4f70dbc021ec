import type { FieldError } from '@pulsera/contracts';
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../core/db/client';
import { articles, devices, locations, timeRanges, zones } from '../../core/db/schema';
import { AppError } from '../../core/lib/errors';

/**
 * What the catalogue rules refer to (articles, zones, time ranges, locations, devices): the choices
 * the screens offer and the check that ids sent belong to the selected event.
 */

type Named = PgTable & { id: PgColumn; eventId: PgColumn; name: PgColumn };

const TABLES = { articles, zones, timeRanges, locations } satisfies Record<string, Named>;
export type RefKind = keyof typeof TABLES;

/** id + name of the event's rows, by name. */
export const options = async (db: Executor, kind: RefKind, eventId: number) => {
  const t = TABLES[kind] as Named;
  return (await db
    .select({ id: t.id, name: t.name })
    .from(t)
    .where(eq(t.eventId, eventId))
    .orderBy(asc(t.name), asc(t.id))) as { id: number; name: string }[];
};

/** The ids among `ids` that are rows of this event. */
export async function existingIds(db: Executor, kind: RefKind, eventId: number, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Set<number>();
  const t = TABLES[kind] as Named;
  const rows = (await db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.eventId, eventId), inArray(t.id, unique)))) as { id: number }[];
  return new Set(rows.map((r) => r.id));
}

/** Collects field errors and throws them together (400, the shape schema validation gives). */
export class FieldErrors {
  readonly fields: FieldError[] = [];
  add(path: string, message: string) {
    this.fields.push({ path, message });
  }
  throwIfAny() {
    if (this.fields.length) throw new AppError('validation', { fields: this.fields });
  }
}

/** Field errors for each id of `ids` (at `path(i)`) that is not a row of this event. */
export async function checkIds(
  db: Executor,
  errors: FieldErrors,
  kind: RefKind,
  eventId: number,
  ids: readonly number[],
  path: (i: number) => string,
  message: string,
) {
  const found = await existingIds(db, kind, eventId, ids);
  ids.forEach((id, i) => {
    if (!found.has(id)) errors.add(path(i), message);
  });
}

const deviceName = (d: { nSerie: string; description: string | null }) =>
  d.description ? `${d.nSerie} (${d.description})` : d.nSerie;

/**
 * The devices a rule may name: those assigned to the event, plus those the event's rules already
 * name (a device may have moved to another event since; the rule keeps it until it is edited away).
 */
export async function deviceOptions(db: Executor, eventId: number, named: readonly number[]) {
  const kept = [...new Set(named)];
  const rows = await db
    .select({ id: devices.id, nSerie: devices.nSerie, description: devices.description })
    .from(devices)
    .where(
      kept.length
        ? or(eq(devices.assignedEventId, eventId), inArray(devices.id, kept))
        : eq(devices.assignedEventId, eventId),
    )
    .orderBy(asc(devices.nSerie));
  return rows.map((d) => ({ id: d.id, name: deviceName(d) }));
}

/** Device ids a save may keep: assigned to the event, or already named by this rule. */
export async function checkDevices(
  db: Executor,
  errors: FieldErrors,
  eventId: number,
  ids: readonly number[],
  stored: readonly number[],
  path: string,
) {
  const unique = [...new Set(ids)];
  if (!unique.length) return;
  const rows = await db
    .select({ id: devices.id, assigned: devices.assignedEventId })
    .from(devices)
    .where(inArray(devices.id, unique));
  const ok = new Set(rows.filter((r) => r.assigned === eventId || stored.includes(r.id)).map((r) => r.id));
  if (unique.some((id) => !ok.has(id))) errors.add(path, 'validation.unknownDevices');
}

/** Time of day as HH:mm:ss (PostgreSQL may answer fractions of a second). */
export const hms = (t: string) => t.slice(0, 8);

/** The id list without repeats, in the order given. */
export const uniqueIds = (ids: readonly number[]) => [...new Set(ids)];

/** How many names a refusal lists before it cuts the list short. */
export const NAMES_LISTED = 10;

/**
 * The names of what still uses a row, for a refused delete: distinct, in the order given, the first
 * NAMES_LISTED then "… (+n)"; empty when nothing uses it.
 */
export function namesOf(rows: readonly { name: string }[]) {
  const names = [...new Set(rows.map((r) => r.name))];
  const shown = names.slice(0, NAMES_LISTED).join(', ');
  return names.length > NAMES_LISTED ? `${shown}, … (+${names.length - NAMES_LISTED})` : shown;
}
