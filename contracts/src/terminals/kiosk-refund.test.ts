import { describe, expect, it } from 'vitest';
import { kioskRefund, type TerminalRefundRule } from './kiosk-refund';

// The kiosks (location 31) refund during the festival, 10–12 July 2026; the info desk (32) never.
const rule: TerminalRefundRule = {
  locationIds: [31],
  deviceIds: [],
  dateStart: '2026-07-10',
  dateEnd: '2026-07-12',
  timeStart: '00:00:00',
  timeEnd: '23:59:59',
  minAmount: 0,
};
// 15:00 in Madrid on 11 July.
const at = new Date('2026-07-11T13:00:00Z');
const base = { cash: 2350, at, timeZone: 'Europe/Madrid', locationId: 31, deviceId: 7 };

describe('kioskRefund', () => {
  it('refunds the whole cash balance where and when a rule holds', () => {
    expect(kioskRefund([rule], base)).toEqual({ refund: 2350 });
  });

  it('refuses without a rule holding: another location, another device, another day, other hours', () => {
    expect(kioskRefund([], base)).toEqual({ refused: 'noRule' });
    expect(kioskRefund([rule], { ...base, locationId: 32 })).toEqual({ refused: 'noRule' });
    expect(kioskRefund([{ ...rule, deviceIds: [8] }], base)).toEqual({ refused: 'noRule' });
    expect(kioskRefund([{ ...rule, deviceIds: [7, 8] }], base)).toEqual({ refund: 2350 });
    expect(kioskRefund([rule], { ...base, at: new Date('2026-07-13T13:00:00Z') })).toEqual({
      refused: 'noRule',
    });
    const evenings = { ...rule, timeStart: '20:00:00', timeEnd: '02:00:00' };
    expect(kioskRefund([evenings], base)).toEqual({ refused: 'noRule' });
    // 01:00 in Madrid: past midnight, the evening rule still holds.
    expect(kioskRefund([evenings], { ...base, at: new Date('2026-07-10T23:00:00Z') })).toEqual({
      refund: 2350,
    });
  });

  it('refuses an empty balance, and one below the minimum of the most lenient rule holding', () => {
    expect(kioskRefund([rule], { ...base, cash: 0 })).toEqual({ refused: 'nothing' });
    const strict = { ...rule, minAmount: 5000 };
    expect(kioskRefund([strict], base)).toEqual({ refused: 'belowMinimum', minAmount: 5000 });
    expect(kioskRefund([strict, { ...rule, minAmount: 2000 }], base)).toEqual({ refund: 2350 });
  });
});
