import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { events } from '../db/schema';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * One festival day's UTC window (02-catalogue §2 "Reports filter bar"): the calendar day in the
 * event's time zone shifted by the event's cut-off offset in hours, so with offset 6 the day 12 June
 * runs from 12 June 06:00 to 13 June 06:00 local time. The console's `festivalDays` builds the same.
 */
export function festivalDayWindow(day: string, tz: string, offsetHours: number) {
  const minutes = Math.round((offsetHours || 0) * 60);
  const start = dayjs.tz(`${day} 00:00:00`, tz).add(minutes, 'minute');
  const next = dayjs
    .tz(`${dayjs(day).add(1, 'day').format('YYYY-MM-DD')} 00:00:00`, tz)
    .add(minutes, 'minute');
  return { dateStart: start.toISOString(), dateEnd: next.toISOString() };
}

/**
 * A report query as the spec names it (`date` = one festival day) turned into the shared window
 * form. A query already carrying `dateStart`/`dateEnd` keeps them (the range form wins).
 */
export async function withFestivalDay<Q extends { date?: string; dateStart?: string; dateEnd?: string }>(
  db: Db,
  eventId: number,
  q: Q,
): Promise<Q> {
  if (!q.date || q.dateStart || q.dateEnd) return q;
  const [e] = await db
    .select({ timezone: events.timezone, offset: events.offsetHours })
    .from(events)
    .where(eq(events.id, eventId))
    .limit(1);
  if (!e) return q;
  return { ...q, ...festivalDayWindow(q.date, e.timezone, Number(e.offset)) };
}
