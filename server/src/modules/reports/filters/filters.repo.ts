import type { FilterKind, FilterOption } from '@pulsera/contracts';
import { and, asc, eq, exists, or, sql } from 'drizzle-orm';
import type { Db } from '../../../core/db/client';
import {
  addons,
  articles,
  devices,
  events,
  kitchens,
  locations,
  rols,
  rooms,
  staff,
  syncBatches,
} from '../../../core/db/schema';

/** The event's calendar for the filter bar's day options. */
export async function eventCalendar(db: Db, eventId: number) {
  const [e] = await db
    .select({
      start: events.dateStart,
      end: events.dateEnd,
      timezone: events.timezone,
      offset: events.offsetHours,
    })
    .from(events)
    .where(eq(events.id, eventId))
    .limit(1);
  return e!;
}

const byName = <T extends FilterOption>(rows: T[]) =>
  rows.sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id - b.id);

/** The options of one kind, id + name, sorted by name (the bar puts "All" first). */
/** The event's locations with their NFC activities (a report offers those that fit it). */
export const locationOptions = async (db: Db, eventId: number) =>
  byName(
    await db
      .select({ id: locations.id, name: locations.name, activities: locations.activities })
      .from(locations)
      .where(eq(locations.eventId, eventId)),
  );

export async function options(
  db: Db,
  eventId: number,
  kind: Exclude<FilterKind, 'staffs'>,
): Promise<FilterOption[]> {
  switch (kind) {
    case 'locations':
      return locationOptions(db, eventId);
    case 'articles':
      return byName(
        await db
          .select({ id: articles.id, name: articles.name })
          .from(articles)
          .where(eq(articles.eventId, eventId)),
      );
    case 'addons':
      return byName(
        await db.select({ id: addons.id, name: addons.name }).from(addons).where(eq(addons.eventId, eventId)),
      );
    case 'kitchens':
      return byName(
        await db
          .select({ id: kitchens.id, name: kitchens.name })
          .from(kitchens)
          .where(eq(kitchens.eventId, eventId)),
      );
    case 'rooms':
      return byName(
        await db.select({ id: rooms.id, name: rooms.name }).from(rooms).where(eq(rooms.eventId, eventId)),
      );
    case 'devices': {
      // The devices assigned to the event and any that sent it operations (a borrowed handheld).
      const rows = await db
        .select({ id: devices.id, serial: devices.nSerie, description: devices.description })
        .from(devices)
        .where(
          or(
            eq(devices.assignedEventId, eventId),
            exists(
              db
                .select({ one: sql`1` })
                .from(syncBatches)
                .where(and(eq(syncBatches.eventId, eventId), eq(syncBatches.deviceId, devices.id))),
            ),
          ),
        )
        .orderBy(asc(devices.nSerie));
      return byName(
        rows.map((d) => ({ id: d.id, name: d.description ? `${d.serial} · ${d.description}` : d.serial })),
      );
    }
    case 'roles':
      return byName(
        await db.select({ id: rols.id, name: rols.name }).from(rols).where(eq(rols.eventId, eventId)),
      );
  }
}

export async function staffOptions(db: Db, eventId: number, trust?: string) {
  const rows = await db
    .select({ id: staff.id, name: staff.name, intern: staff.intern, trusts: staff.trusts })
    .from(staff)
    .where(eq(staff.eventId, eventId));
  return byName(
    rows
      .filter((s) => !trust || s.trusts.toUpperCase().includes(trust))
      .map((s) => ({ id: s.id, name: s.name, intern: s.intern })),
  );
}
