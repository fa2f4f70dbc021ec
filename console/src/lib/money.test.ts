import { describe, expect, it } from 'vitest';
import {
  centsToDisplay,
  centsToInput,
  decimalsOf,
  displayToCents,
  formatMoney,
  inputDecimals,
  moneyOf,
  rateText,
} from './money';

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

describe('the one cents <-> typed amount conversion', () => {
  const rates = [1, 2, 3, 7, 1 / 3, 0.3, 0.07, 0.01, 0.123457, 166.386, 0.000123];
  const currency = (rate: number) => ({ iso: 'LOC', symbol: 'L', fraction: 0.01, rate });

  it('gives every cent a typed value of its own: a stored amount survives a save without edits', () => {
    for (const rate of rates) {
      const m = moneyOf(currency(rate), eur);
      for (let cents = 0; cents <= 5000; cents++) {
        const typed = m.toInput(cents);
        // What the input shows has no more decimals than it accepts.
        expect(Number(typed.toFixed(m.decimals)), `rate ${rate}, ${cents} cents`).toBe(typed);
        expect(m.toCents(typed), `rate ${rate}, ${cents} cents`).toBe(cents);
      }
      for (const cents of [99_999, 123_456, 100_000_000]) expect(m.toCents(m.toInput(cents))).toBe(cents);
    }
  });

  it('keeps 333 cents at 333 where rounding to 2 decimals would not (rate below 1)', () => {
    const low = currency(0.01);
    // Two decimals would show 0.03 and store 300.
    expect(displayToCents(Number(centsToDisplay(333, low).toFixed(2)), low)).toBe(300);
    expect(inputDecimals(low)).toBe(4);
    expect(centsToInput(333, low)).toBe(0.0333);
    expect(displayToCents(centsToInput(333, low), low)).toBe(333);
  });

  it('types with the currency decimals when the rate needs no more', () => {
    expect(inputDecimals(eur)).toBe(2);
    expect(inputDecimals(tokens)).toBe(2);
    expect(inputDecimals({ ...eur, fraction: 0.001 })).toBe(3);
    expect(inputDecimals(currency(0.3))).toBe(3);
    expect(inputDecimals(currency(0))).toBe(2);
    expect(centsToInput(1999, eur)).toBe(19.99);
    expect(centsToInput(333, tokens)).toBe(6.66);
  });

  it('shows the rate only when the display currency is not the financial one', () => {
    expect(moneyOf(eur, eur).rate).toBeNull();
    expect(moneyOf(tokens, eur).rate).toBe('1 EUR = 2.00 SNT');
    expect(moneyOf(tokens, eur).format(600)).toBe('12.00 T');
    expect(moneyOf(eur).toCents(null)).toBe(0);
  });
});
