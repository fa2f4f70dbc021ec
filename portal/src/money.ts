import type { PortalCurrency } from '@pulsera/contracts';

/** Decimals of a currency fraction (0.01 → 2, 1 → 0); at least 2 shown. */
const decimalsOf = (fraction: number) => {
  if (fraction >= 1) return 0;
  const s = String(fraction);
  return s.includes('e-') ? Number(s.split('e-')[1]) : (s.split('.')[1]?.length ?? 0);
};

/** Cents of the event's financial currency, shown in its display currency at its rate. */
export function formatMoney(cents: number, c: PortalCurrency, lang: string) {
  const decimals = Math.max(2, decimalsOf(c.display.fraction));
  const n = new Intl.NumberFormat(lang, {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format((cents / 100) * c.rate);
  return `${n} ${c.display.symbol}`.trim();
}

/** A moment in the event's zone, in the attendee's language. */
export const formatDate = (iso: string, timeZone: string, lang: string) =>
  new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));
