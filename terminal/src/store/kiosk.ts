/**
 * The kiosk's two operations (customer service), each written to the outbox with the balances it
 * leaves before the screen says done, so they work offline like a sale:
 * - a refund: the cash balance paid back in cash (operation D, payment S) when the event's refund rules
 *   allow it here and now (contracts `kioskRefund`); the gift balance is not paid out;
 * - a wristband change: the old wristband's balances move to the new one (the feed's wristbandChange:
 *   N-RS / N-RE, customer, flags and role too); the old one is marked replaced here.
 */

import type { DeviceConfig } from '@pulsera/contracts/terminals/feed-config';
import { kioskRefund } from '@pulsera/contracts/terminals/kiosk-refund';
import type { BalanceRow, TerminalDb } from './db';
import { enqueue, operationHead } from './outbox';

export interface KioskPlace {
  config: DeviceConfig;
  locationId: number;
  deviceId: number;
  staffId: number;
}

/** What the rules allow to refund of this balance now (the amount, or why not). */
export const refundFor = (place: KioskPlace, known: BalanceRow, at = new Date()) =>
  kioskRefund(place.config.refunds, {
    cash: known.cash,
    at,
    timeZone: place.config.event.timeZone,
    locationId: place.locationId,
    deviceId: place.deviceId,
  });

/** Books the refund the rules allow; answers the receipt's lines, or null when refused. */
export async function bookRefund(db: TerminalDb, place: KioskPlace, known: BalanceRow, at = new Date()) {
  const allowed = refundFor(place, known, at);
  if (!('refund' in allowed)) return null;
  const row = await enqueue(db, (seq) => ({
    operation: {
      kind: 'topup',
      ...operationHead(seq, at),
      rfid: known.serial,
      staffId: place.staffId,
      locationId: place.locationId,
      type: 'D',
      paymentType: 'S',
      amount: -allowed.refund,
      money: allowed.refund,
    },
    balance: { ...known, cash: 0 },
  }));
  return { id: row.id, serial: known.serial, refunded: allowed.refund, gift: known.gift, at };
}

/** Moves the old wristband's balances to the new one; answers what the new one holds. */
export async function bookWristbandChange(
  db: TerminalDb,
  place: KioskPlace,
  old: BalanceRow,
  fresh: { serial: string; known: BalanceRow | null; codeCheck?: string },
  at = new Date(),
) {
  const end = fresh.known ?? { serial: fresh.serial, cash: 0, gift: 0, bannedTerminals: false, topUps: 0 };
  const after = { ...end, cash: end.cash + old.cash, gift: end.gift + old.gift };
  await enqueue(db, (seq) => ({
    operation: {
      kind: 'wristbandChange',
      ...operationHead(seq, at),
      staffId: place.staffId,
      locationId: place.locationId,
      sourceRfid: old.serial,
      endRfid: fresh.serial,
      ...(fresh.codeCheck ? { endCodeCheck: fresh.codeCheck } : {}),
    },
    balances: [{ ...old, cash: 0, gift: 0, replaced: true }, after],
  }));
  return { from: old.serial, to: fresh.serial, cash: after.cash, gift: after.gift };
}
