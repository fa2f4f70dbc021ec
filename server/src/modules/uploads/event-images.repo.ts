import type { EventImageSlot } from '@pulsera/contracts';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../core/db/client';
import { events } from '../../core/db/schema';

/** The image of one slot of an event (its id and url columns). */
export async function currentImage(db: Executor, eventId: number, slot: EventImageSlot) {
  const [row] = await db
    .select({
      sponsorId: events.pictureSponsorId,
      sponsorUrl: events.pictureSponsorUrl,
      logoId: events.pictureReceiptLogoId,
      logoUrl: events.pictureReceiptLogoUrl,
    })
    .from(events)
    .where(eq(events.id, eventId))
    .limit(1);
  if (!row) return null;
  return slot === 'image-sponsor'
    ? { id: row.sponsorId, url: row.sponsorUrl }
    : { id: row.logoId, url: row.logoUrl };
}

/** Sets (or clears, with null) the image of one slot of an event. */
export async function setImage(
  db: Executor,
  eventId: number,
  slot: EventImageSlot,
  image: { id: number; url: string } | null,
) {
  const updatedAt = new Date();
  await db
    .update(events)
    .set(
      slot === 'image-sponsor'
        ? { pictureSponsorId: image?.id ?? null, pictureSponsorUrl: image?.url ?? null, updatedAt }
        : { pictureReceiptLogoId: image?.id ?? null, pictureReceiptLogoUrl: image?.url ?? null, updatedAt },
    )
    .where(eq(events.id, eventId));
}
