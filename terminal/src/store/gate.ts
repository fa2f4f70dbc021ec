/**
 * The gate's side of a tap: what is known of the wristband (the server's lookup when online, else what
 * this terminal learned and did; the ban list it holds either way), the shared `decideAccess` on the
 * cached configuration, and the access operation written to the outbox with the wristband's new
 * passage in one transaction, before the screen answers.
 */
import {
  type AccessDecision,
  type AccessWristband,
  decideAccess,
} from '@pulsera/contracts/terminals/access-decision';
import type { DeviceConfig } from '@pulsera/contracts/terminals/feed-config';
import { wristband } from '../api';
import { bannedOnTerminals } from './bans';
import type { PassRow, TerminalDb } from './db';
import { enqueue } from './outbox';

/** As many entries as the server's lookup carries (contracts ACCESS_ENTRIES_KEPT). */
const ENTRIES_KEPT = 100;

/** The wristband as this gate knows it (an unknown one offline: no role, no flags). */
export async function passOf(db: TerminalDb, serial: string): Promise<PassRow> {
  let row = await db.passes.get(serial);
  const waiting = await db.outbox.where('rfid').equals(serial).count();
  // The server's answer counts this terminal's passages once they are all sent.
  if (waiting === 0 && navigator.onLine) {
    try {
      const w = await wristband(serial);
      row = {
        serial,
        roleId: w.roleId,
        flags: w.flags,
        lastZone: w.lastZone,
        entries: w.entries,
        bannedTerminals: w.bannedTerminals,
      };
      await db.passes.put(row);
    } catch {
      // The server cannot be reached: what this terminal knows.
    }
  }
  row ??= { serial, roleId: null, flags: [], lastZone: null, entries: [], bannedTerminals: false };
  return { ...row, bannedTerminals: row.bannedTerminals || (await bannedOnTerminals(db, serial)) };
}

/** The access decision for this wristband at this gate, now. */
export function decideAtGate(config: DeviceConfig, gateId: number, pass: PassRow, now: Date): AccessDecision {
  const gate = config.gates.find((g) => g.id === gateId);
  const wristband: AccessWristband = { ...pass, banned: pass.bannedTerminals };
  if (!gate) return { admitted: false, code: 'NT', reason: 'gateInactive' };
  return decideAccess({
    rules: { timeZone: config.event.timeZone, zones: config.zones, ...config.access },
    gate,
    wristband,
    now,
  });
}

/**
 * Writes the access operation (admitted or refused) and, when admitted, the wristband's new zone and
 * entry. A wristband banned on terminals is not written: the feed refuses its access (the ban list is
 * the record).
 */
export async function recordPassage(
  db: TerminalDb,
  at: { config: DeviceConfig; gateId: number; staffId: number; locationId: number },
  pass: PassRow,
  decision: AccessDecision,
  now: Date,
) {
  if (decision.reason === 'banned') return;
  const gate = at.config.gates.find((g) => g.id === at.gateId);
  if (!gate) return;
  await db.transaction('rw', db.kv, db.outbox, db.balances, db.passes, async () => {
    await enqueue(db, (seq) => ({
      operation: {
        kind: 'access',
        id: crypto.randomUUID(),
        deviceTime: now.toISOString(),
        seq,
        staffId: at.staffId,
        locationId: at.locationId,
        rfid: pass.serial,
        acceso: decision.code,
        zoneFrom: gate.zoneFromId,
        zoneTo: gate.zoneToId,
        gateId: gate.id,
        lastZone: pass.lastZone,
        ...(pass.roleId !== null ? { roleId: pass.roleId } : {}),
      },
    }));
    if (decision.admitted) {
      await db.passes.put({
        ...pass,
        lastZone: gate.zoneToId,
        entries: [{ zoneId: gate.zoneToId, at: now.toISOString() }, ...pass.entries].slice(0, ENTRIES_KEPT),
      });
    }
  });
}
