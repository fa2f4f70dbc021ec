import type { DeviceConfig } from '@pulsera/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';
import { ads, images } from '../../../core/db/schema';

/** The event's ads with an image, in their order (DeviceConfig `ads`); times as stored, in UTC. */
export async function adsOf(db: Executor, eventId: number): Promise<NonNullable<DeviceConfig['ads']>> {
  const rows = await db
    .select({
      id: ads.id,
      imageUrl: images.url,
      dateStart: ads.dateStart,
      dateEnd: ads.dateEnd,
      timeStartUtc: ads.timeStartUtc,
      timeEndUtc: ads.timeEndUtc,
      dayWeek: ads.dayWeek,
    })
    .from(ads)
    .innerJoin(images, eq(images.id, ads.imageId))
    .where(eq(ads.eventId, eventId))
    .orderBy(asc(ads.sortOrder), asc(ads.id));
  return rows.map((a) => ({
    ...a,
    timeStartUtc: a.timeStartUtc.slice(0, 8),
    timeEndUtc: a.timeEndUtc.slice(0, 8),
  }));
}
