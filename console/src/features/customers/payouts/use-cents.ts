/** Amounts of the payouts screen: cents of the financial currency, shown in the user's language. */
import { currentLanguage } from '../../../lib/i18n';
import { formatMoney, useEventCurrency } from '../../../lib/money';

/** Cents of the financial currency (SEPA moves euros), in the user's language. */
export function useCents() {
  const financial = useEventCurrency('financial');
  const lang = currentLanguage();
  return (cents: number | null | undefined) => formatMoney(cents, { ...financial, rate: 1 }, lang);
}
