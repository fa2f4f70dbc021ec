import {
  type CurrencyView,
  centsToInput,
  displayToCents,
  formatMoney,
  inputDecimals,
  rateText,
} from '@pulsera/contracts/money';
import { useMemo, useSyncExternalStore } from 'react';
import { currentLanguage } from './i18n';
import { useSession } from './session';

/**
 * Money (ARCHITECTURE.md convention 10): amounts are integer minor units (cents) of the event's
 * financial currency; screens show them in the event's local currency with its rate. The formatting
 * is contracts/money.ts, shared with the portal and the terminal; here the screens' hooks.
 */
export {
  type CurrencyView,
  centsToDisplay,
  centsToInput,
  decimalsOf,
  displayToCents,
  formatMoney,
  inputDecimals,
  rateText,
} from '@pulsera/contracts/money';

/**
 * The one money helper of the screens (ARCHITECTURE.md convention 10): amounts are held in cents of
 * the financial currency, typed and shown in the event's display currency with its rate.
 */
export interface Money {
  /** The entry currency: amounts are typed in it (local when the event has one). */
  currency: CurrencyView;
  /** The currency amounts are shown in: the user's choice (`useCurrencyDisplay`). */
  display: CurrencyView;
  /** The financial currency (the currency of the cents). */
  financial: CurrencyView;
  /** Decimals an amount is typed with (`inputDecimals`). */
  decimals: number;
  /** cents → the amount an input shows. */
  toInput: (cents: number) => number;
  /** A typed amount → cents (an empty amount is 0). toCents(toInput(c)) === c for every c. */
  toCents: (amount: number | null | undefined) => number;
  /** cents → text in the display currency (the user's choice), e.g. '12.00 T' or '6.00 €'. */
  format: (cents: number | null | undefined) => string;
  /** The rate, '1 EUR = 2.00 SNT', when the display currency is not the financial one; else null. */
  rate: string | null;
}

export function moneyOf(
  c: CurrencyView,
  financial: CurrencyView = { ...c, rate: 1 },
  display: CurrencyView = c,
): Money {
  const differs = c.iso !== financial.iso || c.rate !== 1;
  return {
    currency: c,
    display,
    financial,
    decimals: inputDecimals(c),
    toInput: (cents) => centsToInput(cents, c),
    toCents: (amount) => displayToCents(amount ?? 0, c),
    format: (cents) => formatMoney(cents, display, currentLanguage()),
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
  const c = useEventCurrency('entry');
  const f = useEventCurrency('financial');
  const d = useEventCurrency('display');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the currencies are their values
  return useMemo(
    () => moneyOf(c, f, d),
    [c.iso, c.symbol, c.fraction, c.rate, f.iso, f.symbol, f.fraction, d.iso, d.rate],
  );
}

/**
 * The currency display toggle (01-console §3 Currency): amounts are shown in the event's local or
 * financial currency, chosen in the user menu and remembered per event in this browser
 * (localStorage `pulsera.currencyDisplay.<event id>`). Default: local, as before the choice existed.
 * Amounts are still typed in the entry currency (`useEventCurrency('entry')`).
 */
export type CurrencyDisplay = 'local' | 'financial';
const displayKey = (eventId: number) => `pulsera.currencyDisplay.${eventId}`;
const listeners = new Set<() => void>();
export function readCurrencyDisplay(eventId: number | undefined): CurrencyDisplay {
  if (!eventId) return 'local';
  try {
    return localStorage.getItem(displayKey(eventId)) === 'financial' ? 'financial' : 'local';
  } catch {
    return 'local';
  }
}
export function setCurrencyDisplay(eventId: number, mode: CurrencyDisplay) {
  try {
    localStorage.setItem(displayKey(eventId), mode);
  } catch {
    // A browser without storage keeps the choice for this page only.
  }
  for (const l of listeners) l();
}
const subscribe = (l: () => void) => {
  listeners.add(l);
  const onStorage = (e: StorageEvent) => e.key?.startsWith('pulsera.currencyDisplay.') && l();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(l);
    window.removeEventListener('storage', onStorage);
  };
};
/** The current event's display choice (re-renders every screen when it changes). */
export function useCurrencyDisplay(): CurrencyDisplay {
  const { event } = useSession();
  return useSyncExternalStore(
    subscribe,
    () => readCurrencyDisplay(event?.id),
    () => 'local',
  );
}

/**
 * A currency of the selected event: `display` (default) the one amounts are shown in (the user's
 * choice), `entry` the one amounts are typed in (local when the event has one), or `local` /
 * `financial` explicitly (fiscal documents and bank files stay in the financial currency).
 */
export function useEventCurrency(
  mode: 'display' | 'entry' | 'local' | 'financial' = 'display',
): CurrencyView {
  const { event } = useSession();
  const chosen = useCurrencyDisplay();
  if (mode === 'display') mode = chosen;
  if (mode === 'entry') mode = 'local';
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
