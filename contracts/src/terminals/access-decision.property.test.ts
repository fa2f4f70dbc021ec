import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type AccessInput, decideAccess } from './access-decision';

/**
 * Properties of the gate's decision over random venues: zones 1–4 (each may sit inside a lower one),
 * time ranges that hold the moment or not, roles 1–3 and flags 1–3 with random entries.
 */
const now = new Date('2026-07-10T13:00:00Z');
const zoneId = fc.integer({ min: 1, max: 4 });
const arbInput: fc.Arbitrary<AccessInput> = fc
  .record({
    parents: fc.tuple(fc.nat(3), fc.nat(3), fc.nat(3), fc.nat(3)),
    modes: fc.tuple(...[1, 2, 3, 4].map(() => fc.constantFrom('S', 'W', 'N'))),
    capacities: fc.tuple(...[1, 2, 3, 4].map(() => fc.integer({ min: -1, max: 5 }))),
    noChecks: fc.tuple(...[1, 2, 3, 4].map(() => fc.nat(2))),
    usages: fc.tuple(fc.nat(3), fc.nat(3)),
    roleTimeRanges: fc.array(
      fc.record({ roleId: fc.integer({ min: 1, max: 3 }), timeRangeId: fc.integer({ min: 1, max: 2 }) }),
      { maxLength: 3 },
    ),
    roleAccess: fc.array(
      fc.record({
        roleId: fc.integer({ min: 1, max: 3 }),
        zoneId,
        timeRangeId: fc.integer({ min: 1, max: 2 }),
        nAccess: fc.constantFrom(-1, 1, 2),
      }),
      { maxLength: 6 },
    ),
    flagAccess: fc.array(
      fc.record({
        flagId: fc.integer({ min: 1, max: 3 }),
        zoneId,
        timeRangeId: fc.integer({ min: 1, max: 2 }),
        allowMultipleEntry: fc.constantFrom(0, 1),
      }),
      { maxLength: 4 },
    ),
    gate: fc.record({ zoneFromId: fc.option(zoneId, { nil: null }), zoneToId: zoneId, active: fc.boolean() }),
    banned: fc.boolean(),
    roleId: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
    flags: fc.subarray([1, 2, 3]),
    lastZone: fc.option(zoneId, { nil: null }),
    entries: fc.array(fc.record({ zoneId, at: fc.constant('2026-07-10T09:00:00Z') }), { maxLength: 3 }),
    occupancy: fc.dictionary(fc.constantFrom('1', '2', '3', '4'), fc.nat(6)),
  })
  .map((r) => ({
    rules: {
      timeZone: 'Europe/Madrid',
      // A zone's parent is a lower id (no cycles), or none.
      zones: [1, 2, 3, 4].map((id, i) => ({
        id,
        parentId: r.parents[i]! > 0 && r.parents[i]! < id ? r.parents[i]! : null,
        modeDoubleIn: r.modes[i]!,
        capacity: r.capacities[i]!,
        noCheckCapacity: r.noChecks[i]!,
      })),
      timeRanges: [
        {
          id: 1,
          dateStart: '2026-07-01',
          dateEnd: '2026-07-31',
          timeStart: '00:00:00',
          timeEnd: '23:59:59',
          weekdays: 'LMXJVSD',
          accessUsage: r.usages[0],
        },
        {
          id: 2,
          dateStart: '2026-08-01',
          dateEnd: '2026-08-31',
          timeStart: '00:00:00',
          timeEnd: '23:59:59',
          weekdays: 'LMXJVSD',
          accessUsage: r.usages[1],
        },
      ],
      roleAccess: r.roleAccess,
      flagAccess: r.flagAccess,
      roleTimeRanges: r.roleTimeRanges,
    },
    gate: r.gate,
    wristband: {
      banned: r.banned,
      roleId: r.roleId,
      flags: r.flags,
      lastZone: r.lastZone,
      entries: r.entries,
    },
    now,
    occupancy: Object.fromEntries(Object.entries(r.occupancy).map(([k, v]) => [Number(k), v])),
  }));

describe('decideAccess, over random venues', () => {
  it('never admits more with a role held to its own time ranges, a time range’s usage or less margin', () => {
    fc.assert(
      fc.property(arbInput, (input) => {
        const loose = decideAccess({
          ...input,
          rules: {
            ...input.rules,
            roleTimeRanges: [],
            timeRanges: input.rules.timeRanges.map((r) => ({ ...r, accessUsage: 0 })),
            zones: input.rules.zones.map((z) => ({ ...z, noCheckCapacity: z.noCheckCapacity + 1 })),
          },
        });
        if (decideAccess(input).admitted) expect(loose.admitted).toBe(true);
      }),
    );
  });

  it('refuses for a role’s own time ranges only when the role has ranges and none holds now', () => {
    fc.assert(
      fc.property(arbInput, (input) => {
        const d = decideAccess(input);
        const own = input.rules.roleTimeRanges.filter((r) => r.roleId === input.wristband.roleId);
        // Range 1 holds the moment, range 2 does not.
        if (d.reason === 'roleOutOfTime')
          expect(own.length && own.every((r) => r.timeRangeId === 2)).toBeTruthy();
        if (!own.length) expect(d.reason).not.toBe('roleOutOfTime');
      }),
    );
  });

  it('admits exactly with S or W; a banned wristband or a closed gate is always refused (NT)', () => {
    fc.assert(
      fc.property(arbInput, (input) => {
        const d = decideAccess(input);
        expect(d.admitted).toBe(d.code === 'S' || d.code === 'W');
        if (!input.gate.active || input.wristband.banned) expect(d.code).toBe('NT');
      }),
    );
  });

  it('never admits fewer with one more access entry, nor more with a fuller venue', () => {
    fc.assert(
      fc.property(arbInput, zoneId, (input, extraZone) => {
        const before = decideAccess(input);
        const granted = decideAccess({
          ...input,
          rules: {
            ...input.rules,
            roleAccess: [
              ...input.rules.roleAccess,
              { roleId: input.wristband.roleId ?? 1, zoneId: extraZone, timeRangeId: 1, nAccess: -1 },
            ],
          },
        });
        if (before.admitted) expect(granted.admitted).toBe(true);
        const fuller = Object.fromEntries(
          [1, 2, 3, 4].map((z) => [z, (input.occupancy?.[z] ?? 0) + 1] as const),
        );
        if (!before.admitted) expect(decideAccess({ ...input, occupancy: fuller }).admitted).toBe(false);
      }),
    );
  });

  it('refuses for capacity only when a zone the passage enters is at capacity', () => {
    fc.assert(
      fc.property(arbInput, (input) => {
        const d = decideAccess(input);
        if (d.code !== 'NC') return;
        const full = input.rules.zones.some(
          (z) => z.capacity >= 0 && (input.occupancy?.[z.id] ?? -1) >= z.capacity + z.noCheckCapacity,
        );
        expect(full).toBe(true);
        expect(decideAccess({ ...input, occupancy: {} }).admitted).toBe(true);
      }),
    );
  });
});
