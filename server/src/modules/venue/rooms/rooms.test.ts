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

const create = (name: unknown, s: Session = admin) =>
  t.call('POST', '/api/rooms', { ...s, body: { room: { name } } });
const list = async (s: Session = admin) => (await t.call('GET', '/api/rooms', s)).body.result as any[];

describe('rooms (02-catalogue §3, §4, §5, §7)', () => {
  it('numbers a new room with the highest number of the event plus one', async () => {
    const first = await create('Terrace');
    expect(first.status).toBe(200);
    expect(first.body.result).toEqual({
      id: expect.any(Number),
      idUniqueEvent: 1,
      name: 'Terrace',
      date_update: expect.any(String),
    });
    expect((await create('VIP lounge')).body.result.idUniqueEvent).toBe(2);
    const third = await create('Backstage');
    expect(third.body.result.idUniqueEvent).toBe(3);
    // Deleting the highest frees its number; a gap below stays a gap.
    await t.call('DELETE', `/api/rooms/${third.body.result.id}`, admin);
    expect((await create('Backstage bis')).body.result.idUniqueEvent).toBe(3);
    // Numbers are per event.
    expect((await create('Next year hall', other)).body.result.idUniqueEvent).toBe(1);
    expect((await list()).map((r) => [r.idUniqueEvent, r.name])).toEqual([
      [1, 'Terrace'],
      [2, 'VIP lounge'],
      [3, 'Backstage bis'],
    ]);
  });

  it('gives rooms created at the same time different numbers', async () => {
    const s = await t.session('admin@demo.test', 'Sonora Winter 2025');
    const made = await Promise.all(['Hall A', 'Hall B', 'Hall C', 'Hall D'].map((n) => create(n, s)));
    expect(made.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(made.map((r) => r.body.result.idUniqueEvent).sort()).toEqual([1, 2, 3, 4]);
  });

  it('renames a room with PATCH (its number stays) and deletes it', async () => {
    const room = (await create('Garden')).body.result;
    const res = await t.call('PATCH', `/api/rooms/${room.id}`, {
      ...admin,
      body: { room: { name: ' Garden bar ' } },
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({
      id: room.id,
      idUniqueEvent: room.idUniqueEvent,
      name: 'Garden bar',
    });
    expect((await t.call('DELETE', `/api/rooms/${room.id}`, admin)).body.result).toBe(true);
    expect((await list()).some((r) => r.id === room.id)).toBe(false);
    expect((await t.call('DELETE', `/api/rooms/${room.id}`, admin)).status).toBe(404);
    const gone = await t.call('PATCH', `/api/rooms/${room.id}`, {
      ...admin,
      body: { room: { name: 'Again' } },
    });
    expect(gone.status).toBe(404);
  });

  it('requires a name of at least 3 characters', async () => {
    const before = (await list()).length;
    const empty = await create('  ');
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toEqual([
      { path: 'room.name', message: 'validation.required', text: 'Required field' },
    ]);
    const short = await create('AB');
    expect(short.body.fields[0]).toMatchObject({
      path: 'room.name',
      message: 'validation.minLength|{"minLength":3}',
      text: 'Minimum 3 characters',
    });
    expect((await create(undefined)).body.fields[0].message).toBe('validation.required');
    const room = (await list())[0];
    const patch = await t.call('PATCH', `/api/rooms/${room.id}`, { ...admin, body: { room: { name: 'X' } } });
    expect(patch.status).toBe(400);
    expect((await list()).length).toBe(before);
    expect((await list())[0].name).toBe(room.name);
  });

  it('refuses to delete a room a kitchen serves (409)', async () => {
    const room = (await create('Dining hall')).body.result;
    const loc = await t.call('POST', '/api/locations', {
      ...admin,
      body: { location: { nombre: 'Kitchen bar', actividades_nfc: ['V'] } },
    });
    const kitchen = await t.call('POST', '/api/kitchens', {
      ...admin,
      body: { kitchen: { name: 'Main kitchen', idLocation: loc.body.result.id, rooms: [room.id] } },
    });
    expect(kitchen.status).toBe(200);
    const res = await t.call('DELETE', `/api/rooms/${room.id}`, { ...admin, lang: 'es' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: 1304,
      description: 'No se puede eliminar esta sala: la atiende una cocina',
    });
    expect((await list()).some((r) => r.id === room.id)).toBe(true);
  });

  it('refuses to delete a room staff chose, naming them (409)', async () => {
    const room = (await create('Backstage lounge')).body.result;
    const hire = (user: string, name: string, availableRooms?: number[]) =>
      t.call('POST', '/api/staff', {
        ...admin,
        body: { staff: { user, name, trusts: 'K', availableRooms } },
      });
    const waiter = (await hire('lounge.waiter', 'Lola Waiter', [room.id])).body.result;
    await hire('anywhere.waiter', 'Any Waiter');
    const res = await t.call('DELETE', `/api/rooms/${room.id}`, admin);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: 1309,
      description: 'This room cannot be deleted: the staff Lola Waiter work there',
    });
    expect((await list()).some((r) => r.id === room.id)).toBe(true);
    // Once the waiter serves every room, the room can go.
    await t.call('POST', '/api/staff', {
      ...admin,
      body: { staff: { id: waiter.id, user: waiter.user, name: waiter.name, trusts: 'K' } },
    });
    expect((await t.call('DELETE', `/api/rooms/${room.id}`, admin)).body).toEqual({ error: 0, result: true });
  });

  it('keeps rooms to their event: another event’s id is 404', async () => {
    const foreign = (await list(other))[0];
    expect((await list()).some((r) => r.id === foreign.id)).toBe(false);
    const patch = await t.call('PATCH', `/api/rooms/${foreign.id}`, {
      ...admin,
      body: { room: { name: 'Taken' } },
    });
    expect(patch.status).toBe(404);
    expect((await t.call('DELETE', `/api/rooms/${foreign.id}`, admin)).status).toBe(404);
    expect((await list(other))[0].name).toBe('Next year hall');
  });

  it('needs the locations permission', async () => {
    const ev = await t.activeEvent();
    const ops = await t.session('ops@demo.test');
    expect((await t.call('GET', '/api/rooms', ops)).status).toBe(200);
    await t.userWithPermissions(
      'no-locations-rooms@demo.test',
      ev.id,
      ALL_PERMISSION_CODES.filter((c) => c !== PERMISSIONS.locations),
    );
    const s = await t.session('no-locations-rooms@demo.test');
    const room = (await list())[0];
    expect((await t.call('GET', '/api/rooms', s)).status).toBe(403);
    expect((await create('Sneaky', s)).status).toBe(403);
    expect(
      (await t.call('PATCH', `/api/rooms/${room.id}`, { ...s, body: { room: { name: 'Sneaky' } } })).status,
    ).toBe(403);
    expect((await t.call('DELETE', `/api/rooms/${room.id}`, s)).status).toBe(403);
    expect((await list()).find((r) => r.id === room.id).name).toBe(room.name);
  });
});
