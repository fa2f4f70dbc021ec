import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

const DAY_SECONDS = 86_400;

/**
 * Ad times are stored in UTC and travel in the event's local time (02-catalogue §5, §7). A time of
 * day has no date of its own: the conversion uses the time zone's offset on the ad's start date (at
 * noon, clear of any daylight-saving switch), the same both ways, so a time read back is the time
 * saved. A time may wrap past midnight in UTC (00:30 in Madrid in summer is 22:30 UTC).
 */
export function zoneOffsetMinutes(date: string, tz: string) {
  return dayjs.tz(`${date} 12:00:00`, tz).utcOffset();
}

/** Adds minutes to 'HH:mm:ss' around the clock. PostgreSQL may answer fractions: they are dropped. */
export function shiftTime(time: string, minutes: number) {
  const [h = 0, m = 0, s = 0] = time.slice(0, 8).split(':').map(Number);
  const total = (((h * 3600 + m * 60 + s + minutes * 60) % DAY_SECONDS) + DAY_SECONDS) % DAY_SECONDS;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

export const localToUtc = (time: string, date: string, tz: string) =>
  shiftTime(time, -zoneOffsetMinutes(date, tz));
export const utcToLocal = (time: string, date: string, tz: string) =>
  shiftTime(time, zoneOffsetMinutes(date, tz));
