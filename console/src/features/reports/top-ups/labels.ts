import { knownOperationType, knownPaymentType, type OnlineGroupBy } from '@pulsera/contracts';
import type { TFunction } from 'i18next';
import { dayjs } from '../../../lib/format';

/** Names of the operation type and payment type codes (01-console §3); anything else is 'unknown'. */
export const operationTypeName = (t: TFunction, code: string | null | undefined) =>
  knownOperationType(code) ? t(`customers.operationTypes.${code}`) : t('reports.money.unknown');
export const paymentTypeName = (t: TFunction, code: string | null | undefined) =>
  code === null || code === undefined
    ? t('reports.money.noPaymentType')
    : knownPaymentType(code)
      ? t(`customers.paymentTypes.${code}`)
      : t('reports.money.unknown');

/** A feed id shown by name when its catalogue row exists, else as `#id` (or a dash for none). */
export const named = (name: string | null, id: number | null) => name ?? (id === null ? '—' : `#${id}`);

/**
 * The online report's time unit (a UTC instant, the start of an hour or a day in the event's time
 * zone) as the event's local clock shows it: '11 Jul 2026, 00:00' for an hour, 'Sat 11 Jul 2026'
 * for a day.
 */
export function timeUnitLabel(timeUnitUtc: string, timezone: string, groupBy: OnlineGroupBy, lang = 'en') {
  const local = dayjs(timeUnitUtc).tz(timezone).locale(lang);
  return groupBy === 'hour' ? local.format('D MMM YYYY, HH:mm') : local.format('ddd D MMM YYYY');
}
