import { type Ad, type AdSave, IMAGE_SIZES, type UploadedImage } from '@pulsera/contracts';
import type { AppContext, DbContext } from '../../../core/context';
import { fail } from '../../../core/lib/errors';
import { attachImage, deleteImage, removeQuietly, storageFor } from '../../uploads';
import { toLocal, toUtc } from './ad-times';
import * as repo from './ads.repo';

/** The selected event as the ads need it: its id and time zone. */
export interface AdEvent {
  id: number;
  timezone: string;
}

const toDto = (r: repo.AdRow, tz: string): Ad => ({
  id: r.id,
  order: r.sortOrder,
  dateStart: r.dateStart,
  dateEnd: r.dateEnd,
  ...toLocal({ timeStart: r.timeStartUtc, timeEnd: r.timeEndUtc, dayWeek: r.dayWeek }, r.dateStart, tz),
  pictureFull: r.imageId !== null && r.imageUrl !== null ? { id: r.imageId, url: r.imageUrl } : null,
  idImage: r.imageId,
  date_update: r.updatedAt.toISOString(),
});

/** GET /ads: the event's ads in their order, times in the event's time zone. */
export const listAds = async (ctx: AppContext, ev: AdEvent) =>
  (await repo.listAds(ctx.db, ev.id)).map((r) => toDto(r, ev.timezone));

/**
 * POST /ads {ad}: no id creates, an id updates that ad of the event; the result is the id. Times
 * arrive in the event's time zone and are stored in UTC, the weekdays with them (the start time's UTC
 * day). A new ad without an order goes last; a saved
 * one without an order keeps its own.
 */
export const saveAd = (ctx: DbContext, ev: AdEvent, input: AdSave) =>
  ctx.db.transaction(async (tx) => {
    const existing = input.id !== undefined ? await repo.findAd(tx, ev.id, input.id) : undefined;
    if (input.id !== undefined && !existing) throw fail('notFound');
    const utc = toUtc(input, input.dateStart, ev.timezone);
    const values = {
      dateStart: input.dateStart,
      dateEnd: input.dateEnd,
      timeStartUtc: utc.timeStart,
      timeEndUtc: utc.timeEnd,
      dayWeek: utc.dayWeek,
    };
    if (existing) {
      await repo.updateAd(tx, ev.id, existing.id, {
        ...values,
        sortOrder: input.order ?? existing.sortOrder,
      });
      return existing.id;
    }
    const sortOrder = input.order ?? (await repo.nextOrder(tx, ev.id));
    return repo.insertAd(tx, { ...values, eventId: ev.id, sortOrder });
  });

/** DELETE /ads/{id}: the ad and its image (record and stored object). */
export async function deleteAd(ctx: AppContext, eventId: number, id: number) {
  const removedKey = await ctx.db.transaction(async (tx) => {
    const ad = await repo.findAd(tx, eventId, id);
    if (!ad) throw fail('notFound');
    await repo.deleteAd(tx, eventId, id);
    return ad.imageId !== null ? deleteImage(tx, ad.imageId, eventId) : null;
  });
  await removeQuietly(storageFor(ctx), removedKey);
  return true;
}

/**
 * PUT /ads/kiosk/image {adId, key}: attaches the uploaded image (500 × 500, 02-catalogue §9) to a saved
 * ad of the event; the image it replaces is deleted with its stored object.
 */
export async function setAdImage(
  ctx: AppContext,
  eventId: number,
  userId: number | null,
  adId: number,
  key: string,
): Promise<UploadedImage> {
  const { image, replacedKey } = await ctx.db.transaction(async (tx) => {
    const ad = await repo.findAd(tx, eventId, adId);
    if (!ad) throw fail('notFound');
    const image = await attachImage(ctx, tx, { key, eventId, userId, rule: IMAGE_SIZES.ad });
    await repo.updateAd(tx, eventId, adId, { imageId: image.id });
    const replacedKey =
      ad.imageId !== null && ad.imageId !== image.id ? await deleteImage(tx, ad.imageId, eventId) : null;
    return { image, replacedKey };
  });
  await removeQuietly(storageFor(ctx), replacedKey);
  return image;
}

/** PUT /ads/kiosk/image/delete {adId, delete: 1}: removes the ad's image. */
export async function clearAdImage(ctx: AppContext, eventId: number, adId: number) {
  const removedKey = await ctx.db.transaction(async (tx) => {
    const ad = await repo.findAd(tx, eventId, adId);
    if (!ad) throw fail('notFound');
    if (ad.imageId === null) return null;
    await repo.updateAd(tx, eventId, adId, { imageId: null });
    return deleteImage(tx, ad.imageId, eventId);
  });
  await removeQuietly(storageFor(ctx), removedKey);
  return true;
}
