import { describe, expect, it } from 'vitest';
import {
  type AccessInput,
  type AccessRules,
  type AccessWristband,
  decideAccess,
  gateOccupancy,
  inTimeRange,
} from './access-decision';

// Grounds (1) holds the VIP area (2); backstage (3) stands apart. Roles: general 10, VIP 11.
const rules: AccessRules = {
  timeZone: 'Europe/Madrid',
  zones: [
    { id: 1, parentId: null, modeDoubleIn: 'W', capacity: 100, noCheckCapacity: 0 },
    { id: 2, parentId: 1, modeDoubleIn: 'N', capacity: 2, noCheckCapacity: 0 },
    { id: 3, parentId: null, modeDoubleIn: 'S', capacity: -1, noCheckCapacity: 0 },
  ],
  timeRanges: [
    {
      id: 7,
      dateStart: '2026-07-10',
      dateEnd: '2026-07-12',
      timeStart: '00:00:00',
      timeEnd: '23:59:59',
      weekdays: 'LMXJVSD',
      accessUsage: 0,
    },
    {
      id: 8,
      dateStart: '2026-07-10',
      dateEnd: '2026-07-12',
      timeStart: '22:00:00',
      timeEnd: '04:00:00',
      weekdays: 'V',
      accessUsage: 0,
    },
  ],
  roleAccess: [
    { roleId: 10, zoneId: 1, timeRangeId: 7, nAccess: -1 },
    { roleId: 11, zoneId: 1, timeRangeId: 7, nAccess: -1 },
    { roleId: 11, zoneId: 2, timeRangeId: 7, nAccess: 2 },
    { roleId: 10, zoneId: 3, timeRangeId: 8, nAccess: -1 },
  ],
  flagAccess: [{ flagId: 5, zoneId: 3, timeRangeId: 7, allowMultipleEntry: 0 }],
  roleTimeRanges: [],
};
// Friday 10 July 2026, 15:00 in Madrid (13:00 UTC).
const now = new Date('2026-07-10T13:00:00Z');
const band: AccessWristband = { banned: false, roleId: 10, flags: [], lastZone: null, entries: [] };
const northGate = { zoneFromId: null, zoneToId: 1, active: true };
const vipGate = { zoneFromId: 1, zoneToId: 2, active: true };
const decide = (
  over: Omit<Partial<AccessInput>, 'wristband'> & { wristband?: Partial<AccessInput['wristband']> },
) => decideAccess({ rules, gate: northGate, now, ...over, wristband: { ...band, ...over.wristband } });

