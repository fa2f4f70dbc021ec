/**
 * Money (ARCHITECTURE.md convention 10): amounts are integer minor units (cents) of the event's
 * financial currency; the console, the portal and the terminal show them in the event's display
 * currency (its local currency, tokens for instance, when it has one) at its rate. One formatter for
 * the three faces, so "10.00 T" on a terminal is "10.00 T" in the console and in the portal.
 */
// No zod here at run time (the types only): the terminal's and the portal's first screens format money
// without loading a schema library. The schemas of these shapes are in money-schemas.ts.
import type { CurrencyLabel, EventCurrency } from './money-schemas';

export type { CurrencyLabel, EventCurrency };

/** A currency to show amounts in: 1 financial unit = `rate` units of it. */
export interface CurrencyView extends CurrencyLabel {
  rate: number;
}

const NO_CURRENCY: CurrencyLabel = { iso: '', symbol: '', fraction: 0.01 };

/** The event's money from its financial currency, its local one (if any) and the rate. */
export function eventCurrency(
  financial: CurrencyLabel | null,
  local: CurrencyLabel | null,
  rate: number | null,
): EventCurrency {
  const fin = financial ?? NO_CURRENCY;
  return local
    ? { financial: fin, display: local, rate: rate ?? 1 }
    : { financial: fin, display: fin, rate: 1 };
}

/** The display currency of `c` with its rate; `financial` for the financial currency itself. */
export const viewOf = (c: EventCurrency, which: 'display' | 'financial' = 'display'): CurrencyView =>
  which === 'financial' ? { ...c.financial, rate: 1 } : { ...c.display, rate: c.rate };

/** Decimals needed by a currency fraction (0.01 → 2, 0.5 → 1, 1 → 0); at least 2 for display. */
export const decimalsOf = (fraction: number) => {
  if (fraction >= 1) return 0;
  const s = String(fraction);
  return s.includes('e-') ? Number(s.split('e-')[1]) : (s.split('.')[1]?.length ?? 0);
};

/** cents of the financial currency → amount in the display currency. */
export const centsToDisplay = (cents: number, c: CurrencyView) => (cents / 100) * c.rate;
/** amount typed in the display currency → cents of the financial currency (rounded). */
export const displayToCents = (amount: number, c: CurrencyView) => Math.round((amount / (c.rate || 1)) * 100);

/** The most decimals an amount is typed with (a rate of 0.000001 needs 8). */
const INPUT_DECIMALS_MAX = 8;

/**
 * Decimals an amount of the display currency is typed with: those of its fraction (at least 2), and
 * enough that every cent of the financial currency has a value of its own. With d decimals a typed
 * amount is off by at most 0.5·10^-d display units = 0.5·10^-d·100/rate cents, under half a cent when
 * 10^d > 100/rate; so a rate below 1 needs more decimals (rate 0.01: 4), or a stored 333 cents could
 * come back as 300 from a save the user never touched.
 */
export function inputDecimals(c: CurrencyView) {
  const rate = c.rate > 0 ? c.rate : 1;
  const perCent = Math.ceil(Math.log10(100 / rate) - 1e-9);
  return Math.min(INPUT_DECIMALS_MAX, Math.max(2, decimalsOf(c.fraction), perCent));
}

/** cents → the amount an input shows (rounded to `inputDecimals`, no float noise); exact round trip. */
export const centsToInput = (cents: number, c: CurrencyView) =>
  Number(centsToDisplay(cents, c).toFixed(inputDecimals(c)));

/** cents → '12.00 T' in `lang` (the symbol after the amount, as the spec's screens write it). */
export function formatMoney(cents: number | null | undefined, c: CurrencyView, lang = 'en') {
  if (cents === null || cents === undefined) return '';
  const decimals = Math.max(2, decimalsOf(c.fraction));
  const n = new Intl.NumberFormat(lang, {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(centsToDisplay(cents, c));
  return `${n} ${c.symbol}`.trim();
}

/** 01-console §5 rate display: '1 EUR = 2.000000 SNT' (2 to 6 decimals) and the inverse (0 if rate 0). */
export function rateText(fin: string, local: string, rate: number) {
  const fmt = (n: number) => n.toFixed(6).replace(/0{1,4}$/, '');
  return [`1 ${fin} = ${fmt(rate)} ${local}`, `1 ${local} = ${fmt(rate === 0 ? 0 : 1 / rate)} ${fin}`];
}

/** The net of a gross amount (cents) that includes VAT at `rate` percent (no rate: the gross). */
export const netOfVat = (gross: number, rate: number | null | undefined) =>
  rate ? Math.round(gross / (1 + rate / 100)) : gross;
