import { WEEKDAYS } from './constants';

/** A moment as a time zone's wall clock: what bonuses, payout files and event days are decided on. */
export interface LocalMoment {
  /** YYYY-MM-DD */
  date: string;
  /** HH:mm:ss */
  time: string;
  /** The spec's weekday letter, L M X J V S D (Monday first). */
  weekday: string;
  /** The zone's offset at that moment, e.g. +02:00 (+00:00 for UTC). */
  offset: string;
}

/** The zone when the runtime knows it, else UTC (a zone stored long ago may have been renamed). */
export function knownZone(zone: string | null | undefined): string {
  return zone ? wallClock(zone).zone : 'UTC';
}

/**
 * The wall-clock formatter of a zone, made once per zone (making one costs far more than using it: a
 * gate decides each tap on it, issue 30), and the zone it reads (UTC for a zone the runtime lacks).
 */
const clocks = new Map<string, { zone: string; format: Intl.DateTimeFormat }>();
function wallClock(zone: string) {
  let clock = clocks.get(zone);
  if (!clock) {
    let known = 'UTC';
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      known = zone;
    } catch {
      // an unknown zone: UTC
    }
    const format = new Intl.DateTimeFormat('en-GB', {
      timeZone: known,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
      timeZoneName: 'longOffset',
    });
    clock = { zone: known, format };
    clocks.set(zone, clock);
  }
  return clock;
}

const DAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** An instant as the wall clock of a zone (an unknown zone reads as UTC). */
export function localMoment(at: Date, zone: string | null | undefined): LocalMoment {
  const parts = wallClock(zone || 'UTC').format.formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    time: `${part('hour')}:${part('minute')}:${part('second')}`,
    weekday: WEEKDAYS[DAY_NAMES.indexOf(part('weekday'))] ?? '',
    offset: part('timeZoneName').replace('GMT', '') || '+00:00',
  };
}

/** A window of hours; one whose end is before its start runs past midnight (22:00–04:00). */
export const withinHours = (time: string, start: string, end: string) =>
  start <= end ? time >= start && time <= end : time >= start || time <= end;
