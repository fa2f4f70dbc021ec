/**
 * The banned-wristband list, as each sync brings it (contracts TerminalBanList): the whole list or
 * the changes since the version held. Kept in IndexedDB, so a banned wristband is refused offline.
 */
import type { TerminalBanList } from '@pulsera/contracts/terminals/feed-sync';
import type { TerminalDb } from './db';

export async function applyBanList(db: TerminalDb, list: TerminalBanList) {
  await db.transaction('rw', db.bans, db.kv, async () => {
    if (list.full) await db.bans.clear();
    for (const b of list.bans) {
      const nSerie = b.nSerie.toUpperCase();
      if (b.banAndroid === 0 && b.banTopUps === 0) await db.bans.delete(nSerie);
      else await db.bans.put({ nSerie, banTerminals: b.banAndroid === 1, banTopUps: b.banTopUps === 1 });
    }
    await db.put('banListVersion', list.version);
  });
}

/** Whether a wristband is banned on terminals, by the list this terminal holds. */
export const bannedOnTerminals = async (db: TerminalDb, serial: string) =>
  (await db.bans.get(serial))?.banTerminals ?? false;

/** Whether a wristband's top-ups are banned, by the list this terminal holds. */
export const bannedFromTopUps = async (db: TerminalDb, serial: string) =>
  (await db.bans.get(serial))?.banTopUps ?? false;
