import { describe, expect, it } from 'vitest';
import { formatNumber, formatPercent, roundPercent } from './number-format';
import { formatText } from './plural';

const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('numbers and percentages (01-console §9)', () => {
  it('writes a percentage with up to 2 decimals in the reader’s language', () => {
    expect(formatPercent(12.3456, 'en')).toBe('12.35%');
    expect(plain(formatPercent(12.3456, 'es'))).toBe('12,35 %');
    expect(plain(formatPercent(66.666666, 'fr'))).toBe('66,67 %');
    expect(formatPercent(50, 'en')).toBe('50%');
    expect(formatPercent(null, 'en')).toBe('');
    expect(roundPercent(33.33333)).toBe(33.33);
  });

  it('writes a number with up to 6 decimals, grouped', () => {
    expect(formatNumber(1234.123456789, 'en')).toBe('1,234.123457');
    expect(plain(formatNumber(1234.5, 'fr'))).toBe('1 234,5');
    expect(formatNumber(0.0000001, 'en')).toBe('0');
    expect(formatNumber(undefined, 'en')).toBe('');
  });

  it('is the number of every plural text', () => {
    expect(formatText('en', '{n, one {# unit} other {# units}}', { n: 2.1234567 })).toBe('2.123457 units');
  });
});
