import { ALL_PERMISSION_CODES, PERMISSIONS } from '@pulsera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { fieldsOf, makeDevice, makeLocation, type Session, sessions } from '../fixtures.test-helper';

let t: TestApp;
let admin: Session;
let other: Session;
let north: number;
let south: number;
let pda: number;
beforeAll(async () => {
  t = await createTestApp();
  ({ admin, other } = await sessions(t));
  north = await makeLocation(t, admin, 'Refund desk North');
  south = await makeLocation(t, admin, 'Refund desk South');
  pda = await makeDevice(t, admin, 'PDA00009', (await t.activeEvent()).id);
});
afterAll(() => t.close());

const save = (refund: Record<string, unknown>, s: Session = admin) =>
  t.call('POST', '/api/refunds', { ...s, body: { refund } });
const load = async (s: Session = admin) => (await t.call('GET', '/api/refunds', s)).body.result;
const list = async (s: Session = admin) => (await load(s)).refunds as any[];
const remove = (id: number, s: Session = admin) => t.call('DELETE', `/api/refunds/${id}`, s);
const base = {
  name: 'Closing refunds',
  dateStart: '2026-07-12',
  dateEnd: '2026-07-13',
  timeStart: '08:00:00',
  timeEnd: '20:00:00',
};

describe('refund rules (02-catalogue §3, §5, §7, §9)', () => {
  it('creates a rule (answering its id) with every location and device and a zero minimum by default', async () => {
    const res = await save(base);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result).toEqual(expect.any(Number));
    const loaded = await load();
    expect(loaded.refunds).toEqual([
      {
        id: res.body.result,
        ...base,
        idLocation: [],
        idDevice: [],
        minAmount: 0,
        locationDisplay: '',
        date_update: expect.any(String),
      },
    ]);
    expect(loaded.locations.map((l: any) => l.name)).toEqual(['Refund desk North', 'Refund desk South']);
    expect(loaded.devices).toEqual([{ id: pda, name: 'PDA00009' }]);
  });

  it('keeps the chosen locations and devices as arrays, updates and deletes', async () => {
    const id = (await save({ ...base, idLocation: [south, north], idDevice: [pda], minAmount: 500 })).body
      .result;
    expect((await list()).find((r) => r.id === id)).toMatchObject({
      idLocation: [north, south].sort((a, b) => a - b),
      idDevice: [pda],
      minAmount: 500,
      locationDisplay: expect.stringMatching(/^Refund desk (North|South), Refund desk (North|South)$/),
    });
    const res = await save({ id, ...base, name: 'Renamed', idLocation: [north], idDevice: [] });
    expect(res.body).toEqual({ error: 0, result: id });
    expect((await list()).find((r) => r.id === id)).toMatchObject({
      name: 'Renamed',
      idLocation: [north],
      idDevice: [],
      minAmount: 0,
      locationDisplay: 'Refund desk North',
    });
    expect((await remove(id)).body).toEqual({ error: 0, result: true });
    expect((await list()).some((r) => r.id === id)).toBe(false);
    expect((await remove(id)).status).toBe(404);
    expect((await save({ id, ...base })).status).toBe(404);
  });

  it('refuses what §5 names and writes nothing', async () => {
    const before = await list();
    expect(fieldsOf(await save({}))).toEqual([
      'refund.name: validation.required',
      'refund.dateStart: validation.required',
      'refund.dateEnd: validation.required',
      'refund.timeStart: validation.required',
      'refund.timeEnd: validation.required',
    ]);
    expect(fieldsOf(await save({ ...base, dateStart: '2026-07-14', minAmount: -1 }))).toEqual([
      'refund.minAmount: validation.min|{"min":0}',
      'refund.dateEnd: validation.endAfterStart',
    ]);
    expect(fieldsOf(await save({ ...base, timeStart: '8:00', minAmount: null }))).toEqual([
      'refund.timeStart: validation.timeFormat',
      'refund.minAmount: validation.required',
    ]);
    const foreign = await makeLocation(t, other, 'Other desk');
    expect(fieldsOf(await save({ ...base, idLocation: [foreign], idDevice: [999_999] }))).toEqual([
      'refund.idLocation: validation.unknownLocations',
      'refund.idDevice: validation.unknownDevices',
    ]);
    expect(await list()).toEqual(before);
  });

  it('keeps each event to its own rules: another event’s id is 404', async () => {
    const foreign = (await save(base, other)).body.result;
    expect((await list()).some((r) => r.id === foreign)).toBe(false);
    expect((await save({ id: foreign, ...base, name: 'Hijack' })).status).toBe(404);
    expect((await remove(foreign)).status).toBe(404);
    expect((await list(other)).find((r) => r.id === foreign)).toMatchObject({ name: 'Closing refunds' });
  });

  it('needs the devoluciones permission', async () => {
    const ev = await t.activeEvent();
    const id = (await save({ ...base, name: 'Guarded' })).body.result;
    await t.userWithPermissions(
      'no-refunds@demo.test',
      ev.id,
      ALL_PERMISSION_CODES.filter((c) => c !== PERMISSIONS.devoluciones),
    );
    const s = await t.session('no-refunds@demo.test');
    expect((await t.call('GET', '/api/refunds', s)).status).toBe(403);
    expect((await save({ ...base, name: 'Sneaky' }, s)).status).toBe(403);
    expect((await remove(id, s)).status).toBe(403);
    const names = (await list()).map((r) => r.name);
    expect(names).toContain('Guarded');
    expect(names).not.toContain('Sneaky');
  });
});
