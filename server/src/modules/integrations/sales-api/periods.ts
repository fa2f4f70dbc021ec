import type { SalesPeriod } from '@pulsera/contracts';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

const HOUR = 3_600_000;

export interface Period {
  start: Date;
  end: Date;
}

/**
 * The period holding instant `t`: a UTC hour, or a day of the event's time zone (midnight to
 * midnight there, 23 or 25 hours on the days the clocks change).
 */
export function periodOf(kind: SalesPeriod, tz: string, t: Date): Period {
  if (kind === 'hour') {
    const start = new Date(Math.floor(t.getTime() / HOUR) * HOUR);
    return { start, end: new Date(start.getTime() + HOUR) };
  }
  const start = dayjs(t).tz(tz).startOf('day').toDate();
  // The next midnight there: 30 hours on is always within the next day (days last 23 to 25 hours);
  // dayjs's add(1, 'day') in a zone adds 24 hours, wrong on the days the clocks change.
  const end = dayjs(start.getTime() + 30 * HOUR)
    .tz(tz)
    .startOf('day')
    .toDate();
  return { start, end };
}

/** The stable idempotency key of one schedule, period and location (decisions.md "Sales API"). */
export const idempotencyKey = (scheduleId: number, periodStart: Date, locationId: number) =>
  `pulsera-sales-${scheduleId}-${periodStart.toISOString()}-${locationId}`;
