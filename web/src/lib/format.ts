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

/** 'd MMM yyyy, HH:mm' in the given (event's) time zone (01-console §9). */
export function formatDateTime(iso: string | null | undefined, tz: string = DEFAULT_TIMEZONE) {
  if (!iso) return '';
  return dayjs(iso).tz(tz).locale(currentLanguage()).format('D MMM YYYY, HH:mm');
}

export { dayjs };
