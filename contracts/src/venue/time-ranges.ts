import { z } from 'zod';
import { keyed, required } from '../catalogue/rule-fields';
import { DATE_BOUNDS, TIME_BOUNDS, WEEKDAYS } from '../constants';
import { id } from '../inputs';

/** 02-catalogue §3 Time range, §4 (defaults on creation), §5, §9 (bounds). */

/** 'HH:mm:ss' between 00:00:00 and 23:59:59. */
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;
/** Weekday letters in the order of LMXJVSD, each at most once. */
export const WEEKDAYS_PATTERN = /^L?M?X?J?V?S?D?$/;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** 'YYYY-MM-DD' naming a real day (not 2021-02-30). */
const isCalendarDate = (v: string) => {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};

/** A time of day 'HH:mm:ss'. */
export const timeOfDay = () =>
  z
    .string(keyed)
    .trim()
    .min(1, { ...required, abort: true })
    .regex(TIME_PATTERN, { error: 'validation.timeFormat' });

/** A calendar date 'YYYY-MM-DD' within 2020-01-01 … 2099-12-31. */
export const boundedDate = () =>
  z
    .string(keyed)
    .trim()
    .min(1, { ...required, abort: true })
    .regex(DATE_PATTERN, { error: 'validation.invalid', abort: true })
    .refine(isCalendarDate, { error: 'validation.invalid', abort: true })
    .refine((v) => v >= DATE_BOUNDS.min, { error: `validation.startBound|{"bound":"${DATE_BOUNDS.min}"}` })
    .refine((v) => v <= DATE_BOUNDS.max, { error: `validation.endBound|{"bound":"${DATE_BOUNDS.max}"}` });

export const weekdays = () =>
  z.string(keyed).trim().min(1, required).regex(WEEKDAYS_PATTERN, { error: 'validation.weekdays' });

export const TimeRange = z.object({
  id: z.number().int(),
  name: z.string(),
  dateStart: z.string(),
  dateEnd: z.string(),
  timeStart: z.string(),
  timeEnd: z.string(),
  weekdays: z.string(),
  accessUsage: z.number().int(),
  date_update: z.string(),
});
export type TimeRange = z.infer<typeof TimeRange>;

/** Start not after end: the error sits under the end date. */
const datesInOrder = (v: { dateStart: string; dateEnd: string }, ctx: z.RefinementCtx) => {
  if (v.dateStart && v.dateEnd && v.dateEnd < v.dateStart) {
    ctx.addIssue({ code: 'custom', path: ['dateEnd'], message: 'validation.endAfterStart' });
  }
};

/**
 * The body of POST /timeRange (the item itself): no id creates, an id updates. On creation the hours
 * are set to 00:00:00–23:59:59 and the weekdays to every day whatever is sent (02-catalogue §4, §9);
 * on an update the hours and the weekdays are required (they are shown for an existing item).
 */
export const TimeRangeSave = z
  .object({
    id: id().optional(),
    // keyed: each issue keeps its own message (a too-long name says so, not "required").
    name: z.string(keyed).trim().min(1, required).max(150),
    dateStart: boundedDate(),
    dateEnd: boundedDate(),
    timeStart: timeOfDay().optional(),
    timeEnd: timeOfDay().optional(),
    weekdays: weekdays().optional(),
    accessUsage: z.number().int().min(0).default(0),
  })
  .superRefine((v, ctx) => {
    datesInOrder(v, ctx);
    if (v.id !== undefined) {
      for (const key of ['timeStart', 'timeEnd', 'weekdays'] as const) {
        if (v[key] === undefined)
          ctx.addIssue({ code: 'custom', path: [key], message: 'validation.required' });
      }
    }
  });
export type TimeRangeSave = z.infer<typeof TimeRangeSave>;

/** The form: the hours and weekdays are only shown (and then required) for an existing item. */
export const TimeRangeForm = z
  .object({
    existing: z.boolean(),
    name: TimeRangeSave.shape.name,
    dateStart: boundedDate(),
    dateEnd: boundedDate(),
    timeStart: z.string().optional(),
    timeEnd: z.string().optional(),
    weekdays: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    datesInOrder(v, ctx);
    if (!v.existing) return;
    for (const key of ['timeStart', 'timeEnd'] as const) {
      const value = v[key] ?? '';
      if (!value) ctx.addIssue({ code: 'custom', path: [key], message: 'validation.required' });
      else if (!TIME_PATTERN.test(value))
        ctx.addIssue({ code: 'custom', path: [key], message: 'validation.timeFormat' });
    }
    if (!v.weekdays) ctx.addIssue({ code: 'custom', path: ['weekdays'], message: 'validation.required' });
  });
export type TimeRangeForm = z.infer<typeof TimeRangeForm>;

export const NEW_TIME_RANGE_DEFAULTS = {
  timeStart: TIME_BOUNDS.min,
  timeEnd: TIME_BOUNDS.max,
  weekdays: WEEKDAYS,
  accessUsage: 0,
} as const;
