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
