import { ALL_PERMISSION_CODES, PERMISSIONS } from '@pulsera/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { kitchenPrinters } from '../../../core/db/schema';

type Session = Awaited<ReturnType<TestApp['session']>>;
let t: TestApp;
let admin: Session;
let other: Session;
const loc: Record<string, number> = {};
const room: Record<string, number> = {};
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.session('admin@demo.test');
  other = await t.session('admin@demo.test', 'Sonora Festival 2027');
  for (const [key, nombre, s] of [
    ['grill', 'Grill', admin],
    ['pizza', 'Pizza corner', admin],
    ['foreign', 'Their bar', other],
  ] as const) {
    loc[key] = (
      await t.call('POST', '/api/locations', { ...s, body: { location: { nombre, actividades_nfc: ['V'] } } })
    ).body.result.id;
  }
  for (const [key, name, s] of [
    ['terrace', 'Terrace', admin],
    ['vip', 'VIP lounge', admin],
    ['foreign', 'Their hall', other],
  ] as const) {
    room[key] = (await t.call('POST', '/api/rooms', { ...s, body: { room: { name } } })).body.result.id;
  }
});
afterAll(() => t.close());

const create = (kitchen: Record<string, unknown>, s: Session = admin) =>
  t.call('POST', '/api/kitchens', { ...s, body: { kitchen } });
const patch = (kitchen: Record<string, unknown>, s: Session = admin) =>
  t.call('PATCH', '/api/kitchens', { ...s, body: { kitchen } });
const load = async (s: Session = admin) => (await t.call('GET', '/api/kitchens', s)).body.result;
const fieldsOf = (res: { body: { fields: { path: string; message: string }[] } }) =>
  res.body.fields.map((f) => `${f.path}: ${f.message}`);

