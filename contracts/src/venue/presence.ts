import { z } from 'zod';
import { id, queryId } from '../inputs';

/**
 * Presence control (02-catalogue §2 Presence control, §3 Presence record / Presence summary, §4, §7
 * Presence, §9; 01-console §2 admin/reports/control-presence, permission control_presence). The
 * records are the terminals' presence checks (POST /api/device/sync, kind 'presence').
 */

/** 02-catalogue §9: typing in the filter is debounced 300 ms. */
export const PRESENCE_FILTER_DEBOUNCE_MS = 300;
/** The most records one deletion may name. */
export const PRESENCE_DELETE_MAX = 1000;
export const PRESENCE_TYPES = ['in', 'out'] as const;
export type PresenceType = (typeof PRESENCE_TYPES)[number];

/**
 * What a summary's `hours` holds when it is not a worked time ("H:MM"): no checks at all, a check-in
 * without its check-out, or a check-out without a check-in before it. The screen shows hours green
 * when they contain a colon-separated time, else red (02-catalogue §3).
 */
export const PRESENCE_HOURS_ISSUES = ['noChecks', 'missingCheckOut', 'missingCheckIn'] as const;
export type PresenceHoursIssue = (typeof PRESENCE_HOURS_ISSUES)[number];
/** "H:MM" (hours may pass 24). */
export const PRESENCE_HOURS_PATTERN = /^\d+:\d{2}$/;
export const isWorkedTime = (hours: string) => PRESENCE_HOURS_PATTERN.test(hours);

const flag = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .or(z.boolean());

/** GET /controlPresence: the filter (staff name, last location, at least one action). */
export const PresenceListQuery = z.object({
  name: z.string().trim().max(150).optional(),
  idLocation: queryId().optional(),
  withActions: flag.optional().default(false),
});
export type PresenceListQuery = z.input<typeof PresenceListQuery>;

/** One staff member's presence (02-catalogue §3 Presence summary). */
export const PresenceSummary = z.object({
  /** The staff member's id (the id the terminals record). */
  idStaff: z.number().int(),
  /** The staff member's name; `#id` when the staff member no longer exists in the event. */
  staff: z.string(),
  user: z.string().nullable(),
  isIntern: z.boolean(),
  nChecks: z.number().int(),
  /** Worked time over check-in → check-out pairs as "H:MM", or one of PRESENCE_HOURS_ISSUES. */
  hours: z.string(),
  lastType: z.enum(PRESENCE_TYPES).nullable(),
  lastDate: z.string().nullable(),
  idLastLocation: z.number().int().nullable(),
  lastLocation: z.string().nullable(),
});
export type PresenceSummary = z.infer<typeof PresenceSummary>;

export const PresenceListResult = z.object({
  /** Internal and external staff alike; `isIntern` tells the two tables apart. */
  staff: z.array(PresenceSummary),
  /** The choices of the last-location filter: every last location of the event's staff. */
  locations: z.array(z.object({ id: z.number().int(), nombre: z.string() })),
});
export type PresenceListResult = z.infer<typeof PresenceListResult>;

/** One presence check (02-catalogue §3 Presence record). */
export const PresenceRecord = z.object({
  id: z.number().int(),
  type: z.enum(PRESENCE_TYPES),
  /** When the check happened (the terminal's time). */
  datePresence: z.string(),
  idController: z.number().int().nullable(),
  controller: z.string().nullable(),
  idLocation: z.number().int().nullable(),
  location: z.string().nullable(),
  idDevice: z.number().int().nullable(),
  device: z.string().nullable(),
  /** When the server recorded it. */
  date: z.string(),
  date_update: z.string(),
});
export type PresenceRecord = z.infer<typeof PresenceRecord>;

/** GET /controlPresence/{id}: the staff member's summary and records, oldest first. */
export const PresenceDetail = z.object({
  summary: PresenceSummary,
  records: z.array(PresenceRecord),
});
export type PresenceDetail = z.infer<typeof PresenceDetail>;

/** POST /controlPresence/delete {idControls}: all of them or none, only the selected event's. */
export const PresenceDeleteRequest = z.object({
  idControls: z
    .array(id())
    .min(1)
    .max(PRESENCE_DELETE_MAX)
    .transform((v) => [...new Set(v)]),
});
export type PresenceDeleteRequest = z.input<typeof PresenceDeleteRequest>;
