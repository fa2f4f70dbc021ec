/** The rols screen's money: the amounts are cents, typed in the event's entry currency. */
import { type CurrencyView, centsToDisplay, decimalsOf, displayToCents } from '../../../lib/money';

/** Money of the screen: cents of the financial currency, typed in the event's display currency. */
export function moneyOf(c: CurrencyView) {
  const decimals = Math.max(2, decimalsOf(c.fraction));
  return {
    currency: c,
    decimals,
    toInput: (cents: number) => Number(centsToDisplay(cents, c).toFixed(decimals)),
    toCents: (amount: number | null | undefined) => displayToCents(amount ?? 0, c),
  };
}
export type Money = ReturnType<typeof moneyOf>;
