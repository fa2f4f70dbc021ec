import { useMemo } from 'react';
import { currentLanguage } from './i18n';
import { useSession } from './session';

/**
 * Money (ARCHITECTURE.md convention 10): amounts are integer minor units (cents) of the event's
 * financial currency; screens show them in the event's local currency with its rate. One helper.
 */
export interface CurrencyView {
  iso: string;
  symbol: string;
  fraction: number;
  /** 1 financial unit = rate local units. */
  rate: number;
}

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

export function formatMoney(cents: number | null | undefined, c: CurrencyView, lang = 'en') {
  if (cents === null || cents === undefined) return '';
  const decimals = Math.max(2, decimalsOf(c.fraction));
  const n = new Intl.NumberFormat(lang, {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(centsToDisplay(cents, c));
  return `${n} ${c.symbol}`;
}

/** 01-console §5 rate display: '1 EUR = 2.000000 SNT' (2 to 6 decimals) and the inverse (0 if rate 0). */
export function rateText(fin: string, local: string, rate: number) {
  const fmt = (n: number) => n.toFixed(6).replace(/0{1,4}$/, '');
  return [`1 ${fin} = ${fmt(rate)} ${local}`, `1 ${local} = ${fmt(rate === 0 ? 0 : 1 / rate)} ${fin}`];
}

/**
 * The one money helper of the screens (ARCHITECTURE.md convention 10): amounts are held in cents of
 * the financial currency, typed and shown in the event's display currency with its rate.
 */
export interface Money {
  /** The display currency (local when the event has one). */
  currency: CurrencyView;
  /** The financial currency (the currency of the cents). */
  financial: CurrencyView;
  /** Decimals an amount is typed with (`inputDecimals`). */
  decimals: number;
  /** cents → the amount an input shows. */
  toInput: (cents: number) => number;
  /** A typed amount → cents (an empty amount is 0). toCents(toInput(c)) === c for every c. */
  toCents: (amount: number | null | undefined) => number;
  /** cents → text in the display currency, e.g. '12.00 T'. */
  format: (cents: number | null | undefined) => string;
  /** The rate, '1 EUR = 2.00 SNT', when the display currency is not the financial one; else null. */
  rate: string | null;
}

export function moneyOf(c: CurrencyView, financial: CurrencyView = { ...c, rate: 1 }): Money {
  const differs = c.iso !== financial.iso || c.rate !== 1;
  return {
    currency: c,
    financial,
    decimals: inputDecimals(c),
    toInput: (cents) => centsToInput(cents, c),
    toCents: (amount) => displayToCents(amount ?? 0, c),
    format: (cents) => formatMoney(cents, c, currentLanguage()),
    rate: differs ? rateText(financial.iso, c.iso, c.rate)[0]! : null,
  };
}

/**
 * How a message shows an amount (issue 16): in the financial currency and, when the screen shows
 * another currency, its conversion too — '5.00 € = 10.00 T' — so it reads like the screen around it.
 */
export const messageAmount = (m: Money) => (cents: number) =>
  m.rate ? `${formatMoney(cents, m.financial, currentLanguage())} = ${m.format(cents)}` : m.format(cents);

/** The selected event's money helper (see `Money`). */
export function useMoney(): Money {
  const c = useEventCurrency();
  const f = useEventCurrency('financial');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the currencies are their values
  return useMemo(() => moneyOf(c, f), [c.iso, c.symbol, c.fraction, c.rate, f.iso, f.symbol, f.fraction]);
}

/** The selected event's display currency (local when it has one, else financial). */
export function useEventCurrency(mode: 'local' | 'financial' = 'local'): CurrencyView {
  const { event } = useSession();
  const fin = event?.currency ?? { iso: 'EUR', symbol: '€', fraction: 0.01 };
  const local = event?.localCurrency;
  if (mode === 'financial' || !local)
    return { iso: fin.iso, symbol: fin.symbol, fraction: fin.fraction, rate: 1 };
  return {
    iso: local.iso,
    symbol: local.symbol,
    fraction: local.fraction,
    rate: event?.localCurrencyRate ?? 1,
  };
}
