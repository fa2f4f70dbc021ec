import { EVENT_IMAGES, type EventImageSlot, type UploadedImage } from '@pulsera/contracts';
import type { AppContext } from '../../core/context';
import { fail } from '../../core/lib/errors';
import * as events from './event-images.repo';
import { storageFor } from './storage';
import * as repo from './uploads.repo';
import { attachImage, removeQuietly } from './uploads.service';

/**
 * PUT /event/images/{slot}: attaches the uploaded image (checked against the slot's size of
 * 01-console §9) to the selected event; the image it replaces is deleted with its stored object.
 */
export async function setEventImage(
  ctx: AppContext,
  eventId: number,
  userId: number | null,
  slot: EventImageSlot,
  key: string,
): Promise<UploadedImage> {
  const { image, replacedKey } = await ctx.db.transaction(async (tx) => {
    const current = await events.currentImage(tx, eventId, slot);
    if (!current) throw fail('notFound');
    const image = await attachImage(ctx, tx, { key, eventId, userId, rule: EVENT_IMAGES[slot].size });
    await events.setImage(tx, eventId, slot, image);
    const replacedKey =
      current.id && current.id !== image.id ? await repo.deleteImage(tx, current.id, eventId) : null;
    return { image, replacedKey };
  });
  await removeQuietly(storageFor(ctx), replacedKey);
  return image;
}

/** PUT /event/images/{slot}/delete: clears the slot and deletes its image. */
export async function clearEventImage(ctx: AppContext, eventId: number, slot: EventImageSlot) {
  const removedKey = await ctx.db.transaction(async (tx) => {
    const current = await events.currentImage(tx, eventId, slot);
    if (!current) throw fail('notFound');
    await events.setImage(tx, eventId, slot, null);
    return current.id ? repo.deleteImage(tx, current.id, eventId) : null;
  });
  await removeQuietly(storageFor(ctx), removedKey);
  return true;
}
