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
