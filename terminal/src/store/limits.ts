/**
 * The offline limits the server sets in the configuration: past the longest time without contact
 * the terminal stops taking operations; past the most one wristband may spend on this terminal while
 * its operations wait to be sent, it refuses that wristband's sales. Both say why on screen.
 */
import type { DeviceConfig } from '@pulsera/contracts';
import type { TerminalDb } from './db';

export type LimitStop =
  | { reason: 'offlineTooLong'; hours: number }
  | { reason: 'wristbandLimit'; limit: number; spent: number };

/** Records a contact with the server (a sync or a configuration answered). */
export const contactMade = (db: TerminalDb, at = Date.now()) => db.put('lastContact', at);

/** What this terminal charged a wristband in the operations that still wait to be sent. */
export async function unsentSpend(db: TerminalDb, serial: string) {
  const rows = await db.outbox.where('rfid').equals(serial).toArray();
  let spent = 0;
  for (const { operation: op } of rows) {
    if (op.kind !== 'sale') continue;
    const paid = (op.payments ?? [])
      .filter((p) => (p.type === 'S' || p.type === 'B') && (p.rfid ?? op.rfid) === serial)
      .reduce((sum, p) => sum + p.amount, 0);
    spent += op.isDevolution ? -paid : paid;
  }
  return spent;
}

/** Whether the terminal has been out of contact for longer than the configuration allows. */
export async function contactStop(
  db: TerminalDb,
  config: DeviceConfig,
  now = Date.now(),
): Promise<LimitStop | null> {
  return contactStopAt((await db.get('lastContact')) ?? 0, config, now);
}

/** `contactStop` on a last contact already read (a gate reads it with the rest of a tap). */
export function contactStopAt(last: number, config: DeviceConfig, now = Date.now()): LimitStop | null {
  const max = config.offlineLimits.maxOfflineSeconds;
  return now - last > max * 1000 ? { reason: 'offlineTooLong', hours: Math.round(max / 360) / 10 } : null;
}

/**
 * Whether a sale of `amount` on a wristband may go ahead offline: the contact limit, then the
 * wristband's unsent spending plus this sale against the limit.
 */
export async function saleStop(
  db: TerminalDb,
  config: DeviceConfig,
  serial: string,
  amount: number,
  now = Date.now(),
): Promise<LimitStop | null> {
  // Both read at once: a tap waits for one round of IndexedDB, not two.
  const [stop, spent] = await Promise.all([contactStop(db, config, now), unsentSpend(db, serial)]);
  if (stop) return stop;
  const limit = config.offlineLimits.maxWristbandSpend;
  return spent + amount > limit ? { reason: 'wristbandLimit', limit, spent } : null;
}
