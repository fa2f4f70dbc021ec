/**
 * The balances a wristband has for this terminal: the server's answer while none of this terminal's
 * operations on it still wait to be sent (the server's balance then includes them all), otherwise the
 * balance this terminal left after its last operation on it. Offline, only wristbands it has learned.
 */
import { wristband } from '../api';
import { bannedFromTopUps, bannedOnTerminals } from './bans';
import { type BalanceRow, db } from './db';

export async function balanceOf(serial: string): Promise<BalanceRow | null> {
  const [known, waiting] = await Promise.all([
    db.balances.get(serial),
    db.outbox.where('rfid').equals(serial).count(),
  ]);
  if (waiting === 0 && navigator.onLine) {
    try {
      const w = await wristband(serial);
      const row: BalanceRow = {
        serial,
        cash: w.cash,
        gift: w.gift,
        learnedAt: Date.now(),
        bannedTerminals: w.bannedTerminals,
        bannedTopUps: w.bannedTopUps,
        topUps: w.topUps,
        replaced: w.replaced,
      };
      // Only when nothing was written for it meanwhile (a sale of another tab): then what that wrote.
      return await db.transaction('rw', db.balances, db.outbox, async () => {
        if ((await db.outbox.where('rfid').equals(serial).count()) > 0)
          return (await db.balances.get(serial)) ?? row;
        await db.balances.put(row);
        return row;
      });
    } catch {
      // The server cannot be reached: what this terminal knows.
    }
  }
  // Offline, the ban list this terminal holds decides.
  return known
    ? {
        ...known,
        bannedTerminals: known.bannedTerminals || (await bannedOnTerminals(db, serial)),
        bannedTopUps: known.bannedTopUps || (await bannedFromTopUps(db, serial)),
      }
    : null;
}
