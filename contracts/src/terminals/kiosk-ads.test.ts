import { describe, expect, it } from 'vitest';
import { adShowing, adsShowing, type KioskAd } from './kiosk-ads';

// Friday and Saturday evenings 22:00–04:00 in Madrid (summer, UTC+2): 20:00–02:00 UTC, starting V/S.
const evening: KioskAd = {
  id: 1,
  imageUrl: '/uploads/ads/a.png',
  dateStart: '2026-07-10',
  dateEnd: '2026-07-20',
  timeStartUtc: '20:00:00',
  timeEndUtc: '02:00:00',
  dayWeek: 'VS',
};
const tz = 'Europe/Madrid';
const at = (iso: string) => new Date(iso);

describe('adShowing', () => {
  it('shows within its times and weekdays, past midnight too', () => {
    expect(adShowing(evening, at('2026-07-10T20:30:00Z'), tz)).toBe(true); // Friday 22:30 local
    expect(adShowing(evening, at('2026-07-11T01:59:00Z'), tz)).toBe(true); // Saturday 03:59, from Friday
    expect(adShowing(evening, at('2026-07-12T01:00:00Z'), tz)).toBe(true); // Sunday 03:00, from Saturday
  });
  it('hides outside its times, weekdays and dates', () => {
    expect(adShowing(evening, at('2026-07-11T02:00:00Z'), tz)).toBe(false); // the window has ended
    expect(adShowing(evening, at('2026-07-10T19:59:00Z'), tz)).toBe(false); // before it starts
    expect(adShowing(evening, at('2026-07-13T01:00:00Z'), tz)).toBe(false); // Monday, from Sunday
    expect(adShowing(evening, at('2026-07-09T20:30:00Z'), tz)).toBe(false); // Thursday
    expect(adShowing(evening, at('2026-07-24T20:30:00Z'), tz)).toBe(false); // after its last day
  });
  it("reads its dates in the event's time zone", () => {
    const allDay = { ...evening, timeStartUtc: '00:00:00', timeEndUtc: '00:00:00', dayWeek: 'LMXJVSD' };
    // 23:30 UTC on 9 July is already 10 July in Madrid, still 9 July in New York.
    expect(adShowing(allDay, at('2026-07-09T23:30:00Z'), tz)).toBe(true);
    expect(adShowing(allDay, at('2026-07-09T23:30:00Z'), 'America/New_York')).toBe(false);
  });
  it('keeps the showing ads in their order', () => {
    const second = {
      ...evening,
      id: 2,
      timeStartUtc: '00:00:00',
      timeEndUtc: '00:00:00',
      dayWeek: 'LMXJVSD',
    };
    expect(adsShowing([evening, second], at('2026-07-10T20:30:00Z'), tz).map((a) => a.id)).toEqual([1, 2]);
    expect(adsShowing([evening, second], at('2026-07-14T10:00:00Z'), tz).map((a) => a.id)).toEqual([2]);
  });
});
