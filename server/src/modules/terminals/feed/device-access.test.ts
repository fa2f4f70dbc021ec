import { randomUUID } from 'node:crypto';
import { decideAccess } from '@pulsera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceHeaders } from '../../../../test/device-token';
import { createTestApp, type TestApp } from '../../../../test/helper';
import {
  flagAccess,
  flags,
  gates,
  rolAccess,
  rols,
  rolTimeRanges,
  timeRanges,
  zones,
} from '../../../core/db/schema';

let t: TestApp;
let eventId: number;
beforeAll(async () => {
  t = await createTestApp();
  eventId = (await t.activeEvent()).id;
});
afterAll(() => t.close());

/** A gate into a zone that refuses a second entry, a role with two entries a day, a flag. */
async function venue() {
  const db = t.database.db;
  const [zone] = await db
    .insert(zones)
    .values({ eventId, idUnique: 9101, name: 'Gate test arena', modeDoubleIn: 'N', capacity: 40 })
    .returning();
  const [range] = await db
    .insert(timeRanges)
    .values({ eventId, name: 'Gate test days', dateStart: '2020-01-01', dateEnd: '2099-12-31' })
    .returning();
  const [role] = await db.insert(rols).values({ eventId, name: 'Gate test pass' }).returning();
  await db
    .insert(rolAccess)
    .values({ eventId, rolId: role!.id, zoneId: zone!.id, timeRangeId: range!.id, nAccess: 2 });
  const [flag] = await db
    .insert(flags)
    .values({ eventId, flagNumber: 15, name: 'Gate test flag', description: 'test' })
    .returning();
  await db.insert(flagAccess).values({ eventId, flagId: flag!.id, zoneId: zone!.id, timeRangeId: range!.id });
  const [gate] = await db
    .insert(gates)
    .values({ eventId, name: 'Gate test entrance', zoneFromId: null, zoneToId: zone!.id })
    .returning();
  return { zone: zone!, range: range!, role: role!, flag: flag!, gate: gate! };
}

describe('a gate’s configuration and wristband state', () => {
  it('carries the zones, gates, time ranges and access entries, and a new entry changes the version', async () => {
    const headers = await deviceHeaders(t, eventId, 'TOTEM-GATE-1');
    const before = await t.call('GET', '/api/device/config', { headers });
    const { zone, range, role, flag, gate } = await venue();
    const first = await t.call('GET', '/api/device/config', { headers });
    const config = first.body.result;
    expect(first.raw.headers.etag).toBe(`"${config.version}"`);
    expect(config.version).not.toBe(before.body.result.version);
    expect(config.zones).toContainEqual({
      id: zone.id,
      name: 'Gate test arena',
      parentId: null,
      modeDoubleIn: 'N',
      capacity: 40,
      noCheckCapacity: 0,
    });
    expect(config.gates).toContainEqual(
      expect.objectContaining({ id: gate.id, zoneFromId: null, zoneToId: zone.id }),
    );
    expect(config.access.timeRanges).toContainEqual({
      id: range.id,
      dateStart: '2020-01-01',
      dateEnd: '2099-12-31',
      timeStart: '00:00:00',
      timeEnd: '23:59:59',
      weekdays: 'LMXJVSD',
      accessUsage: 0,
    });
    expect(config.access.roleAccess).toContainEqual({
      roleId: role.id,
      zoneId: zone.id,
      timeRangeId: range.id,
      nAccess: 2,
    });
    expect(config.access.flagAccess).toContainEqual({
      flagId: flag.id,
      zoneId: zone.id,
      timeRangeId: range.id,
      allowMultipleEntry: 0,
    });
    const unchanged = await t.call('GET', '/api/device/config', {
      headers: { ...headers, 'if-none-match': first.raw.headers.etag as string },
    });
    expect(unchanged.status).toBe(304);

    // The wristband: its role recorded at the desk, then let in: the lookup gives what the gate needs,
    // and the shared decision then refuses the second entry (the zone denies double entries).
    const rfid = '04A7E5000000A1';
    const op = (o: Record<string, unknown>) => ({
      id: randomUUID(),
      deviceTime: new Date().toISOString(),
      ...o,
    });
    const synced = await t.call('POST', '/api/device/sync', {
      headers,
      body: {
        operations: [
          op({ kind: 'roleRecording', rfid, roleId: role.id, flags: [flag.id] }),
          op({ kind: 'access', rfid, acceso: 'S', zoneFrom: null, zoneTo: zone.id, gateId: gate.id }),
        ],
      },
    });
    expect(synced.body.result.accepted).toHaveLength(2);
    const band = (await t.call('GET', `/api/device/wristband/${rfid}`, { headers })).body.result;
    expect(band).toMatchObject({ roleId: role.id, flags: [flag.id], lastZone: zone.id });
    expect(band.entries).toEqual([{ zoneId: zone.id, at: expect.any(String) }]);
    const rules = { timeZone: config.event.timeZone, zones: config.zones, ...config.access };
    const decide = (w: typeof band) =>
      decideAccess({
        rules,
        gate: { ...gate, active: true },
        wristband: { ...w, banned: w.bannedTerminals },
        now: new Date(),
      });
    expect(decide(band)).toMatchObject({ admitted: false, code: 'ND', reason: 'doubleEntry' });
    expect(decide({ ...band, lastZone: null })).toMatchObject({ admitted: true, code: 'S' });
    const unknown = (await t.call('GET', '/api/device/wristband/04A7E5000000A2', { headers })).body.result;
    expect(unknown).toMatchObject({ roleId: null, flags: [], lastZone: null, entries: [] });
    expect(decide(unknown)).toMatchObject({ code: 'NI', reason: 'noRole' });

    // The live count: the one let in is in the arena (capacity 40); without a token, nothing.
    const live = await t.call('GET', '/api/device/occupancy', { headers });
    expect(live.status).toBe(200);
    expect(live.body.result.zones).toContainEqual({ zoneId: zone.id, inside: 1 });
    expect((await t.call('GET', '/api/device/occupancy')).status).toBe(401);
  });
});

