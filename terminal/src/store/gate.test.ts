import type { DeviceConfig } from '@pulsera/contracts/terminals/feed-config';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyBanList } from './bans';
import { TerminalDb } from './db';
import { decideAtGate, passOf, recordPassage } from './gate';

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
  zones: [{ id: 1, name: 'Grounds', parentId: null, modeDoubleIn: 'W', capacity: -1 }],
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
      },
    ],
    roleAccess: [{ roleId: 4, zoneId: 1, timeRangeId: 2, nAccess: -1 }],
    flagAccess: [],
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
