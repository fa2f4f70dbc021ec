import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { rangeLabel } from '../wristbands/wristbands-report-page';
import { named, operationTypeName, paymentTypeName, timeUnitLabel } from './labels';

const t = i18n.getFixedT('en');
const euro = { iso: 'EUR', symbol: '€', fraction: 0.01, rate: 1 };

describe('the money reports labels', () => {
  it('shows an online time unit on the event clock, not in UTC', () => {
    // 22:00 UTC on 10 July is midnight of the 11th in Madrid (UTC+2 in summer).
    expect(timeUnitLabel('2026-07-10T22:00:00.000Z', 'Europe/Madrid', 'day')).toBe('Sat 11 Jul 2026');
    expect(timeUnitLabel('2026-07-10T22:00:00.000Z', 'Europe/Madrid', 'hour')).toBe('11 Jul 2026, 00:00');
    expect(timeUnitLabel('2026-01-10T23:00:00.000Z', 'Europe/Madrid', 'hour')).toBe('11 Jan 2026, 00:00');
    expect(timeUnitLabel('2026-07-11T04:00:00.000Z', 'America/New_York', 'day')).toBe('Sat 11 Jul 2026');
  });

  it('names codes, unknown ones and missing names', () => {
    expect(operationTypeName(t, 'M-WA')).toBe('Bonus with article');
    expect(operationTypeName(t, 'ZZ')).toBe('unknown');
    expect(paymentTypeName(t, 'T')).toBe('Credit card');
    expect(paymentTypeName(t, null)).toBe('No payment type');
    expect(named(null, 31)).toBe('#31');
    expect(named('Kiosk North', 31)).toBe('Kiosk North');
  });

  it('reads the balance ranges of the wristbands report', () => {
    const r = (from: number | null, to: number | null) =>
      rangeLabel(t, { from, to, count: 0, cash: 0, gift: 0 }, euro, 'en');
    expect(r(null, 0)).toBe('< 0.00 €');
    expect(r(0, 1)).toBe('Nothing left');
    expect(r(500, 1000)).toBe('5.00 € – 10.00 €');
    expect(r(10000, null)).toBe('≥ 100.00 €');
  });
});
