import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper';
import { fieldsOf, makeDevice, makeLocation, ok, type Session, sessions } from './fixtures.test-helper';

/**
 * Id lists on the wire (issue 27 item 29; 02-catalogue §3): bonuses, fees, refund rules, rols and
 * staff take the spec's comma-joined form "1,2,3" and "%" for all, beside the arrays the console sends.
 */
let t: TestApp;
let admin: Session;
let north: number;
let south: number;
let pda: number;
beforeAll(async () => {
  t = await createTestApp();
  ({ admin } = await sessions(t));
  north = await makeLocation(t, admin, 'Top-up North');
  south = await makeLocation(t, admin, 'Top-up South');
  pda = await makeDevice(t, admin, 'PDA00001', (await t.activeEvent()).id);
});
afterAll(() => t.close());

const post = (path: string, body: Record<string, unknown>) => t.call('POST', path, { ...admin, body });
const get = async (path: string) => ok(await t.call('GET', path, admin));
const window = { dateStart: '2026-07-10', dateEnd: '2026-07-12' };

describe('id lists: the comma-joined form and % (02-catalogue §3)', () => {
  it('bonuses: "a,b" names the locations, "%" is every location, an array still works', async () => {
    const bonus = {
      plus: 200,
      percent: 10,
      minRecharge: 2000,
      maxRecharge: 10000,
      minNumTopUp: 1,
      maxNumTopUp: -1,
      ...window,
      timeStart: '18:00:00',
      timeEnd: '23:59:59',
      articles: [],
    };
    ok(await post('/api/bonus', { bonus: { ...bonus, locationsAvailable: `${south},${north}` } }));
    ok(await post('/api/bonus', { bonus: { ...bonus, locationsAvailable: '%' } }));
    ok(await post('/api/bonus', { bonus: { ...bonus, locationsAvailable: [north] } }));
    const lists = ((await get('/api/bonus')).bonus as { locationsAvailable: number[] }[]).map(
      (b) => b.locationsAvailable,
    );
    expect(lists).toContainEqual([north, south].sort((a, b) => a - b));
    expect(lists).toContainEqual([]);
    expect(lists).toContainEqual([north]);
    expect(fieldsOf(await post('/api/bonus', { bonus: { ...bonus, locationsAvailable: '1;2' } }))).toEqual([
      'bonus.locationsAvailable: validation.invalid',
    ]);
  });

  it('fees and refund rules: locations and devices as "a,b" or "%"', async () => {
    const fee = {
      name: 'Card fee',
      fee: 50,
      nRechargeIni: 1,
      nRechargeEnd: 3,
      minRecharge: 100,
      maxRecharge: 50000,
      dateStart: '2026-07-10T10:00:00.000Z',
      dateEnd: '2026-07-12T22:00:00.000Z',
    };
    const saved = ok(
      await post('/api/fees', { fee: { ...fee, idLocations: `${north}, ${south}`, idDevices: '%' } }),
    );
    expect(saved).toMatchObject({ idLocations: [north, south].sort((a, b) => a - b), idDevices: [] });

    const rule = { name: 'Closing refunds', ...window, timeStart: '08:00:00', timeEnd: '20:00:00' };
    const id = ok(
      await post('/api/refunds', { refund: { ...rule, idLocation: `${south}`, idDevice: `${pda}` } }),
    );
    const other = ok(
      await post('/api/refunds', { refund: { ...rule, name: 'All', idLocation: ['%'], idDevice: '%' } }),
    );
    const rules = (await get('/api/refunds')).refunds as {
      id: number;
      idLocation: number[];
      idDevice: number[];
    }[];
    expect(rules.find((r) => r.id === id)).toMatchObject({ idLocation: [south], idDevice: [pda] });
    expect(rules.find((r) => r.id === other)).toMatchObject({ idLocation: [], idDevice: [] });
  });

  it('rols and staff: "%" (or ["%"]) is all (null), "a,b" names them', async () => {
    const rol = ok(
      await post('/api/rols', {
        rol: {
          name: 'Day pass',
          price: 0,
          locationsAvailable: `${north},${south}`,
          preTopUpLocationsAvailable: ['%'],
        },
      }),
    ) as number;
    const saved = ((await get('/api/rols')).rols as { id: number }[]).find((r) => r.id === rol);
    expect(saved).toMatchObject({
      locationsAvailable: [north, south].sort((a, b) => a - b),
      preTopUpLocationsAvailable: null,
    });

    const staff = ok(
      await post('/api/staff', {
        staff: {
          user: 'cashier01',
          name: 'Laura Gil',
          trusts: 'C',
          idsLocation: `${south},${north}`,
          availableRooms: '%',
        },
      }),
    );
    expect(staff).toMatchObject({
      idsLocation: [north, south].sort((a, b) => a - b),
      availableRooms: null,
    });
  });

  it('the OpenAPI document describes both forms', async () => {
    const doc = await t.call('GET', '/api/openapi.json', {});
    expect(doc.status).toBe(200);
    const text = JSON.stringify(doc.body);
    expect(text).toContain('(?:%|[0-9]{1,10}');
  });
});
