/**
 * A bar sale as the terminal books it: the cart's lines and total (contracts' `cartLines`, packs with
 * their components), paid the way the staff chose among those the location allows (contracts'
 * `paidSale`: wristband balance, cash, card, or the wristband's balance and the rest in cash or by
 * card), checked against the offline limits, and written to the outbox in one transaction with the
 * balance it leaves and the cash it puts in the staff member's drawer.
 */
import type { DeviceConfig } from '@pulsera/contracts/terminals/feed-config';
import type { CartItem } from '@pulsera/contracts/terminals/sale-amounts';
import {
  paidSale,
  paymentLettersAt,
  type SalePayChoice,
  salePayChoices,
} from '@pulsera/contracts/terminals/sale-payment';
import type { BalanceRow, LastOrder, Session, TerminalDb } from './db';
import { contactStop, type LimitStop, saleStop } from './limits';
import { enqueue } from './outbox';

/** The payment letters and the choices that apply to this terminal at the session's location. */
export function payChoicesAt(config: DeviceConfig, deviceId: number, locationId: number) {
  const letters = paymentLettersAt(config.paymentMethods, { deviceId, locationId });
  return { letters, choices: salePayChoices(letters) };
}

export type SaleRefusal =
  | { reason: 'methodNotAllowed' | 'wristbandRequired' | 'emptyBalance' }
  | { reason: 'notEnoughBalance'; missing: number }
  | { reason: 'limit'; stop: LimitStop };

export type SaleBooked = {
  ok: true;
  total: number;
  fromWristband: number;
  byHand: number;
  choice: SalePayChoice;
  after: { cash: number; gift: number } | null;
  order: LastOrder;
};

export async function bookSale(
  db: TerminalDb,
  input: {
    config: DeviceConfig;
    session: Session;
    deviceId: number;
    items: readonly CartItem[];
    choice: SalePayChoice;
    wristband?: { known: BalanceRow; codeCheck?: string };
    now?: Date;
  },
): Promise<SaleBooked | ({ ok: false } & SaleRefusal)> {
  const { config, session, wristband } = input;
  const at = input.now ?? new Date();
  const { letters } = payChoicesAt(config, input.deviceId, session.locationId);
  const packs = config.menus.find((m) => m.location === session.locationId)?.sticks ?? [];
  const make = (seq: number) =>
    paidSale({
      id: crypto.randomUUID(),
      deviceTime: at.toISOString(),
      seq,
      staffId: session.staffId,
      locationId: session.locationId,
      items: input.items,
      packs,
      choice: input.choice,
      letters,
      ...(wristband
        ? {
            wristband: {
              rfid: wristband.known.serial,
              ...(wristband.codeCheck ? { codeCheck: wristband.codeCheck } : {}),
              balances: { cash: wristband.known.cash, gift: wristband.known.gift },
            },
          }
        : {}),
    });
  const check = make(1);
  if (!check.ok) return check;
  // The offline limits: time without contact, and what the wristband spent here unsent.
  const stop = wristband
    ? await saleStop(db, config, wristband.known.serial, check.fromWristband, at.getTime())
    : await contactStop(db, config, at.getTime());
  if (stop) return { ok: false, reason: 'limit', stop };
  let made = check;
  const orderOf = (row: { operation: LastOrder['operation']; createdAt: number }): LastOrder => ({
    operation: row.operation,
    serial: wristband?.known.serial ?? '',
    at: row.createdAt,
    total: made.total,
  });
  // The last order (which "cancel the last order" reads) is written with the sale, in its transaction.
  const row = await enqueue(
    db,
    (seq) => {
      const again = make(seq);
      if (!again.ok) throw new Error('balance changed');
      made = again;
      return {
        operation: again.operation,
        ...(wristband && again.after ? { balance: { ...wristband.known, ...again.after } } : {}),
      };
    },
    (written) => db.put('lastOrder', orderOf(written)),
  );
  const order = orderOf(row);
  return {
    ok: true,
    total: made.total,
    fromWristband: made.fromWristband,
    byHand: made.byHand,
    choice: input.choice,
    after: wristband ? made.after : null,
    order,
  };
}