describe('kitchens (02-catalogue §3, §5, §7)', () => {
  it('lists the kitchens with the locations and rooms to choose from', async () => {
    const res = await t.call('GET', '/api/kitchens', admin);
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({
      kitchens: [],
      locations: [
        { id: loc.grill, name: 'Grill' },
        { id: loc.pizza, name: 'Pizza corner' },
      ],
      rooms: [
        { id: room.terrace, name: 'Terrace' },
        { id: room.vip, name: 'VIP lounge' },
      ],
    });
  });

  it('creates a kitchen with printers and rooms and answers the saved kitchen', async () => {
    const res = await create({
      name: 'Main kitchen',
      idLocation: loc.grill,
      printers: [
        { name: 'Hot line', ip: '192.168.1.50' },
        { name: 'Cold line', ip: 'fe80::1' },
      ],
      rooms: [room.vip, room.terrace, room.vip],
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({
      id: expect.any(Number),
      name: 'Main kitchen',
      idLocation: loc.grill,
      printers: [
        { id: expect.any(Number), name: 'Hot line', ip: '192.168.1.50' },
        { id: expect.any(Number), name: 'Cold line', ip: 'fe80::1' },
      ],
      rooms: [room.terrace, room.vip],
      date_update: expect.any(String),
    });
    expect((await load()).kitchens).toEqual([res.body.result]);
  });

  it('updates with PATCH: printers kept, edited, removed and added; rooms replaced', async () => {
    const k = (await load()).kitchens[0];
    const [hot, cold] = k.printers;
    const res = await patch({
      id: k.id,
      name: 'Main kitchen',
      idLocation: loc.pizza,
      printers: [
        { id: hot.id, name: 'Hot line', ip: '192.168.1.51' },
        { name: 'Desserts', ip: '10.0.0.9' },
      ],
      rooms: [room.terrace],
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({
      id: k.id,
      idLocation: loc.pizza,
      printers: [
        { id: hot.id, name: 'Hot line', ip: '192.168.1.51' },
        { id: expect.any(Number), name: 'Desserts', ip: '10.0.0.9' },
      ],
      rooms: [room.terrace],
    });
    const rows = await t.database.db.select().from(kitchenPrinters).where(eq(kitchenPrinters.id, cold.id));
    expect(rows).toEqual([]);
    expect((await patch({ name: 'No id', idLocation: loc.grill })).status).toBe(400);
    expect((await patch({ id: 999_999, name: 'Ghost', idLocation: loc.grill })).status).toBe(404);
  });

  it('validates the kitchen (name, location) and each printer (name, ip)', async () => {
    expect(fieldsOf(await create({ name: '', idLocation: loc.grill }))).toEqual([
      'kitchen.name: validation.required',
    ]);
    expect(fieldsOf(await create({ name: 'No location' }))).toEqual([
      'kitchen.idLocation: validation.required',
    ]);
    expect(
      fieldsOf(await create({ name: 'P', idLocation: loc.grill, printers: [{ ip: '10.0.0.1' }] })),
    ).toEqual(['kitchen.printers.0.name: validation.required']);
    expect(fieldsOf(await create({ name: 'P', idLocation: loc.grill, printers: [{ name: 'Bar' }] }))).toEqual(
      ['kitchen.printers.0.ip: validation.required'],
    );
    const badIp = await create({
      name: 'P',
      idLocation: loc.grill,
      printers: [{ name: 'Bar', ip: '300.1.1.1' }],
    });
    expect(badIp.body.fields).toEqual([
      { path: 'kitchen.printers.0.ip', message: 'validation.ip', text: 'Invalid IP address' },
    ]);
    expect((await load()).kitchens).toHaveLength(1);
  });

  it('refuses locations, rooms, printers and kitchens of elsewhere (404) and writes nothing', async () => {
    const k = (await load()).kitchens[0];
    expect((await create({ name: 'Wrong location', idLocation: loc.foreign })).status).toBe(404);
    expect((await create({ name: 'Wrong room', idLocation: loc.grill, rooms: [room.foreign] })).status).toBe(
      404,
    );
    const theirs = (
      await create(
        { name: 'Their kitchen', idLocation: loc.foreign, printers: [{ name: 'T', ip: '10.1.1.1' }] },
        other,
      )
    ).body.result;
    // A printer of another kitchen: the whole save is refused, the name change included.
    const stolen = await patch({
      id: k.id,
      name: 'Renamed',
      idLocation: k.idLocation,
      printers: [{ id: theirs.printers[0].id, name: 'Mine now', ip: '10.1.1.1' }],
    });
    expect(stolen.status).toBe(404);
    expect((await load()).kitchens).toEqual([k]);
    expect((await patch({ id: theirs.id, name: 'Hijack', idLocation: loc.grill })).status).toBe(404);
    expect((await t.call('DELETE', `/api/kitchens/${theirs.id}`, admin)).status).toBe(404);
    expect((await load(other)).kitchens).toEqual([theirs]);
  });

  it('deletes a kitchen with its printers; its rooms and location are then free', async () => {
    const k = (await load()).kitchens[0];
    expect((await t.call('DELETE', `/api/kitchens/${k.id}`, admin)).body.result).toBe(true);
    expect((await load()).kitchens).toEqual([]);
    expect(
      await t.database.db.select().from(kitchenPrinters).where(eq(kitchenPrinters.kitchenId, k.id)),
    ).toEqual([]);
    expect((await t.call('DELETE', `/api/kitchens/${k.id}`, admin)).status).toBe(404);
    expect((await t.call('DELETE', `/api/rooms/${room.terrace}`, admin)).status).toBe(200);
    expect((await t.call('DELETE', `/api/locations/${loc.pizza}`, admin)).status).toBe(200);
  });

  it('needs the locations permission', async () => {
    const ev = await t.activeEvent();
    const ops = await t.session('ops@demo.test');
    expect((await t.call('GET', '/api/kitchens', ops)).status).toBe(200);
    const k = (await create({ name: 'Ops kitchen', idLocation: loc.grill }, ops)).body.result;
    await t.userWithPermissions(
      'no-locations-kitchens@demo.test',
      ev.id,
      ALL_PERMISSION_CODES.filter((c) => c !== PERMISSIONS.locations),
    );
    const s = await t.session('no-locations-kitchens@demo.test');
    expect((await t.call('GET', '/api/kitchens', s)).status).toBe(403);
    expect((await create({ name: 'Sneaky', idLocation: loc.grill }, s)).status).toBe(403);
    expect((await patch({ id: k.id, name: 'Sneaky', idLocation: loc.grill }, s)).status).toBe(403);
    expect((await t.call('DELETE', `/api/kitchens/${k.id}`, s)).status).toBe(403);
    expect((await load()).kitchens.map((x: { name: string }) => x.name)).toEqual(['Ops kitchen']);
  });

  it('offers and accepts only selling locations (02-catalogue §3 activity codes)', async () => {
    const desk = (
      await t.call('POST', '/api/locations', {
        ...admin,
        body: { location: { nombre: 'Cash desk', actividades_nfc: ['C'] } },
      })
    ).body.result.id as number;
    const choices = (await t.call('GET', '/api/kitchens', admin)).body.result.locations as { id: number }[];
    expect(choices.map((c) => c.id)).toContain(loc.grill);
    expect(choices.map((c) => c.id)).not.toContain(desk);
    const refused = await create({ name: 'Desk kitchen', idLocation: desk });
    expect(refused.status).toBe(400);
    expect(fieldsOf(refused)).toEqual(['kitchen.idLocation: validation.locationNotSale']);
  });
});
