/**
 * The gate's side of a tap: what is known of the wristband (the server's lookup when online, else what
 * this terminal learned and did; the ban list it holds either way), the shared `decideAccess` on the
 * cached configuration, and the access operation written to the outbox with the wristband's new
 * passage in one transaction, before the screen answers. Offline a tap costs one read transaction and
 * one write transaction (the bench's tap to answer, issue 30); what the configuration gives (the gate,
 * the rules, the zones it enters) is worked out once per configuration.
 */
import {
  type AccessDecision,
  type AccessRules,
  type AccessWristband,
  decideAccess,
  gateOccupancy,
  zonesEntered,
} from '@pulsera/contracts/terminals/access-decision';
import type { DeviceConfig } from '@pulsera/contracts/terminals/feed-config';
import { occupancy, wristband } from '../api';
import type { KvValues, OutboxRow, PassRow, TerminalDb } from './db';
import { contactStopAt, type LimitStop } from './limits';
import { enqueue } from './outbox';

/** As many entries as the server's lookup carries (contracts ACCESS_ENTRIES_KEPT). */
const ENTRIES_KEPT = 100;
const DAY = 86_400_000;
/** An operation's `createdAt` follows its `deviceTime` by the time its write took: far less than this. */
const WRITE_SLACK = 60_000;

type Gate = DeviceConfig['gates'][number];
interface GateSetup {
  gate: Gate | undefined;
  rules: AccessRules;
  /** The zones a passage through this gate enters. */
  entered: number[];
}

/** What a configuration gives each gate, worked out once per configuration (it is replaced, never changed). */
const setups = new WeakMap<DeviceConfig, Map<number, GateSetup>>();
function gateSetup(config: DeviceConfig, gateId: number): GateSetup {
  let byGate = setups.get(config);
  if (!byGate) {
    byGate = new Map();
    setups.set(config, byGate);
  }
  let setup = byGate.get(gateId);
  if (!setup) {
    const gate = config.gates.find((g) => g.id === gateId);
    setup = {
      gate,
      rules: { timeZone: config.event.timeZone, zones: config.zones, ...config.access },
      entered: gate ? zonesEntered(config.zones, gate).map((z) => z.id) : [],
    };
    byGate.set(gateId, setup);
  }
  return setup;
}

const unknownPass = (serial: string): PassRow => ({
  serial,
  roleId: null,
  flags: [],
  lastZone: null,
  entries: [],
  bannedTerminals: false,
});

/** What the terminal holds for a tap, read in one transaction. */
async function heldForTap(db: TerminalDb, serial: string) {
  return db.transaction('r', db.kv, db.passes, db.outbox, db.bans, async () => {
    const [lastContact, row, waiting, ban, live, log] = await Promise.all([
      db.get('lastContact'),
      db.passes.get(serial),
      db.outbox.where('rfid').equals(serial).count(),
      db.bans.get(serial),
      db.get('occupancy'),
      db.get('gateLog'),
    ]);
    return {
      lastContact,
      row,
      waiting,
      banned: ban?.banTerminals ?? false,
      live,
      log,
      unsent: await unsentAt(db, live),
    };
  });
}

/** The access operations waiting in the outbox that were made before the last live count. */
const unsentAt = (db: TerminalDb, live: KvValues['occupancy'] | undefined) =>
  db.outbox
    .where('createdAt')
    .below((live?.at ?? 0) + WRITE_SLACK)
    .toArray();

/** The server's answer for a wristband, kept (undefined: it cannot be reached). */
async function serverPass(db: TerminalDb, serial: string): Promise<PassRow | undefined> {
  try {
    const w = await wristband(serial);
    const row = {
      serial,
      roleId: w.roleId,
      flags: w.flags,
      lastZone: w.lastZone,
      entries: w.entries,
      bannedTerminals: w.bannedTerminals,
    };
    await db.passes.put(row);
    return row;
  } catch {
    return undefined;
  }
}

/** The server's live count of the zones, kept (undefined: it cannot be reached). */
async function serverOccupancy(db: TerminalDb): Promise<KvValues['occupancy'] | undefined> {
  try {
    const live = await occupancy();
    const counted = {
      at: Date.now(),
      zones: Object.fromEntries(live.zones.map((z) => [z.zoneId, z.inside])),
    };
    await db.put('occupancy', counted);
    return counted;
  } catch {
    return undefined;
  }
}

/**
 * The zones' occupancy this gate decides by (contracts `gateOccupancy`): online, the server's live
 * count (kept) plus this gate's admissions still waiting in the outbox; offline, its share of the room
 * left at the last live count, against what it let in since (and what was still waiting then).
 */
