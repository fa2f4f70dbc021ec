/**
 * What a gate decides by, as the device configuration carries it (contracts DeviceConfig `access`) and
 * the wristband lookup adds (its role, flags, last zone and latest entries): the inputs of the shared
 * `decideAccess`.
 */
import {
  ACCESS_ENTRIES_KEPT,
  type DeviceConfig,
  type DeviceOccupancy,
  type DeviceWristband,
} from '@pulsera/contracts';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Executor } from '../../../core/db/client';
import { accessRecords, flagAccess, rolAccess, rolTimeRanges, timeRanges } from '../../../core/db/schema';
import { zoneOccupancy } from '../../reports';

/** The event's rows of one table, in id order: the same query for each access table. */
function eventRows<S extends SelectedFields>(
  db: Executor,
  table: PgTable & { id: PgColumn; eventId: PgColumn },
  fields: S,
  eventId: number,
): Promise<SelectResultFields<S>[]> {
  return db.select(fields).from(table).where(eq(table.eventId, eventId)).orderBy(asc(table.id)) as Promise<
    SelectResultFields<S>[]
  >;
}

/** The event's time ranges, the roles' and flags' access entries and the roles' own time ranges. */
export async function accessRules(db: Executor, eventId: number): Promise<DeviceConfig['access']> {
  const [ranges, roleAccess, flagEntries, roleTimeRanges] = await Promise.all([
    eventRows(
      db,
      timeRanges,
      {
        id: timeRanges.id,
        dateStart: timeRanges.dateStart,
        dateEnd: timeRanges.dateEnd,
        timeStart: timeRanges.timeStart,
        timeEnd: timeRanges.timeEnd,
        weekdays: timeRanges.weekdays,
        accessUsage: timeRanges.accessUsage,
      },
      eventId,
    ),
    eventRows(
      db,
      rolAccess,
      {
        roleId: rolAccess.rolId,
        zoneId: rolAccess.zoneId,
        timeRangeId: rolAccess.timeRangeId,
        nAccess: rolAccess.nAccess,
      },
      eventId,
    ),
    eventRows(
      db,
      flagAccess,
      {
        flagId: flagAccess.flagId,
        zoneId: flagAccess.zoneId,
        timeRangeId: flagAccess.timeRangeId,
        allowMultipleEntry: flagAccess.allowMultipleEntry,
      },
      eventId,
    ),
    eventRows(
      db,
      rolTimeRanges,
      { roleId: rolTimeRanges.rolId, timeRangeId: rolTimeRanges.timeRangeId },
      eventId,
    ),
  ]);
  return { timeRanges: ranges, roleAccess, flagAccess: flagEntries, roleTimeRanges };
}

/** A known wristband's latest accepted passages: the zone the last led into and its entries. */
export async function wristbandPassages(
  db: Executor,
  eventId: number,
  wristbandId: number,
): Promise<Pick<DeviceWristband, 'lastZone' | 'entries'>> {
  const rows = await db
    .select({ zoneTo: accessRecords.zoneTo, at: accessRecords.dateLocal })
    .from(accessRecords)
    .where(
      and(
        eq(accessRecords.eventId, eventId),
        eq(accessRecords.wristbandId, wristbandId),
        inArray(accessRecords.acceso, ['S', 'W']),
      ),
    )
    .orderBy(desc(accessRecords.dateLocal), desc(accessRecords.id))
    .limit(ACCESS_ENTRIES_KEPT);
  return {
    lastZone: rows[0]?.zoneTo ?? null,
    entries: rows
      .filter((r) => r.zoneTo !== null)
      .map((r) => ({ zoneId: r.zoneTo!, at: r.at.toISOString() })),
  };
}

/** The people in each zone with capacity control now (entries less exits since its last reset). */
export async function liveOccupancy(
  db: Executor,
  eventId: number,
  at = new Date(),
): Promise<DeviceOccupancy> {
  const rows = await zoneOccupancy(db, eventId, at);
  return {
    at: at.toISOString(),
    zones: rows
      .filter((z) => z.capacity >= 0)
      .map((z) => ({ zoneId: z.id, inside: Math.max(0, z.entries - z.exits) })),
  };
}
