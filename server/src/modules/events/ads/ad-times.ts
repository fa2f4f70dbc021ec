import { WEEKDAYS } from '@pulsera/contracts';
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
 * saved. A time may wrap past midnight in UTC (00:30 in Madrid in summer is 22:30 UTC the day
 * before): the weekdays move with the start time (see `toUtc` / `toLocal`).
 */
export function zoneOffsetMinutes(date: string, tz: string) {
  return dayjs.tz(`${date} 12:00:00`, tz).utcOffset();
}

const seconds = (time: string) => {
  const [h = 0, m = 0, s = 0] = time.slice(0, 8).split(':').map(Number);
  return h * 3600 + m * 60 + s;
};

/** Adds minutes to 'HH:mm:ss' around the clock. PostgreSQL may answer fractions: they are dropped. */
export function shiftTime(time: string, minutes: number) {
  const total = (((seconds(time) + minutes * 60) % DAY_SECONDS) + DAY_SECONDS) % DAY_SECONDS;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

/** How many days adding minutes to a time of day moves it: -1 (the day before), 0 or +1. */
export const dayShift = (time: string, minutes: number) =>
  Math.floor((seconds(time) + minutes * 60) / DAY_SECONDS);

/** Weekday letters (LMXJVSD, Monday first) moved by days (Sunday + 1 = Monday), in their order. */
export function shiftWeekdays(days: string, by: number) {
  if (by === 0) return days;
  const moved = new Set([...days].map((d) => WEEKDAYS[(((WEEKDAYS.indexOf(d) + by) % 7) + 7) % 7]));
  return [...WEEKDAYS].filter((d) => moved.has(d)).join('');
}

export const localToUtc = (time: string, date: string, tz: string) =>
  shiftTime(time, -zoneOffsetMinutes(date, tz));
export const utcToLocal = (time: string, date: string, tz: string) =>
  shiftTime(time, zoneOffsetMinutes(date, tz));

/** An ad's times of day and weekdays: local on screen, UTC when stored. */
export interface AdSchedule {
  timeStart: string;
  timeEnd: string;
  dayWeek: string;
}

/** A time of day and its weekdays moved by minutes: the weekdays follow the start time's day. */
function shiftSchedule(s: AdSchedule, minutes: number): AdSchedule {
  return {
    timeStart: shiftTime(s.timeStart, minutes),
    timeEnd: shiftTime(s.timeEnd, minutes),
    dayWeek: shiftWeekdays(s.dayWeek, dayShift(s.timeStart, minutes)),
  };
}

/**
 * Local → UTC: 01:00 on Monday in Madrid in summer is 23:00 UTC on Sunday, so L is stored as D. The
 * weekdays say on which days the ad starts; they move when the start time crosses midnight.
 */
export const toUtc = (s: AdSchedule, date: string, tz: string) =>
  shiftSchedule(s, -zoneOffsetMinutes(date, tz));

/** UTC → local, the exact inverse of `toUtc` (the same offset, the start time's day). */
export const toLocal = (s: AdSchedule, date: string, tz: string) =>
  shiftSchedule(s, zoneOffsetMinutes(date, tz));
