import { dayjs } from '../../lib/format';

export interface FestivalDay {
  /** 'YYYY-MM-DD', the calendar day in the event's time zone. */
  value: string;
  /** The festival day's window in UTC: [start, end). */
  start: string;
  end: string;
}

/**
 * The filter bar's day options (02-catalogue §2): one per festival day from the event's start to its
 * end, each a one-day window shifted by the event's offset in hours. With offset 6, day 12 June runs
 * from 12 June 06:00 to 13 June 06:00 local time, so a 02:00 sale counts for the night before.
 */
export function festivalDays(cal: {
  start: string;
  end: string;
  timezone: string;
  offset: number;
}): FestivalDay[] {
  const tz = cal.timezone;
  const offsetMinutes = Math.round((cal.offset || 0) * 60);
  // The festival day of an instant is the calendar day of (instant − offset): an event ending at
  // 02:00 with a 6-hour offset ends on the night before.
  const first = dayjs(cal.start).tz(tz).subtract(offsetMinutes, 'minute').startOf('day');
  const last = dayjs(cal.end).tz(tz).subtract(offsetMinutes, 'minute').startOf('day');
  const days: FestivalDay[] = [];
  for (let d = first, guard = 0; !d.isAfter(last) && guard < 400; d = d.add(1, 'day'), guard++) {
    const value = d.format('YYYY-MM-DD');
    const start = dayjs.tz(`${value} 00:00:00`, tz).add(offsetMinutes, 'minute');
    const next = dayjs
      .tz(`${d.add(1, 'day').format('YYYY-MM-DD')} 00:00:00`, tz)
      .add(offsetMinutes, 'minute');
    days.push({ value, start: start.toISOString(), end: next.toISOString() });
  }
  return days;
}