describe('the access rules beyond the role’s entries', () => {
  it('carries a zone’s entries without capacity check, a range’s access usage and a role’s own ranges, and the shared decision applies them', async () => {
    const db = t.database.db;
    const headers = await deviceHeaders(t, eventId, 'TOTEM-GATE-2');
    const [zone] = await db
      .insert(zones)
      .values({ eventId, idUnique: 9102, name: 'Rules arena', capacity: 10, noCheckCapacity: 2 })
      .returning();
    const [always] = await db
      .insert(timeRanges)
      .values({ eventId, name: 'Rules days', dateStart: '2020-01-01', dateEnd: '2099-12-31', accessUsage: 2 })
      .returning();
    const [past] = await db
      .insert(timeRanges)
      .values({ eventId, name: 'Rules past', dateStart: '2020-01-01', dateEnd: '2020-01-02' })
      .returning();
    const [day] = await db.insert(rols).values({ eventId, name: 'Rules day pass' }).returning();
    const [full] = await db.insert(rols).values({ eventId, name: 'Rules full pass' }).returning();
    for (const role of [day!, full!])
      await db
        .insert(rolAccess)
        .values({ eventId, rolId: role.id, zoneId: zone!.id, timeRangeId: always!.id, nAccess: -1 });
    await db.insert(rolTimeRanges).values({ eventId, rolId: day!.id, timeRangeId: past!.id });

    const config = (await t.call('GET', '/api/device/config', { headers })).body.result;
    expect(config.zones).toContainEqual(
      expect.objectContaining({ id: zone!.id, capacity: 10, noCheckCapacity: 2 }),
    );
    expect(config.access.timeRanges).toContainEqual(
      expect.objectContaining({ id: always!.id, accessUsage: 2 }),
    );
    expect(config.access.roleTimeRanges).toEqual([{ roleId: day!.id, timeRangeId: past!.id }]);

    const rules = { timeZone: config.event.timeZone, zones: config.zones, ...config.access };
    const gate = { zoneFromId: null, zoneToId: zone!.id, active: true };
    const band = { banned: false, flags: [], lastZone: null, entries: [] };
    const decide = (over: object, occupancy?: Record<number, number>) =>
      decideAccess({
        rules,
        gate,
        wristband: { ...band, roleId: full!.id, ...over },
        now: new Date(),
        occupancy,
      });
    expect(decide({ roleId: day!.id })).toMatchObject({ code: 'NT', reason: 'roleOutOfTime' });
    expect(decide({})).toMatchObject({ code: 'S' });
    const at = new Date().toISOString();
    const twice = {
      entries: [
        { zoneId: zone!.id, at },
        { zoneId: zone!.id, at },
      ],
    };
    expect(decide(twice)).toMatchObject({ code: 'ND', reason: 'timeRangeUsed' });
    expect(decide({}, { [zone!.id]: 11 }).code).toBe('S');
    expect(decide({}, { [zone!.id]: 12 })).toMatchObject({ code: 'NC', reason: 'capacityFull' });
  });
});
