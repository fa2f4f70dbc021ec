import type { SalesPeriod } from '@pulsera/contracts';

const HOUR = 3_600_000;

export interface Period {
  start: Date;
  end: Date;
}

const formats = new Map<string, Intl.DateTimeFormat>();
function formatOf(tz: string) {
  let f = formats.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(tz, f);
  }
  return f;
}

/** The wall-clock time of instant `ms` in zone `tz`, read as if it were UTC (milliseconds). */
function wallClock(tz: string, ms: number) {
  const p: Record<string, number> = {};
  for (const part of formatOf(tz).formatToParts(new Date(ms)))
    if (part.type !== 'literal') p[part.type] = Number(part.value);
  return (
    Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) + (((ms % 1000) + 1000) % 1000)
  );
}

/**
 * The first instant of the zone's calendar day holding `ms`. Only Intl's zone data is read (never the
 * host's own zone, issue 26 item 9): the local midnight is turned back into an instant with the offset
 * in force there, found by two steps (the offset at a guess, then at the result). A zone whose clocks
 * jump over midnight starts its day at the first instant that exists.
 */
function zoneDayStart(tz: string, ms: number) {
  const wall = wallClock(tz, ms);
  const midnight = wall - (((wall % 86_400_000) + 86_400_000) % 86_400_000);
  let start = midnight - (wallClock(tz, midnight) - midnight);
  start = midnight - (wallClock(tz, start) - start);
  // Midnight did not exist that day (the clocks jumped over it): the day starts when they landed.
  if (wallClock(tz, start) < midnight) start += midnight - wallClock(tz, start);
  return start;
}

/**
 * The period holding instant `t`: a UTC hour, or a day of the event's time zone (midnight to
 * midnight there, 23 or 25 hours on the days the clocks change), whatever the host's zone.
 */
export function periodOf(kind: SalesPeriod, tz: string, t: Date): Period {
  if (kind === 'hour') {
    const start = new Date(Math.floor(t.getTime() / HOUR) * HOUR);
    return { start, end: new Date(start.getTime() + HOUR) };
  }
  const start = zoneDayStart(tz, t.getTime());
  // The next midnight there: 30 hours on is always within the next day (days last 23 to 25 hours).
  const end = zoneDayStart(tz, start + 30 * HOUR);
  return { start: new Date(start), end: new Date(end) };
}

/** The stable idempotency key of one schedule, period and location (decisions.md "Sales API"). */
export const idempotencyKey = (scheduleId: number, periodStart: Date, locationId: number) =>
  `pulsera-sales-${scheduleId}-${periodStart.toISOString()}-${locationId}`;
