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
import type { Executor } from '../../../core/db/client';
import { accessRecords, flagAccess, rolAccess, timeRanges } from '../../../core/db/schema';
import { zoneOccupancy } from '../../reports';

/** The event's time ranges and the roles' and flags' access entries. */
export async function accessRules(db: Executor, eventId: number): Promise<DeviceConfig['access']> {
  const [ranges, roleAccess, flagEntries] = await Promise.all([
    db
      .select({
        id: timeRanges.id,
        dateStart: timeRanges.dateStart,
        dateEnd: timeRanges.dateEnd,
        timeStart: timeRanges.timeStart,
        timeEnd: timeRanges.timeEnd,
        weekdays: timeRanges.weekdays,
      })
      .from(timeRanges)
      .where(eq(timeRanges.eventId, eventId))
      .orderBy(asc(timeRanges.id)),
    db
      .select({
        roleId: rolAccess.rolId,
        zoneId: rolAccess.zoneId,
        timeRangeId: rolAccess.timeRangeId,
        nAccess: rolAccess.nAccess,
      })
      .from(rolAccess)
      .where(eq(rolAccess.eventId, eventId))
      .orderBy(asc(rolAccess.id)),
    db
      .select({
        flagId: flagAccess.flagId,
        zoneId: flagAccess.zoneId,
        timeRangeId: flagAccess.timeRangeId,
        allowMultipleEntry: flagAccess.allowMultipleEntry,
      })
      .from(flagAccess)
      .where(eq(flagAccess.eventId, eventId))
      .orderBy(asc(flagAccess.id)),
  ]);
  return { timeRanges: ranges, roleAccess, flagAccess: flagEntries };
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