describe('decideAccess', () => {
  it('admits a role with access to the zone in its time range (S)', () => {
    expect(decide({})).toEqual({ admitted: true, code: 'S', reason: 'admitted' });
  });

  it('refuses a wristband banned on terminals, whatever its role (NT banned)', () => {
    expect(decide({ wristband: { banned: true, roleId: 11 } })).toEqual({
      admitted: false,
      code: 'NT',
      reason: 'banned',
    });
  });

  it('refuses at a gate the console deactivated (NT)', () => {
    expect(decide({ gate: { ...northGate, active: false } }).reason).toBe('gateInactive');
  });

  it('refuses a wristband without a role or a flag into the zone (NI)', () => {
    expect(decide({ wristband: { roleId: null } })).toMatchObject({
      admitted: false,
      code: 'NI',
      reason: 'noRole',
    });
  });

  it('refuses a role without access to the zone (NT), and lets a flag grant it', () => {
    expect(decide({ gate: vipGate })).toMatchObject({ code: 'NT', reason: 'noPermission' });
    const backstage = { zoneFromId: null, zoneToId: 3, active: true };
    // Role 10 reaches the backstage only on Friday nights; the flag all day.
    expect(decide({ gate: backstage })).toMatchObject({ code: 'NT', reason: 'outOfTime' });
    expect(decide({ gate: backstage, wristband: { flags: [5] } })).toMatchObject({ code: 'S' });
    expect(decide({ gate: backstage, wristband: { roleId: null, flags: [5] } })).toMatchObject({ code: 'S' });
  });

  it('refuses outside the time range (NT outOfTime), read on the event clock', () => {
    expect(decide({ now: new Date('2026-07-13T00:30:00Z') })).toMatchObject({
      code: 'NT',
      reason: 'outOfTime',
    });
    // 23:30 UTC on the 12th is already the 13th in Madrid.
    expect(decide({ now: new Date('2026-07-12T21:59:00Z') }).code).toBe('S');
    expect(decide({ now: new Date('2026-07-12T22:30:00Z') }).code).toBe('NT');
  });

  it('reads a range past midnight and its weekdays', () => {
    const night = rules.timeRanges[1]!;
    expect(inTimeRange(night, new Date('2026-07-10T21:30:00Z'), 'Europe/Madrid')).toBe(true); // Fri 23:30
    expect(inTimeRange(night, new Date('2026-07-11T21:30:00Z'), 'Europe/Madrid')).toBe(false); // Sat
    expect(inTimeRange(night, new Date('2026-07-10T13:00:00Z'), 'Europe/Madrid')).toBe(false); // 15:00
  });

  it('warns on a double entry where the zone warns (W, admitted)', () => {
    expect(decide({ wristband: { lastZone: 1 } })).toEqual({
      admitted: true,
      code: 'W',
      reason: 'doubleEntryWarning',
    });
    // Inside the VIP area is inside the grounds too.
    expect(decide({ wristband: { roleId: 11, lastZone: 2 } }).code).toBe('W');
  });

  it('refuses a double entry where the zone denies it (ND), allows it where it allows (S)', () => {
    expect(decide({ gate: vipGate, wristband: { roleId: 11, lastZone: 2 } })).toMatchObject({
      admitted: false,
      code: 'ND',
      reason: 'doubleEntry',
    });
    const backstage = { zoneFromId: null, zoneToId: 3, active: true };
    expect(decide({ gate: backstage, wristband: { flags: [5], lastZone: 3 } })).toMatchObject({
      code: 'S',
      reason: 'reEntry',
    });
  });

  it('refuses once the entries of the time range are used (ND accessUsed); re-entry before that', () => {
    const entered = { zoneId: 2, at: '2026-07-10T10:00:00Z' };
    const vip = { roleId: 11, lastZone: 1 };
    expect(decide({ gate: vipGate, wristband: { ...vip, entries: [entered] } }).code).toBe('S');
    expect(decide({ gate: vipGate, wristband: { ...vip, entries: [entered, entered] } })).toMatchObject({
      code: 'ND',
      reason: 'accessUsed',
    });
    // Entries outside the range do not count; a flag without multiple entry allows one.
    const old = { zoneId: 2, at: '2026-07-01T10:00:00Z' };
    expect(decide({ gate: vipGate, wristband: { ...vip, entries: [old, old, old] } }).code).toBe('S');
    const backstage = { zoneFromId: null, zoneToId: 3, active: true };
    const once = { flags: [5], entries: [{ zoneId: 3, at: '2026-07-10T09:00:00Z' }] };
    expect(decide({ gate: backstage, wristband: once }).reason).toBe('accessUsed');
  });

  it('refuses when a zone entered is full (NC), the zone led into or one holding it', () => {
    expect(decide({ occupancy: { 1: 100 } })).toMatchObject({
      admitted: false,
      code: 'NC',
      reason: 'capacityFull',
    });
    expect(decide({ occupancy: { 1: 99 } }).code).toBe('S');
    const vip = { roleId: 11, lastZone: 1 };
    expect(decide({ gate: vipGate, wristband: vip, occupancy: { 2: 2 } }).code).toBe('NC');
    // From the grounds into the VIP area does not enter the grounds again.
    expect(decide({ gate: vipGate, wristband: vip, occupancy: { 1: 100, 2: 1 } }).code).toBe('S');
  });

  it('admits the margin of entries without capacity check over a full zone, then refuses (NC)', () => {
    const margin = {
      ...rules,
      zones: rules.zones.map((z) => (z.id === 1 ? { ...z, noCheckCapacity: 3 } : z)),
    };
    expect(decide({ rules: margin, occupancy: { 1: 100 } }).code).toBe('S');
    expect(decide({ rules: margin, occupancy: { 1: 102 } }).code).toBe('S');
    expect(decide({ rules: margin, occupancy: { 1: 103 } })).toMatchObject({
      code: 'NC',
      reason: 'capacityFull',
    });
  });

  it('holds a role to its own time ranges: outside them its entries do not open (NT roleOutOfTime)', () => {
    // The general role may only be used on Friday nights (range 8), though its entry is all days (7).
    const nights = { ...rules, roleTimeRanges: [{ roleId: 10, timeRangeId: 8 }] };
    expect(decide({ rules: nights })).toMatchObject({ admitted: false, code: 'NT', reason: 'roleOutOfTime' });
    // 23:00 on Friday in Madrid: the role's range holds.
    expect(decide({ rules: nights, now: new Date('2026-07-10T21:00:00Z') }).code).toBe('S');
    // A flag's entry is not held back by the role's ranges.
    const flagged = { gate: { zoneFromId: null, zoneToId: 3, active: true }, wristband: { flags: [5] } };
    expect(decide({ rules: nights, ...flagged }).code).toBe('S');
    // Another role's ranges do not limit this one.
    expect(decide({ rules: { ...rules, roleTimeRanges: [{ roleId: 11, timeRangeId: 8 }] } }).code).toBe('S');
  });

  it('refuses once a time range’s access usage is reached, over every zone (ND timeRangeUsed)', () => {
    const usage = (n: number) => ({
      ...rules,
      timeRanges: rules.timeRanges.map((r) => (r.id === 7 ? { ...r, accessUsage: n } : r)),
    });
    const twice = {
      entries: [
        { zoneId: 1, at: '2026-07-10T09:00:00Z' },
        { zoneId: 3, at: '2026-07-10T10:00:00Z' },
      ],
    };
    expect(decide({ rules: usage(2), wristband: twice })).toMatchObject({
      admitted: false,
      code: 'ND',
      reason: 'timeRangeUsed',
    });
    expect(decide({ rules: usage(3), wristband: twice }).code).toBe('S');
    expect(decide({ rules: usage(0), wristband: twice }).code).toBe('S');
    // Passages before the range opened do not count.
    const before = { entries: twice.entries.map((e) => ({ ...e, at: '2026-07-09T10:00:00Z' })) };
    expect(decide({ rules: usage(2), wristband: before }).code).toBe('S');
  });

  it('lets anyone out into a zone holding the one they leave (S exit)', () => {
    const out = { zoneFromId: 2, zoneToId: 1, active: true };
    expect(decide({ gate: out, wristband: { roleId: null, lastZone: 2 } })).toEqual({
      admitted: true,
      code: 'S',
      reason: 'exit',
    });
    expect(decide({ gate: out, wristband: { banned: true } }).reason).toBe('banned');
  });
});

