import { describe, expect, it } from 'vitest';
import { DeviceTicketListQuery, ticketHash } from './ticket-list';

describe('ticketHash', () => {
  it('is the first 128 bits of SHA-256 of "event:code", the code trimmed', async () => {
    expect(await ticketHash(7, 'GATE-1')).toBe('9287fbb851ba566a9bd33acac34501b2');
    expect(await ticketHash(7, '  GATE-1\n')).toBe('9287fbb851ba566a9bd33acac34501b2');
    expect(await ticketHash(8, 'GATE-1')).not.toBe('9287fbb851ba566a9bd33acac34501b2');
    expect(await ticketHash(7, 'gate-1')).not.toBe('9287fbb851ba566a9bd33acac34501b2');
  });
});

describe('DeviceTicketListQuery', () => {
  it('takes the version the server gave (an ISO instant) or nothing', () => {
    expect(DeviceTicketListQuery.safeParse({ since: '2026-11-29T03:00:00.123456Z' }).success).toBe(true);
    expect(DeviceTicketListQuery.safeParse({}).success).toBe(true);
    expect(DeviceTicketListQuery.safeParse({ since: 'yesterday' }).success).toBe(false);
  });
});
