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
  try {
    if (zone) {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return zone;
    }
  } catch {
    // an unknown zone: UTC
  }
  return 'UTC';
}

const DAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** An instant as the wall clock of a zone (an unknown zone reads as UTC). */
export function localMoment(at: Date, zone: string | null | undefined): LocalMoment {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: knownZone(zone),
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    weekday: 'short',
    timeZoneName: 'longOffset',
  }).formatToParts(at);
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
