import { AD_DEFAULTS, AdSave } from '@pulsera/contracts';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { count, eq } from 'drizzle-orm';
import type { Db } from '../../../core/db/client';
import { ads, events } from '../../../core/db/schema';
import { saveAd } from './ads.service';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * The demo festival's kiosk ad: shown every day of the festival from noon (when the kiosks open) to
 * midnight, in the event's time zone, written through the ads service (which stores the times in UTC).
 * It has no image: images are uploaded on the ads screen, for a saved ad. Added only while the event
 * has no ad.
 */
export async function seedDemoAds(db: Db, eventId: number) {
  const [[existing], [event]] = await Promise.all([
    db.select({ n: count() }).from(ads).where(eq(ads.eventId, eventId)),
    db
      .select({ start: events.dateStart, end: events.dateEnd, tz: events.timezone })
      .from(events)
      .where(eq(events.id, eventId)),
  ]);
  if (Number(existing?.n) || !event) return;
  const day = (at: Date) => dayjs(at).tz(event.tz).format('YYYY-MM-DD');
  await saveAd(
    { db },
    { id: eventId, timezone: event.tz },
    AdSave.parse({
      dateStart: day(event.start),
      dateEnd: day(event.end),
      timeStart: '12:00:00',
      timeEnd: '23:59:59',
      dayWeek: AD_DEFAULTS.dayWeek,
    }),
  );
}
