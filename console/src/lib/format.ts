import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import 'dayjs/locale/es';
import 'dayjs/locale/fr';
import 'dayjs/locale/it';
import { DEFAULT_TIMEZONE } from '@pulsera/contracts';
import { currentLanguage } from './i18n';

dayjs.extend(utc);
dayjs.extend(timezone);
// Typed dates follow the inputs' format (DD/MM/YYYY): without it, dayjs (and so Mantine's DateInput)
// reads "10/07/2026" as 7 October and "25/07/2026" as no date at all.
dayjs.extend(customParseFormat);

/**
 * The one time format of the console: 24-hour, as the four console languages (en as written in
 * Europe, es, it, fr) write times. Lists, charts and every date or time field read it, so a browser
 * set to a 12-hour locale never shows "12:00:00 AM" in a form beside "00:00" in a list.
 */
export const TIME_FORMAT = '24h' as const;
/** The time part of every displayed date-time (01-console §9 'HH:mm'). */
export const TIME_DISPLAY = 'HH:mm';
/** How date-time fields show their value (01-console §9 dd/MM/yyyy HH:mm). */
export const DATE_TIME_INPUT_FORMAT = `DD/MM/YYYY ${TIME_DISPLAY}`;

/** 'd MMM yyyy, HH:mm' in the given (event's) time zone (01-console §9). */
export function formatDateTime(iso: string | null | undefined, tz: string = DEFAULT_TIMEZONE) {
  if (!iso) return '';
  return dayjs(iso).tz(tz).locale(currentLanguage()).format(`D MMM YYYY, ${TIME_DISPLAY}`);
}

export { dayjs };

/**
 * A name as a piece of a file name: letters and digits kept (accents too), every other run of
 * characters a single dash, lower case, e.g. 'VIP upgrade' → 'vip-upgrade'.
 */
export const fileSlug = (name: string) =>
  name
    .toLocaleLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '') || 'file';
