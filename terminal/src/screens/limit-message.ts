/** The words for an offline limit that stops the terminal (store/limits.ts). */
import type { EventCurrency } from '@pulsera/contracts/money-schemas';
import { useTranslation } from 'react-i18next';
import { money } from '../i18n';
import type { LimitStop } from '../store/limits';

export function useLimitMessage(currency: EventCurrency) {
  const { t } = useTranslation();
  return (stop: LimitStop) =>
    stop.reason === 'offlineTooLong'
      ? t('limits.offlineTooLong', { hours: stop.hours })
      : t('limits.wristbandLimit', {
          limit: money(stop.limit, currency),
          spent: money(stop.spent, currency),
        });
}