describe('gateOccupancy', () => {
  // Two active gates into the grounds (one closed), one from the grounds into the VIP area.
  const gates = [
    { id: 1, zoneFromId: null, zoneToId: 1, active: true },
    { id: 2, zoneFromId: null, zoneToId: 1, active: true },
    { id: 3, zoneFromId: null, zoneToId: 1, active: false },
    { id: 4, zoneFromId: 1, zoneToId: 2, active: true },
  ];
  const base = { zones: rules.zones, gates };

  it('online: the live count plus what the gate let in since', () => {
    expect(gateOccupancy({ ...base, online: true, live: { 1: 60, 2: 1 }, admittedSince: { 1: 3 } })).toEqual({
      1: 63,
      2: 1,
    });
  });

  it('offline: the room left is shared among the gates into the zone; full once this gate used its share', () => {
    // 40 places left, two active gates: 20 each.
    const at = (admitted: number) =>
      gateOccupancy({ ...base, online: false, live: { 1: 60, 2: 0 }, admittedSince: { 1: admitted } });
    expect(at(19)[1]).toBe(99);
    expect(decide({ occupancy: at(19) }).code).toBe('S');
    expect(at(20)[1]).toBe(100);
    expect(decide({ occupancy: at(20) })).toMatchObject({ code: 'NC', reason: 'capacityFull' });
    // The VIP area (capacity 2) has one gate: its whole room.
    expect(at(0)[2]).toBe(0);
  });

  it('offline without any live count: the capacity itself is shared; zones without control are left out', () => {
    const occupancy = gateOccupancy({ ...base, online: false, live: null, admittedSince: {} });
    expect(occupancy).toEqual({ 1: 50, 2: 0 });
    expect(occupancy[3]).toBeUndefined();
  });

  it('offline: the entries without capacity check are shared with the capacity', () => {
    const zones = rules.zones.map((z) => (z.id === 1 ? { ...z, noCheckCapacity: 10 } : z));
    // 110 places, 60 counted: 25 each for the two gates.
    const at = (admitted: number) =>
      gateOccupancy({ zones, gates, online: false, live: { 1: 60 }, admittedSince: { 1: admitted } })[1]!;
    const margin = { ...rules, zones };
    expect(decide({ rules: margin, occupancy: { 1: at(24) } }).code).toBe('S');
    expect(decide({ rules: margin, occupancy: { 1: at(25) } }).code).toBe('NC');
  });
});
