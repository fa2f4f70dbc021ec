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
let foreignPda: number;
beforeAll(async () => {
  t = await createTestApp();
  ({ admin, other } = await sessions(t));
  north = await makeLocation(t, admin, 'Top-up North');
  south = await makeLocation(t, admin, 'Top-up South');
  pda = await makeDevice(t, admin, 'PDA00001', (await t.activeEvent()).id);
  foreignPda = await makeDevice(t, admin, 'PDA00002', (await t.eventByName('Sonora Festival 2027')).id);
});
afterAll(() => t.close());

const save = (fee: Record<string, unknown>, s: Session = admin) =>
  t.call('POST', '/api/fees', { ...s, body: { fee } });
const load = async (s: Session = admin) => (await t.call('GET', '/api/fees', s)).body.result;
const list = async (s: Session = admin) => (await load(s)).fees as any[];
const remove = (id: number, s: Session = admin) => t.call('DELETE', `/api/fees/${id}`, s);
const base = {
  name: 'Card fee',
  fee: 50,
  nRechargeIni: 1,
  nRechargeEnd: 3,
  minRecharge: 100,
  maxRecharge: 50000,
  dateStart: '2026-07-10T10:00:00.000Z',
  dateEnd: '2026-07-12T22:00:00.000Z',
};

describe('fees (02-catalogue §3, §5, §7, §9)', () => {
  it('creates a fee with its locations and devices, and lists the choices', async () => {
    const res = await save({ ...base, idLocations: [south, north], idDevices: [pda] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result).toEqual({
      id: expect.any(Number),
      ...base,
      idLocations: [north, south].sort((a, b) => a - b),
      idDevices: [pda],
      date_update: expect.any(String),
    });
    const loaded = await load();
    expect(loaded.fees).toEqual([res.body.result]);
    expect(loaded.locations.map((l: any) => l.name)).toEqual(['Top-up North', 'Top-up South']);
    expect(loaded.devices).toEqual([{ id: pda, name: 'PDA00001' }]);
    expect((await save(base)).body.result).toMatchObject({ idLocations: [], idDevices: [] });
  });

  it('updates and deletes a fee', async () => {
    const id = (await save({ ...base, idLocations: [north] })).body.result.id;
    const res = await save({ id, ...base, name: 'Card fee 2', fee: 75, idLocations: [] });
    expect(res.status).toBe(200);
    expect((await list()).find((f) => f.id === id)).toMatchObject({
      name: 'Card fee 2',
      fee: 75,
      idLocations: [],
    });
    expect((await remove(id)).body).toEqual({ error: 0, result: true });
    expect((await list()).some((f) => f.id === id)).toBe(false);
    expect((await remove(id)).status).toBe(404);
    expect((await save({ id, ...base })).status).toBe(404);
  });

  it('refuses what §5 and §9 name (minimums 1, date range) and writes nothing', async () => {
    const before = await list();
    expect(fieldsOf(await save({}))).toEqual([
      'fee.name: validation.required',
      'fee.fee: validation.required',
      'fee.nRechargeIni: validation.required',
      'fee.nRechargeEnd: validation.required',
      'fee.minRecharge: validation.required',
      'fee.maxRecharge: validation.required',
      'fee.dateStart: validation.required',
      'fee.dateEnd: validation.required',
    ]);
    expect(
      fieldsOf(
        await save({ ...base, fee: 0, nRechargeIni: 0, nRechargeEnd: 0, minRecharge: 0, maxRecharge: 0 }),
      ),
    ).toEqual([
      'fee.fee: validation.min|{"min":1}',
      'fee.nRechargeIni: validation.min|{"min":1}',
      'fee.nRechargeEnd: validation.min|{"min":1}',
      'fee.minRecharge: validation.min|{"min":1}',
      'fee.maxRecharge: validation.min|{"min":1}',
    ]);
    expect(
      fieldsOf(
        await save({
          ...base,
          nRechargeIni: 4,
          nRechargeEnd: 3,
          minRecharge: 500,
          maxRecharge: 400,
          dateStart: '2026-07-12T22:00:00.000Z',
          dateEnd: '2026-07-12T21:59:00.000Z',
        }),
      ),
    ).toEqual([
      'fee.nRechargeEnd: validation.maxBelowMin',
      'fee.maxRecharge: validation.maxBelowMin',
      'fee.dateEnd: validation.endAfterStart',
    ]);
    expect(fieldsOf(await save({ ...base, dateStart: '2019-12-31T10:00:00Z', dateEnd: 'tomorrow' }))).toEqual(
      ['fee.dateStart: validation.startBound|{"bound":"2020-01-01"}', 'fee.dateEnd: validation.invalid'],
    );
    const foreign = await makeLocation(t, other, 'Other top-up');
    expect(
      fieldsOf(await save({ ...base, idLocations: [foreign], idDevices: [foreignPda, 999_999] })),
    ).toEqual(['fee.idLocations: validation.unknownLocations', 'fee.idDevices: validation.unknownDevices']);
    expect(await list()).toEqual(before);
  });

  it('keeps each event to its own fees: another event’s id is 404', async () => {
    const foreign = (await save(base, other)).body.result.id;
    expect((await list()).some((f) => f.id === foreign)).toBe(false);
    expect((await save({ id: foreign, ...base, name: 'Hijack' })).status).toBe(404);
    expect((await remove(foreign)).status).toBe(404);
    expect((await list(other)).find((f) => f.id === foreign)).toMatchObject({ name: 'Card fee' });
  });

  it('needs the gastosDeGestion permission', async () => {
    const ev = await t.activeEvent();
    const id = (await save({ ...base, name: 'Guarded' })).body.result.id;
    await t.userWithPermissions(
      'no-fee@demo.test',
      ev.id,
      ALL_PERMISSION_CODES.filter((c) => c !== PERMISSIONS.gastosDeGestion),
    );
    const s = await t.session('no-fee@demo.test');
    expect((await t.call('GET', '/api/fees', s)).status).toBe(403);
    expect((await save({ ...base, name: 'Sneaky' }, s)).status).toBe(403);
    expect((await remove(id, s)).status).toBe(403);
    const names = (await list()).map((f) => f.name);
    expect(names).toContain('Guarded');
    expect(names).not.toContain('Sneaky');
  });
});
