import { OPERATION_DIRECTION, type SyncOperation } from '@pulsera/contracts';

/** A refusal decided from the operation alone: a reason code and its message key. */
export interface RuleRefusal {
  reason: string;
  message: string;
}

const msg = (key: string, params?: Record<string, unknown>) =>
  params ? `validation.${key}|${JSON.stringify(params)}` : `validation.${key}`;
const money = (cents: number) => (cents / 100).toFixed(2);

/** Cents a sale charges: each line's price times the quantity that is not a gift. */
export const saleTotal = (op: Extract<SyncOperation, { kind: 'sale' }>) =>
  op.lines.reduce((sum, l) => sum + l.price * (l.quantity - l.quantityGift), 0);

/**
 * The rules an operation must meet beyond its shape. Balances are never a reason to refuse: the
 * terminal already wrote the chip, so a sale below zero is recorded and flagged instead.
 */
export function checkOperation(op: SyncOperation): RuleRefusal | null {
  switch (op.kind) {
    case 'topup': {
      const direction = OPERATION_DIRECTION[op.type];
      if (direction === 'replacement') {
        return { reason: 'replacementCode', message: msg('feedReplacementCode', { type: op.type }) };
      }
      if (direction === 'credit' && (op.amount < 0 || op.bonus < 0)) {
        return { reason: 'creditOnly', message: msg('feedCreditOnly', { type: op.type }) };
      }
      if (direction === 'debit' && (op.amount > 0 || op.bonus > 0)) {
        return { reason: 'debitOnly', message: msg('feedDebitOnly', { type: op.type }) };
      }
      if (op.type.endsWith('-WA') && op.articles.length === 0) {
        return { reason: 'articlesRequired', message: msg('feedArticlesRequired', { type: op.type }) };
      }
      return null;
    }
    case 'sale': {
      const total = saleTotal(op);
      const paid = op.payments.reduce((sum, p) => sum + p.amount, 0);
      if (paid !== total) {
        return {
          reason: 'paymentsTotal',
          message: msg('feedPaymentsTotal', { paid: money(paid), total: money(total) }),
        };
      }
      if (op.payments.some((p) => (p.type === 'S' || p.type === 'B') && !(p.rfid ?? op.rfid))) {
        return { reason: 'wristbandRequired', message: msg('feedWristbandRequired') };
      }
      return null;
    }
    case 'access':
      return op.rfid || op.ticketCode
        ? null
        : { reason: 'wristbandOrTicket', message: msg('feedWristbandOrTicket') };
    case 'wristbandChange':
      return op.sourceRfid === op.endRfid
        ? { reason: 'sameWristband', message: msg('feedSameWristband') }
        : null;
    default:
      return null;
  }
}