function occupancyFrom(
  config: DeviceConfig,
  gateId: number,
  online: boolean,
  live: KvValues['occupancy'] | undefined,
  log: number[] | undefined,
  waiting: readonly OutboxRow[],
) {
  const { gate, entered } = gateSetup(config, gateId);
  if (!gate) return {};
  const since = live?.at ?? 0;
  const unsentBefore = waiting.filter(
    (r) =>
      r.operation.kind === 'access' &&
      (r.operation.acceso === 'S' || r.operation.acceso === 'W') &&
      r.operation.gateId === gateId &&
      Date.parse(r.operation.deviceTime) < since,
  ).length;
  const mine = unsentBefore + (log ?? []).filter((at) => at >= since).length;
  return gateOccupancy({
    zones: config.zones,
    gates: config.gates,
    online,
    live: live?.zones ?? null,
    admittedSince: Object.fromEntries(entered.map((id) => [id, mine])),
  });
}

/** The wristband as this gate knows it (an unknown one offline: no role, no flags). */
export async function passOf(db: TerminalDb, serial: string): Promise<PassRow> {
  const { row, waiting, banned } = await heldForTap(db, serial);
  // The server's answer counts this terminal's passages once they are all sent.
  const known = (waiting === 0 && navigator.onLine ? await serverPass(db, serial) : undefined) ?? row;
  const pass = known ?? unknownPass(serial);
  return { ...pass, bannedTerminals: pass.bannedTerminals || banned };
}

/** The zones' occupancy this gate decides by (see `occupancyFrom`). */
export async function occupancyAtGate(db: TerminalDb, config: DeviceConfig, gateId: number) {
  if (!gateSetup(config, gateId).gate) return {};
  const counted = navigator.onLine ? await serverOccupancy(db) : undefined;
  const { live, log, unsent } = await heldForTap(db, '');
  return occupancyFrom(config, gateId, counted !== undefined, live, log, unsent);
}

/** The access decision for this wristband at this gate, now. */
export function decideAtGate(
  config: DeviceConfig,
  gateId: number,
  pass: PassRow,
  now: Date,
  occupancy: Record<number, number> = {},
): AccessDecision {
  const { gate, rules } = gateSetup(config, gateId);
  const wristband: AccessWristband = { ...pass, banned: pass.bannedTerminals };
  if (!gate) return { admitted: false, code: 'NT', reason: 'gateInactive' };
  return decideAccess({ rules, gate, wristband, now, occupancy });
}

export interface GatePlace {
  config: DeviceConfig;
  gateId: number;
  staffId: number;
  locationId: number;
}

/**
 * A tap at the gate, decided and written: stopped (out of contact for longer than the configuration
 * allows: its lists are too old to admit anyone), or the decision, whose operation is in the outbox
 * when this returns. Offline: one read transaction, the decision, one write transaction; online, the
 * server's lookup of the wristband and its live count are asked at once.
 */
export async function tapAtGate(
  db: TerminalDb,
  at: GatePlace,
  serial: string,
): Promise<{ stopped: LimitStop } | { decision: AccessDecision; pass: PassRow }> {
  const held = await heldForTap(db, serial);
  const stop = contactStopAt(held.lastContact ?? 0, at.config);
  if (stop) return { stopped: stop };
  let { row, live, unsent } = held;
  let online = false;
  if (navigator.onLine) {
    const [known, counted] = await Promise.all([
      held.waiting === 0 ? serverPass(db, serial) : undefined,
      gateSetup(at.config, at.gateId).gate ? serverOccupancy(db) : undefined,
    ]);
    row = known ?? row;
    if (counted) {
      online = true;
      live = counted;
      unsent = await unsentAt(db, live);
    }
  }
  const found = row ?? unknownPass(serial);
  const pass = { ...found, bannedTerminals: found.bannedTerminals || held.banned };
  const now = new Date();
  const occupancy = occupancyFrom(at.config, at.gateId, online, live, held.log, unsent);
  const decision = decideAtGate(at.config, at.gateId, pass, now, occupancy);
  await recordPassage(db, at, pass, decision, now);
  return { decision, pass };
}

/**
 * Writes the access operation (admitted or refused) and, when admitted, the wristband's new zone and
 * entry. A wristband banned on terminals is not written: the feed refuses its access (the ban list is
 * the record).
 */
export async function recordPassage(
  db: TerminalDb,
  at: GatePlace,
  pass: PassRow,
  decision: AccessDecision,
  now: Date,
) {
  if (decision.reason === 'banned') return;
  const { gate } = gateSetup(at.config, at.gateId);
  if (!gate) return;
  await db.transaction('rw', db.kv, db.outbox, db.balances, db.passes, async () => {
    const logged = decision.admitted ? db.get('gateLog') : undefined;
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
      const log = ((await logged) ?? []).filter((t) => t > now.getTime() - DAY);
      await Promise.all([
        db.put('gateLog', [...log, now.getTime()]),
        db.passes.put({
          ...pass,
          lastZone: gate.zoneToId,
          entries: [{ zoneId: gate.zoneToId, at: now.toISOString() }, ...pass.entries].slice(0, ENTRIES_KEPT),
        }),
      ]);
    }
  });
}
