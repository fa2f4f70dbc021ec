import { formatMoney as format, viewOf } from '@pulsera/contracts/money';
import type { EventCurrency } from '@pulsera/contracts/money-schemas';

/** Cents of the event's financial currency, shown in its display currency at its rate. */
export const formatMoney = (cents: number, c: EventCurrency, lang: string) => format(cents, viewOf(c), lang);

/** A moment in the event's zone, in the attendee's language. */
export const formatDate = (iso: string, timeZone: string, lang: string) =>
  new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));
