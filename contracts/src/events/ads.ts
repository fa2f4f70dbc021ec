import { z } from 'zod';
import { WEEKDAYS } from '../constants';
import { INT4_MAX, id } from '../inputs';
import { ImageAttachRequest, ImageDeleteRequest } from '../upload';
import { boundedDate, timeOfDay, weekdays } from '../venue/time-ranges';

/**
 * Kiosk ads (02-catalogue §2 Kiosk ads, §3 Ad, §4, §5, §7 Ads, §9; permission publicidadKiosco).
 * Times travel in the event's local time and are stored in UTC: the server converts them with the
 * event's time zone (02-catalogue §7 "Ad reads convert times from UTC to local"; docs/decisions/events.md).
 */

export const AD_DEFAULTS = { dayWeek: WEEKDAYS } as const;

export const Ad = z.object({
  id: z.number().int(),
  order: z.number().int(),
  /** 'YYYY-MM-DD'. */
  dateStart: z.string(),
  dateEnd: z.string(),
  /** 'HH:mm:ss' in the event's time zone. */
  timeStart: z.string(),
  timeEnd: z.string(),
  /** Weekdays among LMXJVSD. */
  dayWeek: z.string(),
  /** The 500 × 500 image, once uploaded. */
  pictureFull: z.object({ id: z.number().int(), url: z.string() }).nullable(),
  idImage: z.number().int().nullable(),
  date_update: z.string(),
});
export type Ad = z.infer<typeof Ad>;

/** Start not after end: the error sits under the end date (02-catalogue §5). */
const datesInOrder = (v: { dateStart?: string; dateEnd?: string }, ctx: z.RefinementCtx) => {
  if (v.dateStart && v.dateEnd && v.dateEnd < v.dateStart)
    ctx.addIssue({ code: 'custom', path: ['dateEnd'], message: 'validation.endAfterStart' });
};

const adFields = {
  /** Left out: a new ad goes last (highest order + 1), a saved one keeps its order. */
  order: z.number().int().min(0).max(1_000_000).nullable().optional(),
  dateStart: boundedDate(),
  dateEnd: boundedDate(),
  timeStart: timeOfDay(),
  timeEnd: timeOfDay(),
  dayWeek: weekdays(),
};

/** The body of POST /ads {ad}: no id creates, an id updates; the result is the ad's id. */
export const AdSave = z.object({ id: id().optional(), ...adFields }).superRefine(datesInOrder);
export type AdSave = z.infer<typeof AdSave>;
export const AdSaveRequest = z.object({ ad: AdSave });

/** The detail form (the image is uploaded apart, and only for saved ads). */
export const AdForm = z.object(adFields).superRefine(datesInOrder);
export type AdForm = z.infer<typeof AdForm>;

/** PUT /ads/kiosk/image {adId, key, imageObject}: attaches the uploaded 500 × 500 image to a saved ad. */
export const AdImageAttachRequest = ImageAttachRequest.extend({
  adId: z.number({ error: 'validation.required' }).int().positive().max(INT4_MAX),
});
export type AdImageAttachRequest = z.infer<typeof AdImageAttachRequest>;
/** PUT /ads/kiosk/image/delete {adId, delete: 1}: removes it. */
export const AdImageDeleteRequest = ImageDeleteRequest.extend({
  adId: z.number({ error: 'validation.required' }).int().positive().max(INT4_MAX),
});
/** Where ad images are stored. */
export const AD_IMAGE_FOLDER = 'ads';
