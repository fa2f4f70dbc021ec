import { z } from 'zod';
import { TIME_BOUNDS } from '../constants';
import { id, queryId } from '../inputs';
import { TIME_PATTERN } from './time-ranges';

/** 02-catalogue §2 Zones, §3 Zone, §5, §9. */

/** Double entry: S allow, W warning (default), N deny. */
export const DOUBLE_ENTRY_MODES = ['S', 'W', 'N'] as const;
export type DoubleEntryMode = (typeof DOUBLE_ENTRY_MODES)[number];

/** Capacity -1 means no capacity control. */
export const NO_CAPACITY_CONTROL = -1;
export const ZONE_CAPACITY_MIN = 1;
export const ZONE_NO_CHECK_CAPACITY_MIN = 0;
export const ZONE_DEFAULTS = {
  modeDoubleIn: 'W',
  capacity: NO_CAPACITY_CONTROL,
  noCheckCapacity: 0,
  resetCapacity: 1,
  resetHour: TIME_BOUNDS.min,
  denyWrite: 0,
} as const;

const flag01 = z.union([z.literal(0), z.literal(1)]);
const required = { error: 'validation.required' } as const;

export const Zone = z.object({
  id: z.number().int(),
  /** A number unique within the event (highest + 1 on creation); DELETE /zones/{idUnique} uses it. */
  idUnique: z.number().int(),
  name: z.string(),
  modeDoubleIn: z.enum(DOUBLE_ENTRY_MODES),
  /** The parent zone's id; null for none. */
  idZoneParent: z.number().int().nullable(),
  capacity: z.number().int(),
  noCheckCapacity: z.number().int(),
  resetCapacity: flag01,
  resetHour: z.string(),
  /** 1: the zone's terminals read wristbands but write nothing on them. */
  denyWrite: flag01,
  date_update: z.string(),
});
export type Zone = z.infer<typeof Zone>;

/**
 * The body of POST /zones {zone}: no id creates, an id updates. The reset hour is required when the
 * reset is on. What the service stores is `normalizeZone` of it.
 */
export const ZoneSave = z
  .object({
    id: id().optional(),
    name: z.string(required).trim().min(1, required).max(150),
    modeDoubleIn: z.enum(DOUBLE_ENTRY_MODES).default(ZONE_DEFAULTS.modeDoubleIn),
    idZoneParent: id().nullable().optional(),
    capacity: z.number().int().min(NO_CAPACITY_CONTROL).default(ZONE_DEFAULTS.capacity),
    noCheckCapacity: z.number().int().default(ZONE_DEFAULTS.noCheckCapacity),
    resetCapacity: flag01.default(ZONE_DEFAULTS.resetCapacity),
    resetHour: z.string().trim().max(20).optional(),
    /** Left out on an update: kept as stored (a client that does not know it changes nothing). */
    denyWrite: flag01.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.resetCapacity === 1 && !v.resetHour) {
      ctx.addIssue({ code: 'custom', path: ['resetHour'], message: 'validation.required' });
    }
  });
export type ZoneSave = z.infer<typeof ZoneSave>;
export const ZoneSaveRequest = z.object({ zone: ZoneSave });

export const ZoneUniqueParam = z.object({ idUnique: queryId() });

/**
 * 02-catalogue §5: a controlled capacity is at least 1 and noCheckCapacity at least 0 (values are
 * clamped up to the minimum); without capacity control noCheckCapacity is 0. The reset hour is kept
 * only when the reset is on and it is a valid hh:mm:ss; otherwise it is saved as 00:00:00.
 */
export function normalizeZone<
  T extends Pick<ZoneSave, 'capacity' | 'noCheckCapacity' | 'resetCapacity' | 'resetHour'>,
>(v: T) {
  const controlled = v.capacity !== NO_CAPACITY_CONTROL;
  return {
    ...v,
    capacity: controlled ? Math.max(v.capacity, ZONE_CAPACITY_MIN) : NO_CAPACITY_CONTROL,
    noCheckCapacity: controlled ? Math.max(v.noCheckCapacity, ZONE_NO_CHECK_CAPACITY_MIN) : 0,
    resetHour:
      v.resetCapacity === 1 && v.resetHour && TIME_PATTERN.test(v.resetHour) ? v.resetHour : TIME_BOUNDS.min,
  };
}

/**
 * The form: capacity control and reset are switches that show their fields. A controlled capacity is
 * required; values below the minimums are not refused but clamped up (02-catalogue §5): the fields
 * raise them when left, and the save applies `normalizeZone` as the server does.
 */
export const ZoneForm = z
  .object({
    name: ZoneSave.shape.name,
    modeDoubleIn: z.enum(DOUBLE_ENTRY_MODES),
    idZoneParent: z.string().nullable(),
    capacityControl: z.boolean(),
    capacity: z.number().int().nullable(),
    noCheckCapacity: z.number().int().nullable(),
    resetCapacity: flag01,
    resetHour: z.string().nullable(),
    denyWrite: flag01,
  })
  .superRefine((v, ctx) => {
    if (v.capacityControl && v.capacity === null) {
      ctx.addIssue({ code: 'custom', path: ['capacity'], message: 'validation.required' });
    }
    if (v.resetCapacity === 1 && !v.resetHour) {
      ctx.addIssue({ code: 'custom', path: ['resetHour'], message: 'validation.required' });
    }
  });
export type ZoneForm = z.infer<typeof ZoneForm>;
