import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';

type Session = Awaited<ReturnType<TestApp['session']>>;
let t: TestApp;
let admin: Session;
let other: Session;
const zone: Record<string, number> = {};
let bar: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.session('admin@demo.test');
  other = await t.session('admin@demo.test', 'Sonora Festival 2027');
  for (const [name, s] of [
    ['Arena', admin],
    ['Backstage', admin],
    ['Foreign', other],
  ] as const) {
    const res = await t.call('POST', '/api/zones', { ...s, body: { zone: { name, resetHour: '00:00:00' } } });
    zone[name] = res.body.result;
  }
  bar = (await t.call('POST', '/api/locations', { ...admin, body: { location: { nombre: 'Access desk' } } }))
    .body.result.id;
});
afterAll(() => t.close());

const save = (gate: Record<string, unknown>, s: Session = admin) =>
  t.call('POST', '/api/gates', { ...s, body: { gate } });
const load = async (s: Session = admin) => (await t.call('GET', '/api/gates', s)).body.result;

describe('gates (admin/access/gates)', () => {
  it('lists the gates with the zones and locations to choose from', async () => {
    const res = await t.call('GET', '/api/gates', admin);
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({
      gates: [],
      zones: [
        { id: zone.Arena, name: 'Arena' },
        { id: zone.Backstage, name: 'Backstage' },
      ],
      locations: [{ id: bar, name: 'Access desk' }],
    });
  });

  it('creates (direction both and active by default), updates and deletes a gate', async () => {
    const created = await save({ name: ' North entrance ', idZoneTo: zone.Arena });
    expect(created.status).toBe(200);
    expect(created.body.result).toEqual({
      id: expect.any(Number),
      name: 'North entrance',
      idZoneFrom: null,
      idZoneTo: zone.Arena,
      idLocation: null,
      direction: 'both',
      active: 1,
      date_update: expect.any(String),
    });
    const id = created.body.result.id;
    const updated = await save({
      id,
      name: 'Backstage door',
      idZoneFrom: zone.Arena,
      idZoneTo: zone.Backstage,
      idLocation: bar,
      direction: 'in',
      active: 0,
    });
    expect(updated.body.result).toMatchObject({
      id,
      name: 'Backstage door',
      idZoneFrom: zone.Arena,
      idZoneTo: zone.Backstage,
      idLocation: bar,
      direction: 'in',
      active: 0,
    });
    expect((await load()).gates).toHaveLength(1);
    expect((await t.call('DELETE', `/api/gates/${id}`, admin)).body.result).toBe(true);
    expect((await load()).gates).toEqual([]);
    expect((await t.call('DELETE', `/api/gates/${id}`, admin)).status).toBe(404);
    expect((await save({ id, name: 'Again', idZoneTo: zone.Arena })).status).toBe(404);
  });

  it('validates the name, the zone it leads to, the direction, and different zones', async () => {
    const field = async (gate: Record<string, unknown>) => {
      const res = await save(gate);
      expect(res.status).toBe(400);
      return res.body.fields.map((f: { path: string; message: string }) => `${f.path}: ${f.message}`);
    };
    expect(await field({ name: '', idZoneTo: zone.Arena })).toEqual(['gate.name: validation.required']);
    expect(await field({ name: 'No zone' })).toEqual(['gate.idZoneTo: validation.required']);
    expect(await field({ name: 'Loop', idZoneFrom: zone.Arena, idZoneTo: zone.Arena })).toEqual([
      'gate.idZoneTo: validation.sameZones',
    ]);
    expect(await field({ name: 'Sideways', idZoneTo: zone.Arena, direction: 'up' })).toEqual([
      'gate.direction: validation.oneOf|{"values":"in, out, both"}',
    ]);
    expect((await load()).gates).toEqual([]);
  });

  it('refuses zones, locations and gates of another event (404)', async () => {
    expect((await save({ name: 'Foreign to', idZoneTo: zone.Foreign })).status).toBe(404);
    expect(
      (await save({ name: 'Foreign from', idZoneFrom: zone.Foreign, idZoneTo: zone.Arena })).status,
    ).toBe(404);
    const theirs = await save({ name: 'Their gate', idZoneTo: zone.Foreign }, other);
    expect(theirs.status).toBe(200);
    expect(
      (await save({ name: 'Their location', idZoneTo: zone.Foreign, idLocation: bar }, other)).status,
    ).toBe(404);
    expect((await save({ id: theirs.body.result.id, name: 'Hijack', idZoneTo: zone.Arena })).status).toBe(
      404,
    );
    expect((await t.call('DELETE', `/api/gates/${theirs.body.result.id}`, admin)).status).toBe(404);
    expect((await load()).gates).toEqual([]);
    expect((await load(other)).gates.map((g: { name: string }) => g.name)).toEqual(['Their gate']);
  });

  it('refuses to delete a gate a location validates access through (409)', async () => {
    const gate = (await save({ name: 'VIP gate', idZoneTo: zone.Backstage })).body.result;
    const loc = await t.call('POST', '/api/locations', {
      ...admin,
      body: { location: { nombre: 'VIP check-in', actividades_nfc: ['A'], idGate: gate.id } },
    });
    expect(loc.body.result).toMatchObject({ idGate: gate.id, gate: 'VIP gate' });
    const res = await t.call('DELETE', `/api/gates/${gate.id}`, admin);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: 1305,
      description: 'This gate cannot be deleted: a location validates access through it',
    });
    expect((await load()).gates.map((g: { id: number }) => g.id)).toEqual([gate.id]);
  });

  it('needs the puertas permission (ops@demo.test lacks it)', async () => {
    const ops = await t.session('ops@demo.test');
    const gate = (await load()).gates[0];
    expect((await t.call('GET', '/api/gates', ops)).status).toBe(403);
    expect((await save({ name: 'Sneaky', idZoneTo: zone.Arena }, ops)).status).toBe(403);
    expect((await t.call('DELETE', `/api/gates/${gate.id}`, ops)).status).toBe(403);
    // …while the locations ops may edit still see the gates to choose from.
    const locations = await t.call('GET', '/api/locations', ops);
    expect(locations.status).toBe(200);
    expect(locations.body.result.gates).toEqual([{ id: gate.id, name: 'VIP gate', active: 1 }]);
    expect((await load()).gates.map((g: { name: string }) => g.name)).toEqual(['VIP gate']);
  });
});
