import { describe, expect, it } from 'vitest';
import { festivalDays } from './festival-days';

describe('festival days of the report filter bar', () => {
  it('gives one window per day, shifted by the offset in the event time zone', () => {
    const days = festivalDays({
      start: '2026-06-12T16:00:00.000Z',
      end: '2026-06-14T22:00:00.000Z',
      timezone: 'Europe/Madrid',
      offset: 6,
    });
    expect(days.map((d) => d.value)).toEqual(['2026-06-12', '2026-06-13', '2026-06-14']);
    // 12 June 06:00 in Madrid (UTC+2) → 04:00Z, until 13 June 06:00 local.
    expect(days[0]).toEqual({
      value: '2026-06-12',
      start: '2026-06-12T04:00:00.000Z',
      end: '2026-06-13T04:00:00.000Z',
    });
  });

  it('keeps a day 24 hours of local time across a daylight-saving change', () => {
    const days = festivalDays({
      start: '2026-10-24T10:00:00.000Z',
      end: '2026-10-25T20:00:00.000Z',
      timezone: 'Europe/Madrid',
      offset: 0,
    });
    // 25 October: clocks go back, the local day lasts 25 hours.
    expect(days[1]!.start).toBe('2026-10-24T22:00:00.000Z');
    expect(days[1]!.end).toBe('2026-10-25T23:00:00.000Z');
  });

  it('counts the days in the event zone, not the browser’s', () => {
    const days = festivalDays({
      start: '2026-03-01T03:00:00.000Z',
      end: '2026-03-01T20:00:00.000Z',
      timezone: 'America/New_York',
      offset: 0,
    });
    // 03:00Z is still 28 February in New York.
    expect(days.map((d) => d.value)).toEqual(['2026-02-28', '2026-03-01']);
  });
});
