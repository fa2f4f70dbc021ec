import { describe, expect, it } from 'vitest';
import { SecretBox } from '../../../core/lib/secret-box';
import { idempotencyKey, periodOf } from './periods';

describe('sales periods', () => {
  it('an hour is a UTC hour, whatever the zone', () => {
    const p = periodOf('hour', 'Asia/Kolkata', new Date('2026-07-04T10:59:59.999Z'));
    expect(p.start.toISOString()).toBe('2026-07-04T10:00:00.000Z');
    expect(p.end.toISOString()).toBe('2026-07-04T11:00:00.000Z');
  });

  it("a day runs midnight to midnight in the event's zone, 23 or 25 hours when the clocks change", () => {
    const summer = periodOf('day', 'Europe/Madrid', new Date('2026-07-04T21:59:00.000Z'));
    expect(summer.start.toISOString()).toBe('2026-07-03T22:00:00.000Z');
    expect(summer.end.toISOString()).toBe('2026-07-04T22:00:00.000Z');
    // 22:30 UTC on 4 July is already 5 July in Madrid.
    expect(periodOf('day', 'Europe/Madrid', new Date('2026-07-04T22:30:00.000Z')).start.toISOString()).toBe(
      '2026-07-04T22:00:00.000Z',
    );
    const spring = periodOf('day', 'Europe/Madrid', new Date('2026-03-29T12:00:00.000Z'));
    expect((spring.end.getTime() - spring.start.getTime()) / 3_600_000).toBe(23);
    const autumn = periodOf('day', 'Europe/Madrid', new Date('2026-10-25T12:00:00.000Z'));
    expect((autumn.end.getTime() - autumn.start.getTime()) / 3_600_000).toBe(25);
  });

  // Issue 26 item 9: the host's own zone must not move the event's days. Each host zone is set in
  // this process (vitest runs server files in forks), and the expectations are UTC instants.
  const DST_DAYS: [string, string, string, string][] = [
    // zone, an instant on the day, the day's start, its end (UTC)
    ['Europe/Madrid', '2026-03-29T12:00:00.000Z', '2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z'],
    ['Europe/Madrid', '2026-03-28T23:30:00.000Z', '2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z'],
    ['Europe/Madrid', '2026-10-25T12:00:00.000Z', '2026-10-24T22:00:00.000Z', '2026-10-25T23:00:00.000Z'],
    ['Europe/Madrid', '2026-10-25T22:59:59.999Z', '2026-10-24T22:00:00.000Z', '2026-10-25T23:00:00.000Z'],
    ['America/New_York', '2026-03-08T12:00:00.000Z', '2026-03-08T05:00:00.000Z', '2026-03-09T04:00:00.000Z'],
    ['America/New_York', '2026-03-08T05:00:00.000Z', '2026-03-08T05:00:00.000Z', '2026-03-09T04:00:00.000Z'],
    ['America/New_York', '2026-11-01T12:00:00.000Z', '2026-11-01T04:00:00.000Z', '2026-11-02T05:00:00.000Z'],
    ['America/New_York', '2026-11-02T04:59:59.999Z', '2026-11-01T04:00:00.000Z', '2026-11-02T05:00:00.000Z'],
    ['Asia/Kolkata', '2026-03-29T12:00:00.000Z', '2026-03-28T18:30:00.000Z', '2026-03-29T18:30:00.000Z'],
    ['UTC', '2026-03-08T12:00:00.000Z', '2026-03-08T00:00:00.000Z', '2026-03-09T00:00:00.000Z'],
  ];
  for (const host of ['America/New_York', 'Europe/Madrid', 'Asia/Tokyo', 'UTC']) {
    it(`a day on the days the clocks change is the event's, with the host in ${host}`, () => {
      const before = process.env.TZ;
      process.env.TZ = host;
      try {
        const got = DST_DAYS.map(([zone, at]) => {
          const p = periodOf('day', zone, new Date(at));
          return [zone, at, p.start.toISOString(), p.end.toISOString()];
        });
        expect(got).toEqual(DST_DAYS);
        // Consecutive days meet: the end of one is the start of the next.
        const first = periodOf('day', 'America/New_York', new Date('2026-10-30T12:00:00.000Z'));
        let cur = first;
        for (let i = 0; i < 5; i++) {
          const next = periodOf('day', 'America/New_York', cur.end);
          expect(next.start.toISOString()).toBe(cur.end.toISOString());
          cur = next;
        }
      } finally {
        if (before === undefined) delete process.env.TZ;
        else process.env.TZ = before;
      }
    });
  }

  it('the idempotency key names the schedule, the period and the location, the same every time', () => {
    const start = new Date('2026-07-04T10:00:00.000Z');
    expect(idempotencyKey(7, start, 12)).toBe('pulsera-sales-7-2026-07-04T10:00:00.000Z-12');
    expect(idempotencyKey(7, new Date(start), 12)).toBe(idempotencyKey(7, start, 12));
  });
});

describe('secret box', () => {
  const box = new SecretBox('a-session-secret-of-at-least-32-characters');
  it('seals with a fresh nonce and opens only with the same key and column', () => {
    const a = box.seal('client-secret-1', 'sales_schedules.client_secret');
    const b = box.seal('client-secret-1', 'sales_schedules.client_secret');
    expect(a).not.toBe(b);
    expect(a).not.toContain('client-secret-1');
    expect(box.open(a, 'sales_schedules.client_secret')).toBe('client-secret-1');
    // Copied into another column, or read with another key: unreadable, not an error.
    expect(box.open(a, 'sales_schedules.access_token')).toBeNull();
    expect(
      new SecretBox('another-secret-of-at-least-32-characters!').open(a, 'sales_schedules.client_secret'),
    ).toBeNull();
    // Tampered with.
    const [v, n, body] = a.split('.');
    const flipped = `${body!.slice(0, -2)}${body!.endsWith('AA') ? 'BA' : 'AA'}`;
    expect(box.open(`${v}.${n}.${flipped}`, 'sales_schedules.client_secret')).toBeNull();
    expect(box.open('garbage', 'x')).toBeNull();
    expect(box.open(null, 'x')).toBeNull();
  });
});
