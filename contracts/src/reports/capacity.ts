import { z } from 'zod';
import { instant as dateInRange } from '../inputs';
import { ReportQuery } from './report';

/**
 * The capacities report (admin/reports/capacities, 01-console §2 and §7 Capacity): how many people
 * are inside each zone now (from the access records of the terminal feed), and the realtime log of
 * that occupancy, written every few minutes (CAPACITY_LOG_MINUTES) while the event's capacity-log
 * toggle is on.
 *
 * Occupancy follows the zone hierarchy: a person in a sub-zone is also inside its parent zones. An
 * accepted passage (S allowed, W warning double entry) from zone A to zone B enters every zone that
 * contains B but not A, and leaves every zone that contains A but not B (A or B null = outside). A
 * zone with reset on counts from its last reset (the reset hour in the event's time zone); one without
 * reset counts everything recorded.
 */

const instant = dateInRange();

/** GET /capacity/zone?date: the occupancy at `date` (default now). */
export const CapacityZoneQuery = z.object({ date: instant.optional() });
export type CapacityZoneQuery = z.infer<typeof CapacityZoneQuery>;

export const ZoneOccupancy = z.object({
  id: z.number().int(),
  name: z.string(),
  idZoneParent: z.number().int().nullable(),
  /** -1: no capacity control. */
  capacity: z.number().int(),
  noCheckCapacity: z.number().int(),
  resetCapacity: z.number().int(),
  resetHour: z.string(),
  /** Where the counting starts: the zone's last reset before `date`, or null (everything recorded). */
  since: z.string().nullable(),
  entries: z.number().int(),
  exits: z.number().int(),
  /** entries − exits (never below 0: an exit whose entry was before the reset does not count twice). */
  occupancy: z.number().int(),
  /** Refused at the door because the zone was full (access code NC), since `since`. */
  deniedFull: z.number().int(),
});
export type ZoneOccupancy = z.infer<typeof ZoneOccupancy>;

export const CapacityZoneResult = z.object({
  date: z.string(),
  zones: z.array(ZoneOccupancy),
});
export type CapacityZoneResult = z.infer<typeof CapacityZoneResult>;

/** GET /capacity/log?dateStart&dateEnd: the logged occupancy in the window (default the last 12 hours). */
/** Default window of the log when none is chosen: the last hours up to now. */
export const CAPACITY_LOG_DEFAULT_HOURS = 12;
/** The longest window one call of the log answers. */
export const CAPACITY_LOG_MAX_DAYS = 7;

export const CapacityLogQuery = ReportQuery.refine(
  (q) =>
    !q.dateStart ||
    !q.dateEnd ||
    Date.parse(q.dateEnd) - Date.parse(q.dateStart) <= CAPACITY_LOG_MAX_DAYS * 86_400_000,
  { message: `validation.maxRangeDays|{"max":${CAPACITY_LOG_MAX_DAYS}}`, path: ['dateEnd'] },
);
export type CapacityLogQuery = z.infer<typeof CapacityLogQuery>;

export const CapacityLogPoint = z.object({
  /** The slot's start (ISO). */
  date: z.string(),
  idZone: z.number().int(),
  occupancy: z.number().int(),
});
export type CapacityLogPoint = z.infer<typeof CapacityLogPoint>;

export const CapacityLogResult = z.object({
  dateStart: z.string(),
  dateEnd: z.string(),
  /** Minutes between two points of the log. */
  slotMinutes: z.number().int(),
  zones: z.array(z.object({ id: z.number().int(), name: z.string(), capacity: z.number().int() })),
  points: z.array(CapacityLogPoint),
});
export type CapacityLogResult = z.infer<typeof CapacityLogResult>;
