import { randomUUID } from 'node:crypto';
import { ALL_PERMISSION_CODES, PERMISSIONS } from '@pulsera/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { staff, topUps } from '../../../core/db/schema';

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

const save = (body: Record<string, unknown>, s: Session = admin) =>
  t.call('POST', '/api/staff', { ...s, body: { staff: body } });
const load = async (s: Session = admin) => (await t.call('GET', '/api/staff', s)).body.result;
const list = async (s: Session = admin) => (await load(s)).staff as any[];
const base = { user: 'cashier01', name: 'Laura Gil', trusts: 'C' };

describe('staff (admin/events/staffs)', () => {
  it('creates with the defaults, reads, updates and deletes', async () => {
    const created = await save({ user: ' bar.ana ', name: ' Ana Ruiz ', trusts: 'vcs' });
    expect(created.status).toBe(200);
    const ev = await t.activeEvent();
    expect(created.body.result).toEqual({
      id: expect.any(Number),
      idEvent: ev.id,
      user: 'bar.ana',
      name: 'Ana Ruiz',
      rfid: null,
      hasPin: false,
      intern: 1,
      dateInactive: null,
      // Upper-cased, in the canonical order C S T V …
      trusts: 'CSV',
      idsLocation: null,
      availableRooms: null,
      date_update: expect.any(String),
    });
    const id = created.body.result.id;
    expect((await list()).find((s) => s.id === id)).toEqual(created.body.result);

    const loc = await t.call('POST', '/api/locations', {
      ...admin,
      body: { location: { nombre: 'Main bar' } },
    });
    const room = await t.call('POST', '/api/rooms', { ...admin, body: { room: { name: 'VIP lounge' } } });
    expect([loc.status, room.status]).toEqual([200, 200]);
    const updated = await save({
      id,
      user: 'bar.ana',
      name: 'Ana Ruiz Pons',
      rfid: 'A1B2C3D4',
      intern: 0,
      dateInactive: '2026-08-01T22:00:00.000Z',
      trusts: 'CSTVRAGPXHBMKOD',
      idsLocation: [loc.body.result.id, loc.body.result.id],
      availableRooms: [room.body.result.id],
    });
    expect(updated.status).toBe(200);
    expect(updated.body.result).toMatchObject({
      id,
      name: 'Ana Ruiz Pons',
      rfid: 'A1B2C3D4',
      intern: 0,
      dateInactive: '2026-08-01T22:00:00.000Z',
      trusts: 'CSTVRAGPXHBMKOD',
      idsLocation: [loc.body.result.id],
      availableRooms: [room.body.result.id],
    });
    const result = await load();
    expect(result.locations).toContainEqual({ id: loc.body.result.id, name: 'Main bar' });
    expect(result.rooms).toContainEqual({ id: room.body.result.id, name: 'VIP lounge' });

    // A save replaces the item: left-out optional fields are cleared, locations and rooms become all.
    const again = await save({ id, user: 'bar.ana', name: 'Ana Ruiz Pons', trusts: 'C' });
    expect(again.body.result).toMatchObject({
      rfid: null,
      intern: 1,
      dateInactive: null,
      idsLocation: null,
      availableRooms: null,
    });

    const removed = await t.call('DELETE', `/api/staff/${id}`, admin);
    expect(removed.status).toBe(200);
    expect(removed.body.result).toBe(true);
    expect((await list()).some((s) => s.id === id)).toBe(false);
    expect((await t.call('DELETE', `/api/staff/${id}`, admin)).status).toBe(404);
    expect((await save({ ...base, id })).status).toBe(404);
  });

  it('keeps the user unique within the event, case-insensitively (409)', async () => {
    expect((await save({ ...base, user: 'Door.Max' })).status).toBe(200);
    const dup = await t.call('POST', '/api/staff', {
      ...admin,
      body: { staff: { ...base, user: 'door.max' } },
      lang: 'es',
    });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({
      error: 1700,
      description: 'Ya existe un miembro del personal con el usuario door.max en este evento',
    });
    // The conflict names its field, so the form shows it under the user (issue 16).
    expect(dup.body.fields).toEqual([
      expect.objectContaining({ path: 'staff.user', message: 'validation.staffUserTaken' }),
    ]);
    const en = await save({ ...base, user: ' DOOR.MAX ' });
    expect(en.body.description).toBe('A staff member with the user DOOR.MAX already exists in this event');
    // Renaming another staff member to it is refused too; keeping one's own user is not a clash.
    const other1 = (await save({ ...base, user: 'door.eva' })).body.result;
    expect((await save({ ...base, id: other1.id, user: 'DOOR.max' })).status).toBe(409);
    expect((await save({ ...base, id: other1.id, user: 'Door.Eva', name: 'Eva' })).status).toBe(200);
    // The same user in another event is fine.
    expect((await save({ ...base, user: 'door.max' }, other)).status).toBe(200);
    const rows = await t.database.db.select().from(staff).where(eq(staff.user, 'Door.Max'));
    expect(rows).toHaveLength(1);
  });

  it('validates user, name, trusts, intern, rfid, dates and the location and room choices', async () => {
    const before = (await list()).length;
    const field = async (body: Record<string, unknown>) => {
      const res = await save(body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      return res.body.fields[0] as { path: string; message: string };
    };
    expect(await field({ ...base, user: '  ' })).toMatchObject({
      path: 'staff.user',
      message: 'validation.required',
    });
    expect(await field({ name: 'x', trusts: 'C' })).toMatchObject({
      path: 'staff.user',
      message: 'validation.required',
    });
    expect((await field({ ...base, user: 'u'.repeat(101) })).message).toBe(
      'validation.maxLength|{"maxLength":100}',
    );
    expect(await field({ ...base, name: '' })).toMatchObject({
      path: 'staff.name',
      message: 'validation.required',
    });
    expect(await field({ ...base, trusts: '' })).toMatchObject({
      path: 'staff.trusts',
      message: 'validation.required',
    });
    expect(await field({ ...base, trusts: 'CZ' })).toEqual({
      path: 'staff.trusts',
      message: 'validation.trusts',
      text: 'Choose letters among C S T V R A G P X H B M K O D',
    });
    expect((await field({ ...base, intern: 2 })).path).toBe('staff.intern');
    expect((await field({ ...base, rfid: 'x'.repeat(51) })).path).toBe('staff.rfid');
    expect((await field({ ...base, dateInactive: '01/08/2026' })).path).toBe('staff.dateInactive');
    expect(await field({ ...base, idsLocation: [] })).toMatchObject({
      path: 'staff.idsLocation',
      message: 'validation.chooseSomeOrAll',
    });
    expect((await field({ ...base, availableRooms: [0] })).path).toBe('staff.availableRooms.0');

    // Locations and rooms of another event are refused.
    const foreignLoc = await t.call('POST', '/api/locations', {
      ...other,
      body: { location: { nombre: 'Far bar' } },
    });
    const foreignRoom = await t.call('POST', '/api/rooms', {
      ...other,
      body: { room: { name: 'Far room' } },
    });
    expect(await field({ ...base, idsLocation: [foreignLoc.body.result.id] })).toEqual({
      path: 'staff.idsLocation',
      message: 'validation.unknownLocations',
      text: 'Some chosen locations do not belong to this event',
    });
    expect(await field({ ...base, availableRooms: [foreignRoom.body.result.id] })).toMatchObject({
      path: 'staff.availableRooms',
      message: 'validation.unknownRooms',
    });
    expect((await list()).length).toBe(before);
  });

  it('keeps the locations staff chose: their delete is refused until the staff leave them', async () => {
    const a = (await t.call('POST', '/api/locations', { ...admin, body: { location: { nombre: 'Bar A' } } }))
      .body.result;
    const b = (await t.call('POST', '/api/locations', { ...admin, body: { location: { nombre: 'Bar B' } } }))
      .body.result;
    const s = (await save({ ...base, user: 'two.bars', name: 'Two Bars', idsLocation: [b.id, a.id] })).body
      .result;
    expect(s.idsLocation).toEqual([a.id, b.id].sort((x, y) => x - y));
    const refused = await t.call('DELETE', `/api/locations/${b.id}`, admin);
    expect(refused.status).toBe(409);
    expect(refused.body.description).toBe('This location cannot be deleted: the staff Two Bars work there');
    expect((await list()).find((x) => x.id === s.id).idsLocation).toEqual(s.idsLocation);

    await save({ ...base, id: s.id, user: 'two.bars', name: 'Two Bars', idsLocation: [a.id] });
    expect((await t.call('DELETE', `/api/locations/${b.id}`, admin)).status).toBe(200);
    expect((await list()).find((x) => x.id === s.id).idsLocation).toEqual([a.id]);
    // An id of a location gone (stored before deletes were guarded) is not answered.
    await t.database.db
      .update(staff)
      .set({ locationIds: [a.id, b.id] })
      .where(eq(staff.id, s.id));
    expect((await list()).find((x) => x.id === s.id).idsLocation).toEqual([a.id]);
  });

  it('keeps staff to their event: another event’s id is 404', async () => {
    const foreign = (await save({ ...base, user: 'only.2027' }, other)).body.result;
    expect((await list()).some((s) => s.id === foreign.id)).toBe(false);
    expect((await save({ ...base, id: foreign.id, user: 'stolen' })).status).toBe(404);
    expect((await t.call('DELETE', `/api/staff/${foreign.id}`, admin)).status).toBe(404);
    const [row] = await t.database.db
      .select()
      .from(staff)
      .where(and(eq(staff.id, foreign.id), eq(staff.user, 'only.2027')));
    expect(row).toBeDefined();
  });

  it('refuses to delete staff with operations, naming the count and offering the inactive date (issue 16)', async () => {
    const ev = await t.activeEvent();
    const { id } = (await save({ ...base, user: 'cashier.ops', name: 'Carla Ops' })).body.result;
    const at = new Date();
    await t.database.db.insert(topUps).values(
      [1, 2].map((n) => ({
        eventId: ev.id,
        operationId: randomUUID(),
        wristbandId: 900_000 + n,
        type: 'N',
        paymentType: 'S',
        amount: 1000,
        money: 1000,
        cashAfter: 1000,
        giftAfter: 0,
        staffId: id,
        deviceTime: at,
      })),
    );
    const refused = await t.call('DELETE', `/api/staff/${id}`, admin);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(3401);
    expect(refused.body.params.count).toBe(2);
    expect(refused.body.description).toContain(String(refused.body.params.count));
    expect(refused.body.description).toMatch(/inactive date/i);
    expect((await list()).some((s) => s.id === id)).toBe(true);
    // The cash-up still names them.
    const cash = await t.call(
      'GET',
      '/api/reports/cashboxes?dateStart=2020-01-01T00:00:00Z&dateEnd=2099-01-01T00:00:00Z',
      admin,
    );
    const row = cash.body.result.rows.find((r: { idStaff: number }) => r.idStaff === id);
    expect(row.staffName).toBeTruthy();
    // A staff member without operations is deleted as before.
    const fresh = (await save({ ...base, user: 'never.worked' })).body.result;
    expect((await t.call('DELETE', `/api/staff/${fresh.id}`, admin)).status).toBe(200);
  });

  it('needs the staff permission (ops has it; a user without it is refused)', async () => {
    const ops = await t.session('ops@demo.test');
    expect((await t.call('GET', '/api/staff', ops)).status).toBe(200);
    const made = await save({ ...base, user: 'by.ops' }, ops);
    expect(made.status).toBe(200);

    const ev = await t.activeEvent();
    await t.userWithPermissions(
      'no-staff@demo.test',
      ev.id,
      ALL_PERMISSION_CODES.filter((c) => c !== PERMISSIONS.staff),
    );
    const s = await t.session('no-staff@demo.test');
    expect((await t.call('GET', '/api/staff', s)).status).toBe(403);
    expect((await save({ ...base, user: 'sneaky' }, s)).status).toBe(403);
    expect((await save({ ...base, id: made.body.result.id, user: 'renamed' }, s)).status).toBe(403);
    expect((await t.call('DELETE', `/api/staff/${made.body.result.id}`, s)).status).toBe(403);
    const names = (await list()).map((x) => x.user);
    expect(names).toContain('by.ops');
    expect(names).not.toContain('sneaky');
  });
});
