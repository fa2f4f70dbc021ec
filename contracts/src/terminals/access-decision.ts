/**
 * The access decision at a gate (issue 30): one pure function, the same on the terminal (offline,
 * from its cached configuration and wristband state) and wherever the server reads the same rules.
 * 01-console §3 access codes: S allowed; W warning double entry; NT denied no permission; ND denied
 * double entry; NC denied capacity full; NI denied no role.
 */
import { localMoment, withinHours } from '../local-time';
import type { ACCESS_CODES } from './feed';

export type AccessCode = (typeof ACCESS_CODES)[number];

/** Why: a message key (terminal locales `access.reason.*`). */
export const ACCESS_REASONS = [
  'admitted',
  'exit',
  'reEntry',
  'doubleEntryWarning',
  'gateInactive',
  'banned',
  'noRole',
  'noPermission',
  'outOfTime',
  'doubleEntry',
  'accessUsed',
  'capacityFull',
  'roleOutOfTime',
  'timeRangeUsed',
] as const;
export type AccessReason = (typeof ACCESS_REASONS)[number];

export interface AccessZone {
  id: number;
  parentId: number | null;
  /** S allow, W warning, N deny a second entry while inside. */
  modeDoubleIn: string;
  /** -1: no capacity control. */
  capacity: number;
  /**
   * Entries without capacity check (the console's zone field, 0 or more): the entries a zone still
   * takes once it holds its capacity, so its gates refuse (NC) at capacity + this margin.
   */
  noCheckCapacity: number;
}

export interface AccessTimeRange {
  id: number;
  /** YYYY-MM-DD, the event's local days. */
  dateStart: string;
  dateEnd: string;
  /** HH:mm:ss; an end before the start runs past midnight. */
  timeStart: string;
  timeEnd: string;
  /** L M X J V S D. */
  weekdays: string;
  /**
   * The console's `accessUsage`: the most passages a wristband is admitted through the event's gates
   * while this time range holds (any zone, counted over the whole range); 0: no such limit.
   */
  accessUsage: number;
}

/** What the console sets: zones, time ranges, ticket roles' and flags' access entries. */
export interface AccessRules {
  /** The event's IANA time zone: time ranges are its wall clock. */
  timeZone: string;
  zones: readonly AccessZone[];
  timeRanges: readonly AccessTimeRange[];
  /** rolesAccess: a role into a zone during a time range, nAccess entries (-1 unlimited). */
  roleAccess: readonly { roleId: number; zoneId: number; timeRangeId: number; nAccess: number }[];
  /** A flag's access entries; allowMultipleEntry 0: one entry in the time range. */
  flagAccess: readonly { flagId: number; zoneId: number; timeRangeId: number; allowMultipleEntry: number }[];
  /**
   * A ticket role's own time ranges (the role's `idsTimeRange`): a role that has some grants its access
   * entries only while one of them holds too; a role without any is not limited.
   */
  roleTimeRanges: readonly { roleId: number; timeRangeId: number }[];
}

export interface AccessGate {
  /** null: from outside. */
  zoneFromId: number | null;
  zoneToId: number;
  active: boolean;
}

/** What is known of the wristband (server lookup, ban list, this gate's own passages). */
export interface AccessWristband {
  banned: boolean;
  roleId: number | null;
  flags: readonly number[];
  /** The zone its last accepted passage led into (null: outside or never seen). */
  lastZone: number | null;
  /** Its accepted entries (S, W): the zone entered and when (ISO instant). */
  entries: readonly { zoneId: number; at: string }[];
}

export interface AccessInput {
  rules: AccessRules;
  gate: AccessGate;
  wristband: AccessWristband;
  now: Date;
  /** People in each zone now, when known (live counts); a zone left out is not checked. */
  occupancy?: Readonly<Record<number, number>>;
}

export interface AccessDecision {
  admitted: boolean;
  code: AccessCode;
  reason: AccessReason;
}

const decided = (code: AccessCode, reason: AccessReason): AccessDecision => ({
  admitted: code === 'S' || code === 'W',
  code,
  reason,
});

/** Whether `zone` is `target` or lies inside it (a cycle, which the console refuses, ends the walk). */
export function zoneWithin(zones: readonly AccessZone[], zone: number | null, target: number): boolean {
  const parent = new Map(zones.map((z) => [z.id, z.parentId]));
  const seen = new Set<number>();
  for (let z = zone; z !== null && !seen.has(z); z = parent.get(z) ?? null) {
    if (z === target) return true;
    seen.add(z);
  }
  return false;
}

/** Whether an instant lies in a time range, read on the event's wall clock. */
export function inTimeRange(range: AccessTimeRange, at: Date, timeZone: string): boolean {
  const local = localMoment(at, timeZone);
  if (local.date < range.dateStart.slice(0, 10) || local.date > range.dateEnd.slice(0, 10)) return false;
  if (!withinHours(local.time, range.timeStart, range.timeEnd)) return false;
  return range.weekdays.includes(local.weekday);
}

interface Grant {
  range: AccessTimeRange | undefined;
  nAccess: number;
  /** A role's entry: held back by the role's own time ranges. */
  fromRole: boolean;
}

/** The role's and flags' access entries into a zone, each with its time range and entries allowed. */
function grantsInto(rules: AccessRules, band: AccessWristband, zoneId: number): Grant[] {
  const ranges = new Map(rules.timeRanges.map((r) => [r.id, r]));
  const fromRole = rules.roleAccess
    .filter((a) => a.roleId === band.roleId && a.zoneId === zoneId)
    .map((a) => ({ range: ranges.get(a.timeRangeId), nAccess: a.nAccess, fromRole: true }));
  const fromFlags = rules.flagAccess
    .filter((a) => band.flags.includes(a.flagId) && a.zoneId === zoneId)
    .map((a) => ({
      range: ranges.get(a.timeRangeId),
      nAccess: a.allowMultipleEntry === 1 ? -1 : 1,
      fromRole: false,
    }));
  return [...fromRole, ...fromFlags];
}

