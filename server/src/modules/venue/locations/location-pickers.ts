import { type LocationPicker, locationFits } from '@pulsera/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';
import { locations } from '../../../core/db/schema';

/**
 * The location pickers' rule on the server (contracts `LOCATION_PICKERS`): the options a screen gets
 * and the check of what it sends, for bonuses, fees, refund rules, packs and kitchens.
 */
const eventLocations = (db: Executor, eventId: number) =>
  db
    .select({ id: locations.id, name: locations.name, activities: locations.activities })
    .from(locations)
    .where(eq(locations.eventId, eventId))
    .orderBy(asc(locations.name), asc(locations.id));

/** id + name of the locations that fit `picker`, and those in `keep` (named by saved rows). */
export async function pickerLocations(
  db: Executor,
  eventId: number,
  picker: LocationPicker,
  keep: readonly number[] = [],
) {
  const kept = new Set(keep);
  return (await eventLocations(db, eventId))
    .filter((l) => locationFits(picker, l.activities ?? []) || kept.has(l.id))
    .map(({ id, name }) => ({ id, name }));
}

/** Of `ids`, the event's locations that do not fit `picker` and are not in `keep`. */
export async function unfitLocations(
  db: Executor,
  eventId: number,
  picker: LocationPicker,
  ids: readonly number[],
  keep: readonly number[] = [],
) {
  if (!ids.length) return [];
  const kept = new Set(keep);
  const wanted = new Set(ids);
  return (await eventLocations(db, eventId))
    .filter((l) => wanted.has(l.id) && !kept.has(l.id) && !locationFits(picker, l.activities ?? []))
    .map((l) => l.id);
}
