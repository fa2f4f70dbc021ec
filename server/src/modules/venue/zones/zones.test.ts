import { ALL_PERMISSION_CODES, PERMISSIONS } from '@pulsera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';

type Session = Awaited<ReturnType<TestApp['session']>>;
let t: TestApp;
let admin: Session;
let other: Session;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.session('admin@demo.test');
  other = await t.session('admin@demo.test', 'Sonora Festival 2027');
});
afterAll(() => t.close());

const save = (zone: Record<string, unknown>, s: Session = admin) =>
  t.call('POST', '/api/zones', { ...s, body: { zone } });
const list = async (s: Session = admin) => (await t.call('GET', '/api/zones', s)).body.result as any[];
const byId = async (id: number, s: Session = admin) => (await list(s)).find((z) => z.id === id);
const make = async (name: string, extra: Record<string, unknown> = {}, s: Session = admin) => {
  const res = await save({ name, resetHour: '00:00:00', ...extra }, s);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (await byId(res.body.result, s))!;
};

describe('zones (02-catalogue §3, §5, §7)', () => {
  it('creates with the defaults and answers the saved id; numbers are unique per event', async () => {
    const res = await save({ name: 'Main arena', resetHour: '00:00:00' });
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual(expect.any(Number));
    expect(await byId(res.body.result)).toEqual({
      id: res.body.result,
      idUnique: 1,
      name: 'Main arena',
      modeDoubleIn: 'W',
      idZoneParent: null,
      capacity: -1,
      noCheckCapacity: 0,
      resetCapacity: 1,
      resetHour: '00:00:00',
      denyWrite: 0,
      date_update: expect.any(String),
    });
    expect((await make('Camping')).idUnique).toBe(2);
    expect((await make('Other event arena', {}, other)).idUnique).toBe(1);
  });

  it('keeps denyWrite end to end: set, kept when an update leaves it out, cleared (02-catalogue §3)', async () => {
    const zone = await make('Press area', { denyWrite: 1 });
    expect(zone.denyWrite).toBe(1);
    expect((await save({ id: zone.id, name: 'Press area', resetHour: '00:00:00' })).status).toBe(200);
    expect((await byId(zone.id)).denyWrite).toBe(1);
    expect(
      (await save({ id: zone.id, name: 'Press area', resetHour: '00:00:00', denyWrite: 0 })).status,
    ).toBe(200);
    expect((await byId(zone.id)).denyWrite).toBe(0);
    expect((await save({ name: 'Bad', resetHour: '00:00:00', denyWrite: 2 })).status).toBe(400);
  });

  it('updates a zone by id', async () => {
    const zone = await make('Food court');
    const res = await save({
      id: zone.id,
      name: 'Food court',
      modeDoubleIn: 'N',
      capacity: 800,
      noCheckCapacity: 20,
      resetCapacity: 1,
      resetHour: '06:30:00',
    });
    expect(res.body.result).toBe(zone.id);
    expect(await byId(zone.id)).toMatchObject({
      idUnique: zone.idUnique,
      modeDoubleIn: 'N',
      capacity: 800,
      noCheckCapacity: 20,
      resetCapacity: 1,
      resetHour: '06:30:00',
    });
    expect((await save({ id: 999_999, name: 'Ghost', resetHour: '00:00:00' })).status).toBe(404);
  });

  it('applies the capacity clamps and the reset-hour rules of §5', async () => {
    // A controlled capacity is at least 1; noCheckCapacity at least 0.
    expect(await make('Clamp 1', { capacity: 0, noCheckCapacity: -4 })).toMatchObject({
      capacity: 1,
      noCheckCapacity: 0,
    });
    // Without capacity control there is nothing to check.
    expect(await make('No control', { capacity: -1, noCheckCapacity: 50 })).toMatchObject({
      capacity: -1,
      noCheckCapacity: 0,
    });
    // Reset off: saved as 00:00:00 whatever is sent.
    expect(await make('Reset off', { resetCapacity: 0, resetHour: '08:00:00' })).toMatchObject({
      resetCapacity: 0,
      resetHour: '00:00:00',
    });
    expect(await make('Reset off, no hour', { resetCapacity: 0, resetHour: undefined })).toMatchObject({
      resetHour: '00:00:00',
    });
    // Reset on with an invalid hour: saved as 00:00:00.
    expect(await make('Invalid hour', { resetCapacity: 1, resetHour: '25:61' })).toMatchObject({
      resetCapacity: 1,
      resetHour: '00:00:00',
    });
  });

  it('refuses what §5 names: name required, reset hour required when reset is on', async () => {
    const before = (await list()).length;
    const noName = await save({ name: ' ', resetHour: '00:00:00' });
    expect(noName.status).toBe(400);
    expect(noName.body.fields).toEqual([
      { path: 'zone.name', message: 'validation.required', text: 'Required field' },
    ]);
    const noHour = await save({ name: 'Needs hour', resetCapacity: 1 });
    expect(noHour.body.fields).toEqual([
      { path: 'zone.resetHour', message: 'validation.required', text: 'Required field' },
    ]);
    expect((await save({ name: 'Blank hour', resetHour: '' })).body.fields[0].path).toBe('zone.resetHour');
    const mode = await save({ name: 'Mode', resetHour: '00:00:00', modeDoubleIn: 'X' });
    expect(mode.body.fields[0]).toMatchObject({
      path: 'zone.modeDoubleIn',
      message: 'validation.oneOf|{"values":"S, W, N"}',
    });
    const cap = await save({ name: 'Capacity', resetHour: '00:00:00', capacity: -2 });
    expect(cap.body.fields[0]).toMatchObject({ path: 'zone.capacity', message: 'validation.min|{"min":-1}' });
    expect((await list()).length).toBe(before);
  });

  it('refuses a parent that would make a zone its own ancestor', async () => {
    const venue = await make('Venue');
    const stage = await make('Stage area', { idZoneParent: venue.id });
    const pit = await make('Front pit', { idZoneParent: stage.id });
    expect(pit.idZoneParent).toBe(stage.id);

    const self = await save({ id: venue.id, name: 'Venue', resetHour: '00:00:00', idZoneParent: venue.id });
    expect(self.status).toBe(400);
    expect(self.body.fields).toEqual([
      {
        path: 'zone.idZoneParent',
        message: 'validation.zoneCycle',
        text: 'A zone cannot be inside itself or inside one of its own sub-zones',
      },
    ]);
    const loop = await save({ id: venue.id, name: 'Venue', resetHour: '00:00:00', idZoneParent: pit.id });
    expect(loop.status).toBe(400);
    expect(loop.body.fields[0].message).toBe('validation.zoneCycle');
    expect((await byId(venue.id)).idZoneParent).toBeNull();
    // Moving a branch elsewhere is fine.
    const camping = await make('Camping area');
    expect(
      (await save({ id: stage.id, name: 'Stage area', resetHour: '00:00:00', idZoneParent: camping.id }))
        .status,
    ).toBe(200);
    expect((await byId(stage.id)).idZoneParent).toBe(camping.id);
    // The parent must be a zone of this event.
    const foreign = (await list(other))[0];
    expect((await save({ name: 'Orphan', resetHour: '00:00:00', idZoneParent: foreign.id })).status).toBe(
      404,
    );
  });

  it('deletes by idUnique, refusing a parent zone and a zone a gate uses (409)', async () => {
    const hall = await make('Hall');
    const room = await make('Hall room', { idZoneParent: hall.id });
    const parent = await t.call('DELETE', `/api/zones/${hall.idUnique}`, admin);
    expect(parent.status).toBe(409);
    expect(parent.body).toEqual({
      error: 1302,
      description: 'This zone cannot be deleted: it is the parent of other zones',
    });

    const gate = await t.call('POST', '/api/gates', {
      ...admin,
      body: { gate: { name: 'Hall door', idZoneTo: room.id } },
    });
    expect(gate.status).toBe(200);
    const used = await t.call('DELETE', `/api/zones/${room.idUnique}`, admin);
    expect(used.status).toBe(409);
    expect(used.body).toEqual({
      error: 1303,
      description: 'This zone cannot be deleted: a gate leads from or to it',
    });
    expect(await byId(room.id)).toBeDefined();

    await t.call('DELETE', `/api/gates/${gate.body.result.id}`, admin);
    expect((await t.call('DELETE', `/api/zones/${room.idUnique}`, admin)).body.result).toBe(true);
    expect((await t.call('DELETE', `/api/zones/${hall.idUnique}`, admin)).body.result).toBe(true);
    expect(await byId(hall.id)).toBeUndefined();
    expect((await t.call('DELETE', `/api/zones/${hall.idUnique}`, admin)).status).toBe(404);
  });

  it('keeps zones to their event: another event’s zone is 404', async () => {
    const mine = await make('Mine only');
    const theirs = (await list(other))[0];
    expect((await list()).some((z) => z.id === theirs.id)).toBe(false);
    expect((await save({ id: theirs.id, name: 'Hijack', resetHour: '00:00:00' })).status).toBe(404);
    expect((await t.call('DELETE', `/api/zones/${mine.idUnique}`, other)).status).toBe(404);
    expect(await byId(mine.id)).toBeDefined();
    expect((await list(other))[0].name).toBe('Other event arena');
  });

  it('needs the zonas permission', async () => {
    const ev = await t.activeEvent();
    const ops = await t.session('ops@demo.test');
    expect((await t.call('GET', '/api/zones', ops)).status).toBe(200);
    await t.userWithPermissions(
      'no-zonas@demo.test',
      ev.id,
      ALL_PERMISSION_CODES.filter((c) => c !== PERMISSIONS.zonas),
    );
    const s = await t.session('no-zonas@demo.test');
    const zone = (await list())[0];
    expect((await t.call('GET', '/api/zones', s)).status).toBe(403);
    expect((await save({ name: 'Sneaky', resetHour: '00:00:00' }, s)).status).toBe(403);
    expect((await t.call('DELETE', `/api/zones/${zone.idUnique}`, s)).status).toBe(403);
    expect((await list()).some((z) => z.name === 'Sneaky')).toBe(false);
    expect(await byId(zone.id)).toBeDefined();
  });
});