/** Whether the wristband's role may be used now: it has no time ranges of its own, or one holds. */
function roleInTime(rules: AccessRules, roleId: number | null, now: Date): boolean {
  const own = rules.roleTimeRanges.filter((r) => r.roleId === roleId).map((r) => r.timeRangeId);
  if (!own.length) return true;
  return rules.timeRanges.some((r) => own.includes(r.id) && inTimeRange(r, now, rules.timeZone));
}

/** The people a zone takes before its gates refuse: its capacity and the entries without check. */
export const zoneLimit = (zone: AccessZone) => zone.capacity + Math.max(0, zone.noCheckCapacity);

/** The zones a passage through the gate enters: the zone led into and those holding it, not the one left. */
export function zonesEntered(
  zones: readonly AccessZone[],
  gate: Pick<AccessGate, 'zoneFromId' | 'zoneToId'>,
) {
  return zones.filter(
    (zone) =>
      zoneWithin(zones, gate.zoneToId, zone.id) &&
      !(gate.zoneFromId !== null && zoneWithin(zones, gate.zoneFromId, zone.id)),
  );
}

/**
 * The occupancy a gate decides by, for the zones with capacity control. Online: the server's live
 * count plus what this gate let in since. Offline: the room left at the last live count (the whole
 * capacity if it never had one) is shared equally among the active gates that enter the zone, and
 * this gate counts what it let in since against its share: the zone reads as full once it is used.
 */
export function gateOccupancy(input: {
  zones: readonly AccessZone[];
  gates: readonly (Pick<AccessGate, 'zoneFromId' | 'zoneToId' | 'active'> & { id: number })[];
  online: boolean;
  /** The last live count per zone (null: never counted). */
  live: Readonly<Record<number, number>> | null;
  /** What this gate let into each zone since that count. */
  admittedSince: Readonly<Record<number, number>>;
}): Record<number, number> {
  const { zones, gates, online, live, admittedSince } = input;
  const occupancy: Record<number, number> = {};
  for (const zone of zones) {
    if (zone.capacity < 0) continue;
    const counted = live?.[zone.id] ?? 0;
    const mine = admittedSince[zone.id] ?? 0;
    if (online && live) {
      occupancy[zone.id] = counted + mine;
      continue;
    }
    const into = gates.filter((g) => g.active && zonesEntered(zones, g).some((z) => z.id === zone.id));
    const limit = zoneLimit(zone);
    const share = Math.floor(Math.max(0, limit - counted) / Math.max(1, into.length));
    occupancy[zone.id] = limit - share + mine;
  }
  return occupancy;
}

/**
 * Admitted or refused, with the access code and the reason. In order: an inactive gate (NT); a
 * wristband banned on terminals (NT); a passage outwards (into a zone that holds the one it leaves)
 * is an exit (S); no role and no flag entry into the zone (NI); entries but not for this zone (NT) or
 * not now (NT, outOfTime); only the role's, outside the role's own time ranges (NT, roleOutOfTime);
 * already inside the zone: the zone's double-entry mode (S, W or ND); every entry of the time ranges
 * now open used (ND, accessUsed) or their `accessUsage` reached (ND, timeRangeUsed); a zone entered
 * that holds its capacity and its entries without check (NC); else S.
 */
export function decideAccess({ rules, gate, wristband, now, occupancy }: AccessInput): AccessDecision {
  const { zones } = rules;
  if (!gate.active) return decided('NT', 'gateInactive');
  if (wristband.banned) return decided('NT', 'banned');
  const to = gate.zoneToId;
  if (gate.zoneFromId !== null && gate.zoneFromId !== to && zoneWithin(zones, gate.zoneFromId, to))
    return decided('S', 'exit');
  const grants = grantsInto(rules, wristband, to);
  if (!grants.length)
    return wristband.roleId === null ? decided('NI', 'noRole') : decided('NT', 'noPermission');
  const inRange = grants.filter((g) => g.range && inTimeRange(g.range, now, rules.timeZone));
  if (!inRange.length) return decided('NT', 'outOfTime');
  const roleNow = roleInTime(rules, wristband.roleId, now);
  const open = inRange.filter((g) => !g.fromRole || roleNow);
  if (!open.length) return decided('NT', 'roleOutOfTime');
  if (wristband.lastZone !== null && zoneWithin(zones, wristband.lastZone, to)) {
    const mode = zones.find((z) => z.id === to)?.modeDoubleIn ?? 'W';
    if (mode === 'N') return decided('ND', 'doubleEntry');
    return mode === 'S' ? decided('S', 'reEntry') : decided('W', 'doubleEntryWarning');
  }
  const during = (range: AccessTimeRange, zoneId?: number) =>
    wristband.entries.filter(
      (e) =>
        (zoneId === undefined || e.zoneId === zoneId) && inTimeRange(range, new Date(e.at), rules.timeZone),
    ).length;
  const left = open.filter((g) => g.nAccess < 0 || during(g.range!, to) < g.nAccess);
  if (!left.length) return decided('ND', 'accessUsed');
  if (!left.some((g) => g.range!.accessUsage <= 0 || during(g.range!) < g.range!.accessUsage))
    return decided('ND', 'timeRangeUsed');
  for (const zone of zonesEntered(zones, gate)) {
    if (zone.capacity < 0) continue;
    const inside = occupancy?.[zone.id];
    if (inside !== undefined && inside >= zoneLimit(zone)) return decided('NC', 'capacityFull');
  }
  return decided('S', 'admitted');
}
