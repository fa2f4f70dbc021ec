import { isAddonOperationType, OPERATION_DIRECTION, type SyncOperation, saleTotal } from '@pulsera/contracts';

/** A refusal decided from the operation alone: a reason code and its message key. */
export interface RuleRefusal {
  reason: string;
  message: string;
}

const msg = (key: string, params?: Record<string, unknown>) =>
  params ? `validation.${key}|${JSON.stringify(params)}` : `validation.${key}`;
const money = (cents: number) => (cents / 100).toFixed(2);

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
      if (op.addonId !== undefined && !isAddonOperationType(op.type)) {
        return { reason: 'addonType', message: msg('feedAddonType', { type: op.type }) };
      }
      return null;
    }
    case 'sale': {
      const total = saleTotal(op.lines);
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

/** A ban of a wristband: on terminals (the console's `enabled`) and of its top-ups (`enabledTopUps`). */
export interface Ban {
  terminals: boolean;
  topUps: boolean;
}
export type BanReason = 'bannedWristband' | 'bannedTopUp';
/** What a ban does to an operation: refused (nothing recorded) or recorded and flagged. */
export type BanOutcome = { action: 'refuse' | 'flag'; reason: BanReason; serial: string };

/**
 * Banned wristbands at sync (decisions/terminals.md "Terminal feed"). Terminals may have worked offline with
 * an old ban list, so what already moved money is never dropped:
 * - a credit (top-up, online top-up, bonus, add-on…) to a wristband whose top-ups or which itself is
 *   banned is recorded and flagged when money changed hands or the cash balance moved, and refused
 *   when it is only a gift (bonus balance, no money): nothing was paid, so nothing is lost;
 * - any other balance operation (sales, devolutions, refunds and cancellations) touching a wristband
 *   banned on terminals is recorded and flagged: goods were served or money paid out, and dropping
 *   the debit would leave value on the banned wristband that was already spent;
 * - a wristband replacement away from a banned wristband is recorded and flagged (staff moved the
 *   value to a new wristband); onto a banned one it is refused (the value stays where it was);
 * - access, ticket validations and role recordings of a wristband banned on terminals are refused
 *   (no money; the refusal is kept in refused_operations for review).
 * A ban of top-ups alone affects only credits.
 */
export function banOutcome(op: SyncOperation, banOf: (serial: string) => Ban | undefined): BanOutcome | null {
  const on = (serial: string | undefined) => (serial ? banOf(serial) : undefined);
  switch (op.kind) {
    case 'topup': {
      const ban = on(op.rfid);
      if (!ban) return null;
      const credit = op.amount > 0 || op.bonus > 0;
      if (credit && (ban.terminals || ban.topUps)) {
        const reason: BanReason = ban.terminals ? 'bannedWristband' : 'bannedTopUp';
        const giftOnly = op.money === 0 && op.amount === 0;
        return { action: giftOnly ? 'refuse' : 'flag', reason, serial: op.rfid };
      }
      return ban.terminals ? { action: 'flag', reason: 'bannedWristband', serial: op.rfid } : null;
    }
    case 'sale': {
      const serials = [
        op.rfid,
        ...op.payments.map((p) => (p.type === 'S' || p.type === 'B' ? p.rfid : undefined)),
      ];
      const banned = serials.find((s) => on(s)?.terminals);
      return banned ? { action: 'flag', reason: 'bannedWristband', serial: banned } : null;
    }
    case 'wristbandChange':
      if (on(op.endRfid)?.terminals)
        return { action: 'refuse', reason: 'bannedWristband', serial: op.endRfid };
      if (on(op.sourceRfid)?.terminals)
        return { action: 'flag', reason: 'bannedWristband', serial: op.sourceRfid };
      return null;
    case 'access':
    case 'ticketValidation':
    case 'roleRecording':
      return on(op.rfid)?.terminals
        ? { action: 'refuse', reason: 'bannedWristband', serial: op.rfid! }
        : null;
    default:
      return null;
  }
}
