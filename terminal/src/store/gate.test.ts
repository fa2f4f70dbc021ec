import type { DeviceConfig } from '@pulsera/contracts/terminals/feed-config';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyBanList } from './bans';
import { TerminalDb } from './db';
import { decideAtGate, occupancyAtGate, passOf, recordPassage, tapAtGate } from './gate';

const db = new TerminalDb('gate-test');
beforeEach(() => vi.stubGlobal('navigator', { onLine: false }));
afterEach(async () => {
  vi.unstubAllGlobals();
  await db.delete();
  await db.open();
});

// A gate from outside into the grounds (a second entry warns), open to role 4 all year.
const config = {
  event: { id: 1, name: 'Fest', timeZone: 'Europe/Madrid', language: 'en', currency: null },
  zones: [{ id: 1, name: 'Grounds', parentId: null, modeDoubleIn: 'W', capacity: -1, noCheckCapacity: 0 }],
  gates: [{ id: 9, name: 'North gate', zoneFromId: null, zoneToId: 1, locationId: 3, active: true }],
  access: {
    timeRanges: [
      {
        id: 2,
        dateStart: '2020-01-01',
        dateEnd: '2099-12-31',
        timeStart: '00:00:00',
        timeEnd: '23:59:59',
        weekdays: 'LMXJVSD',
        accessUsage: 0,
      },
    ],
    roleAccess: [{ roleId: 4, zoneId: 1, timeRangeId: 2, nAccess: -1 }],
    flagAccess: [],
    roleTimeRanges: [],
  },
} as unknown as DeviceConfig;
const at = { config, gateId: 9, staffId: 5, locationId: 3 };

describe('a gate offline', () => {
  it('admits a wristband it knows, queues the access once, and warns on its second entry', async () => {
    await db.passes.put({
      serial: '04AB000000000A',
      roleId: 4,
      flags: [],
      lastZone: null,
      entries: [],
      bannedTerminals: false,
    });
    const now = new Date();
    const pass = await passOf(db, '04AB000000000A');
    const first = decideAtGate(config, 9, pass, now);
    expect(first).toEqual({ admitted: true, code: 'S', reason: 'admitted' });
    await recordPassage(db, at, pass, first, now);
    const [row] = await db.outbox.toArray();
    expect(row!.operation).toMatchObject({
      kind: 'access',
      rfid: '04AB000000000A',
      acceso: 'S',
      zoneFrom: null,
      zoneTo: 1,
      gateId: 9,
      lastZone: null,
      roleId: 4,
      staffId: 5,
      locationId: 3,
      seq: 1,
    });
    const again = decideAtGate(config, 9, await passOf(db, '04AB000000000A'), new Date());
    expect(again).toEqual({ admitted: true, code: 'W', reason: 'doubleEntryWarning' });
  });

  it('refuses a wristband it does not know (no role) and one on the ban list it holds', async () => {
    const unknown = await passOf(db, '04AB000000000B');
    const refused = decideAtGate(config, 9, unknown, new Date());
    expect(refused).toMatchObject({ admitted: false, code: 'NI' });
    await recordPassage(db, at, unknown, refused, new Date());
    expect((await db.outbox.toArray())[0]!.operation).toMatchObject({ acceso: 'NI' });

    await applyBanList(db, {
      version: 1,
      full: true,
      bans: [{ nSerie: '04AB000000000C', codeCheck: null, banAndroid: 1, banTopUps: 0 }],
    });
    await db.passes.put({
      serial: '04AB000000000C',
      roleId: 4,
      flags: [],
      lastZone: null,
      entries: [],
      bannedTerminals: false,
    });
    const banned = await passOf(db, '04AB000000000C');
    const decision = decideAtGate(config, 9, banned, new Date());
    expect(decision).toMatchObject({ admitted: false, code: 'NT', reason: 'banned' });
    // The feed refuses a banned wristband's access: nothing is queued for it.
    await recordPassage(db, at, banned, decision, new Date());
    expect(await db.outbox.count()).toBe(1);
  });
});

describe('a gate offline and a zone with capacity', () => {
  it('lets in its share of the room left at the last live count, then refuses with NC', async () => {
    // Capacity 5, 1 inside at the last count, two gates into it: this gate's share is 2.
    const full = {
      ...config,
      zones: [{ ...config.zones[0]!, capacity: 5 }],
      gates: [...config.gates, { ...config.gates[0]!, id: 10, name: 'South gate' }],
    } as DeviceConfig;
    await db.put('occupancy', { at: Date.now() - 60_000, zones: { 1: 1 } });
    const tap = async (serial: string) => {
      await db.passes.put({
        serial,
        roleId: 4,
        flags: [],
        lastZone: null,
        entries: [],
        bannedTerminals: false,
      });
      const pass = await passOf(db, serial);
      const decision = decideAtGate(full, 9, pass, new Date(), await occupancyAtGate(db, full, 9));
      await recordPassage(db, { ...at, config: full }, pass, decision, new Date());
      return decision;
    };
    expect((await tap('04AB00000000D1')).code).toBe('S');
    expect((await tap('04AB00000000D2')).code).toBe('S');
    expect(await tap('04AB00000000D3')).toEqual({ admitted: false, code: 'NC', reason: 'capacityFull' });
    expect((await db.outbox.toArray()).map((r) => (r.operation as { acceso: string }).acceso)).toEqual([
      'S',
      'S',
      'NC',
    ]);
  });
});

describe('a tap at a gate offline (read, decision and write in one call)', () => {
  const limited = { ...config, offlineLimits: { maxOfflineSeconds: 3600 } } as unknown as DeviceConfig;
  const place = { ...at, config: limited };

  it('decides by what it holds and writes the operation before it answers', async () => {
    await db.put('lastContact', Date.now());
    await db.passes.put({
      serial: '04AB00000000E1',
      roleId: 4,
      flags: [],
      lastZone: null,
      entries: [],
      bannedTerminals: false,
    });
    const first = await tapAtGate(db, place, '04AB00000000E1');
    expect(first).toMatchObject({ decision: { admitted: true, code: 'S' } });
    expect((await db.outbox.toArray()).map((r) => r.operation)).toMatchObject([
      { kind: 'access', rfid: '04AB00000000E1', acceso: 'S', gateId: 9, seq: 1 },
    ]);
    expect(await tapAtGate(db, place, '04AB00000000E1')).toMatchObject({ decision: { code: 'W' } });
    expect(await tapAtGate(db, place, '04AB00000000E2')).toMatchObject({ decision: { code: 'NI' } });
    expect(await db.outbox.count()).toBe(3);
  });

  it('stops, writing nothing, out of contact for longer than the configuration allows', async () => {
    await db.put('lastContact', Date.now() - 2 * 3600_000);
    expect(await tapAtGate(db, place, '04AB00000000E3')).toEqual({
      stopped: { reason: 'offlineTooLong', hours: 1 },
    });
    expect(await db.outbox.count()).toBe(0);
  });
});
