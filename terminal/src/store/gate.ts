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
  gateOccupancy,
  zonesEntered,
} from '@pulsera/contracts/terminals/access-decision';
import type { DeviceConfig } from '@pulsera/contracts/terminals/feed-config';
import { occupancy, wristband } from '../api';
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

const DAY = 86_400_000;

/**
 * The zones' occupancy this gate decides by (contracts `gateOccupancy`): online, the server's live
 * count (kept) plus this gate's admissions still waiting in the outbox; offline, its share of the room
 * left at the last live count, against what it let in since (and what was still waiting then).
 */
export async function occupancyAtGate(db: TerminalDb, config: DeviceConfig, gateId: number) {
  const gate = config.gates.find((g) => g.id === gateId);
  if (!gate) return {};
  let online = false;
  if (navigator.onLine) {
    try {
      const live = await occupancy();
      const zones = Object.fromEntries(live.zones.map((z) => [z.zoneId, z.inside]));
      await db.put('occupancy', { at: Date.now(), zones });
      online = true;
    } catch {
      // The server cannot be reached: the last count and this gate's share.
    }
  }
  const [live, log, waiting] = await Promise.all([
    db.get('occupancy'),
    db.get('gateLog'),
    db.outbox.toArray(),
  ]);
  const since = live?.at ?? 0;
  const unsentBefore = waiting.filter(
    (r) =>
      r.operation.kind === 'access' &&
      (r.operation.acceso === 'S' || r.operation.acceso === 'W') &&
      r.operation.gateId === gateId &&
      Date.parse(r.operation.deviceTime) < since,
  ).length;
  const mine = unsentBefore + (log ?? []).filter((at) => at >= since).length;
  const admittedSince = Object.fromEntries(zonesEntered(config.zones, gate).map((z) => [z.id, mine]));
  return gateOccupancy({
    zones: config.zones,
    gates: config.gates,
    online,
    live: live?.zones ?? null,
    admittedSince,
  });
}

/** The access decision for this wristband at this gate, now. */
export function decideAtGate(
  config: DeviceConfig,
  gateId: number,
  pass: PassRow,
  now: Date,
  occupancy: Record<number, number> = {},
): AccessDecision {
  const gate = config.gates.find((g) => g.id === gateId);
  const wristband: AccessWristband = { ...pass, banned: pass.bannedTerminals };
  if (!gate) return { admitted: false, code: 'NT', reason: 'gateInactive' };
  return decideAccess({
    rules: { timeZone: config.event.timeZone, zones: config.zones, ...config.access },
    gate,
    wristband,
    now,
    occupancy,
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
      const log = ((await db.get('gateLog')) ?? []).filter((t) => t > now.getTime() - DAY);
      await db.put('gateLog', [...log, now.getTime()]);
      await db.passes.put({
        ...pass,
        lastZone: gate.zoneToId,
        entries: [{ zoneId: gate.zoneToId, at: now.toISOString() }, ...pass.entries].slice(0, ENTRIES_KEPT),
      });
    }
  });
}
