/**
 * The cash drawer of a staff member on a terminal (issue 29, cash desk close): what each operation
 * puts in it or takes out of it, by the rule the console's staff cash-up uses — the money of a
 * balance operation paid in cash (S), in for a credit, out for a debit (a refund paid in cash) — and
 * the part of a bar sale taken in cash by hand (payment O; a devolution gives it back). The parts a
 * wristband's balances pay (S, B) and card payments (T) move no cash. Amounts are cents of the
 * financial currency.
 */
import { DEBIT_OPERATION_TYPES } from './feed';
import type { SyncOperationInput } from './feed-operations';
import { saleCashCents } from './sale-payment';

/** Cents `op` puts in the drawer (below zero: takes out); 0 for what moves no cash. */
export function drawerCents(op: SyncOperationInput) {
  if (op.kind === 'sale') {
    const cash = saleCashCents(op.payments ?? []);
    return op.isDevolution && cash ? -cash : cash;
  }
  if (op.kind !== 'topup' || op.paymentType !== 'S' || !op.money) return 0;
  return (DEBIT_OPERATION_TYPES as readonly string[]).includes(op.type) ? -op.money : op.money;
}
