import { WEEKDAYS } from '../constants';

/**
 * An ad as the terminals get it (DeviceConfig `ads`): its event-local dates, and its times of day and
 * weekdays in UTC as the console stores them (02-catalogue Ads; server events/ads/ad-times.ts).
 */
export interface KioskAd {
  id: number;
  imageUrl: string;
  /** First and last day shown, 'YYYY-MM-DD' in the event's time zone. */
  dateStart: string;
  dateEnd: string;
  /** UTC times of day 'HH:mm:ss'; an end before the start runs past midnight UTC. */
  timeStartUtc: string;
  timeEndUtc: string;
  /** UTC weekdays among LMXJVSD (Monday first), the day the time window starts. */
  dayWeek: string;
}

const seconds = (time: string) => {
  const [h = 0, m = 0, s = 0] = time.slice(0, 8).split(':').map(Number);
  return h * 3600 + m * 60 + s;
};

/** The calendar day of an instant in a time zone, 'YYYY-MM-DD'. */
export function zoneDate(at: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/**
 * Whether an ad shows at an instant (the device's clock): its dates are read in the event's time zone,
 * its times of day and weekdays in UTC, as stored, so no conversion can disagree with the console.
 * Equal start and end times: the whole day.
 */
export function adShowing(ad: KioskAd, at: Date, timeZone: string) {
  const day = zoneDate(at, timeZone);
  if (day < ad.dateStart || day > ad.dateEnd) return false;
  const now = at.getUTCHours() * 3600 + at.getUTCMinutes() * 60 + at.getUTCSeconds();
  const start = seconds(ad.timeStartUtc);
  const end = seconds(ad.timeEndUtc);
  const weekday = (shift: number) => WEEKDAYS[(at.getUTCDay() + 6 + shift + 7) % 7]!;
  const onDay = (shift: number) => ad.dayWeek.includes(weekday(shift));
  if (start === end) return onDay(0);
  if (start < end) return now >= start && now < end && onDay(0);
  // Past midnight UTC: the evening part starts today, the morning part started yesterday.
  return (now >= start && onDay(0)) || (now < end && onDay(-1));
}

/** The ads showing at an instant, in their order. */
export const adsShowing = (ads: readonly KioskAd[], at: Date, timeZone: string) =>
  ads.filter((ad) => adShowing(ad, at, timeZone));
