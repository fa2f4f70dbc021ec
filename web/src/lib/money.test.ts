import { describe, expect, it } from 'vitest';
import { centsToDisplay, decimalsOf, displayToCents, formatMoney, rateText } from './money';

const eur = { iso: 'EUR', symbol: '€', fraction: 0.01, rate: 1 };
const tokens = { iso: 'SNT', symbol: 'T', fraction: 0.5, rate: 2 };

describe('money display', () => {
  it('shows cents of the financial currency in the local currency with its rate', () => {
    expect(centsToDisplay(600, tokens)).toBe(12);
    expect(formatMoney(600, tokens)).toBe('12.00 T');
    expect(formatMoney(1234, eur)).toBe('12.34 €');
    expect(formatMoney(null, eur)).toBe('');
  });
  it('turns a typed local amount back into financial cents', () => {
    expect(displayToCents(12, tokens)).toBe(600);
    expect(displayToCents(0.1 + 0.2, eur)).toBe(30);
  });
  it('uses the decimals the currency fraction needs', () => {
    expect(decimalsOf(0.01)).toBe(2);
    expect(decimalsOf(0.001)).toBe(3);
    expect(decimalsOf(1)).toBe(0);
    expect(formatMoney(100, { ...eur, fraction: 0.001 })).toBe('1.000 €');
  });
  it('shows the rate both ways, 0 for a zero rate', () => {
    expect(rateText('EUR', 'SNT', 2)).toEqual(['1 EUR = 2.00 SNT', '1 SNT = 0.50 EUR']);
    expect(rateText('EUR', 'SNT', 0)[1]).toBe('1 SNT = 0.00 EUR');
    expect(rateText('EUR', 'USD', 1.234567)[0]).toBe('1 EUR = 1.234567 USD');
  });
});
