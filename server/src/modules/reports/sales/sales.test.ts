import { PERMISSIONS, type PermissionName } from '@pulsera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import {
  DAY1,
  DAY2,
  expected,
  figuresOf,
  get,
  groupBy,
  ids,
  inWindow,
  lineFigures,
  sales,
  salesFestival,
  sumRows,
} from './sales.fixture';

/**
 * The sales report's tabs (by staff, by location, by article, staff amounts, the overview), their
 * permissions and bad filters, against a small festival posted through the device API
 * (sales.fixture.ts). Every expected figure is computed from the operations the test posted.
 */

let t: TestApp;
let eventId: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ eventId } = await salesFestival(t));
});
afterAll(() => t.close());

describe('sales by staff (GET /reports/main-order-staff)', () => {
  it('nets devolutions, shows gifts as units, and adds up to its total', async () => {
    const res = await get('/reports/main-order-staff');
    expect(res.status).toBe(200);
    const { rows, total } = res.body.result;
    const want = groupBy(sales, (s) => s.staffId ?? null);
    expect(rows).toHaveLength(want.size);
    for (const [staffId, list] of want) {
      const row = rows.find((r: { idStaff: number | null }) => r.idStaff === staffId);
      expect(figuresOf(row), `staff ${staffId}`).toEqual(expected(list));
    }
    expect(rows.find((r: { idStaff: number }) => r.idStaff === ids.ana)).toMatchObject({
      name: 'Ana Bar',
      intern: 1,
    });
    expect(total).toEqual(expected(sales));
    expect(sumRows(rows, ['quantity', 'gifts', 'amount'])).toEqual({
      quantity: total.quantity,
      gifts: total.gifts,
      amount: total.amount,
    });
  });

  it('filters internal or external staff, a day, a location and an article', async () => {
    const staffIntern = new Map([
      [ids.ana, 1],
      [ids.ben, 0],
      [ids.mia, 1],
    ]);
    for (const isIntern of [0, 1]) {
      const res = await get('/reports/main-order-staff', { isIntern });
      const want = sales.filter((s) => s.staffId !== undefined && staffIntern.get(s.staffId) === isIntern);
      expect(res.body.result.total).toEqual(expected(want));
      expect(res.body.result.rows.every((r: { intern: number }) => r.intern === isIntern)).toBe(true);
    }
    const res = await get('/reports/main-order-staff', {
      dateStart: DAY1.start,
      dateEnd: DAY1.end,
      idLocation: ids.court,
      idArticle: ids.beer,
    });
    const want = sales.filter((s) => inWindow(s, DAY1) && s.locationId === ids.court);
    expect(res.body.result.total).toEqual(expected(want, (l) => l.idArticle === ids.beer));
    // An article by location over a window that is not whole hours (rollup hours + raw edges).
    const odd = {
      start: new Date(Date.parse(DAY1.start) + 17 * 60_000).toISOString(),
      end: new Date(Date.parse(DAY1.end) - 23 * 60_000).toISOString(),
    };
    const byLoc = await get('/reports/mainOrderLocation', {
      dateStart: odd.start,
      dateEnd: odd.end,
      idArticle: ids.beer,
    });
    const inOdd = sales.filter((s) => inWindow(s, odd));
    for (const [loc, group] of groupBy(inOdd, (s) => s.locationId ?? null)) {
      const row = byLoc.body.result.rows.find((r: { idLocation: number }) => r.idLocation === loc);
      const wantLoc = expected(group, (l) => l.idArticle === ids.beer);
      if (wantLoc.orders + wantLoc.devolutions === 0) continue;
      expect(figuresOf(row), `location ${loc}`).toEqual(wantLoc);
    }
    expect(byLoc.body.result.total).toEqual(expected(inOdd, (l) => l.idArticle === ids.beer));
  });
});

describe('sales by location and by article', () => {
  it('by location: one row per location, a day window moves the figures', async () => {
    for (const w of [undefined, DAY1, DAY2]) {
      const res = await get('/reports/mainOrderLocation', w ? { dateStart: w.start, dateEnd: w.end } : {});
      expect(res.status).toBe(200);
      const list = sales.filter((s) => inWindow(s, w));
      const want = groupBy(list, (s) => s.locationId ?? null);
      expect(res.body.result.rows).toHaveLength(want.size);
      for (const [loc, group] of want) {
        const row = res.body.result.rows.find((r: { idLocation: number }) => r.idLocation === loc);
        expect(figuresOf(row)).toEqual(expected(group));
      }
      expect(res.body.result.total).toEqual(expected(list));
    }
    const one = await get('/reports/mainOrderLocation', { idLocation: ids.barA });
    expect(one.body.result.rows).toEqual([
      {
        idLocation: ids.barA,
        name: 'Sales Bar A',
        ...expected(sales.filter((s) => s.locationId === ids.barA)),
      },
    ]);
  });

  it('by article: units, gifts and amount per article, filtered by staff', async () => {
    const res = await get('/reports/main-order-article', { idStaff: ids.mia });
    const mine = sales.filter((s) => s.staffId === ids.mia);
    for (const art of [ids.beer, ids.burger]) {
      const row = res.body.result.rows.find((r: { idArticle: number }) => r.idArticle === art);
      expect(lineFigures(row)).toEqual(lineFigures(expected(mine, (l) => l.idArticle === art)));
    }
    expect(res.body.result.rows.map((r: { name: string }) => r.name).sort()).toEqual(['Beer', 'Burger']);
    expect(res.body.result.total).toEqual(lineFigures(expected(mine)));
    // The water given away in the first sale came back with it: net zero gifts of water.
    const all = await get('/reports/main-order-article', { idArticle: ids.water });
    expect(all.body.result.rows).toHaveLength(1);
    expect(lineFigures(all.body.result.rows[0])).toEqual(
      lineFigures(expected(sales, (l) => l.idArticle === ids.water)),
    );
    expect(all.body.result.rows[0].gifts).toBe(0);
  });
});

describe('a window that does not start or end on the hour', () => {
  it('answers the same as the sales posted in it (rollup hours plus raw edges)', async () => {
    const w = { start: '2026-07-10T20:03:00.000Z', end: '2026-07-11T22:10:00.000Z' };
    const list = sales.filter((s) => inWindow(s, w));
    const params = { dateStart: w.start, dateEnd: w.end };
    const loc = (await get('/reports/mainOrderLocation', params)).body.result;
    expect(loc.total).toEqual(expected(list));
    for (const [id, group] of groupBy(list, (s) => s.locationId ?? null)) {
      const row = loc.rows.find((r: { idLocation: number | null }) => r.idLocation === id);
      expect(figuresOf(row)).toEqual(expected(group));
    }
    const staffRows = (await get('/reports/main-order-staff', params)).body.result;
    expect(staffRows.total).toEqual(expected(list));
    const art = (await get('/reports/main-order-article', params)).body.result;
    expect(art.total).toEqual(lineFigures(expected(list)));
    const overview = (await get('/reports/sales/overview', params)).body.result;
    expect(overview.total).toEqual(expected(list));
    const amounts = (await get('/reports/staffAmounts', params)).body.result;
    expect(amounts.total.total).toBe(expected(list).amount);
  });
});

describe('staff amounts (GET /reports/staffAmounts)', () => {
  it('what each staff member took per payment type, net of devolutions', async () => {
    const res = await get('/reports/staffAmounts', { dateStart: DAY1.start, dateEnd: DAY1.end });
    expect(res.status).toBe(200);
    const list = sales.filter((s) => inWindow(s, DAY1));
    const want = groupBy(list, (s) => s.staffId ?? null);
    for (const [staffId, group] of want) {
      const row = res.body.result.rows.find((r: { idStaff: number | null }) => r.idStaff === staffId);
      const pay = { S: 0, B: 0, T: 0, O: 0 };
      for (const s of group) for (const p of s.payments) pay[p.type] += (s.isDevolution ? -1 : 1) * p.amount;
      expect(row, `staff ${staffId}`).toMatchObject({ ...pay, total: pay.S + pay.B + pay.T + pay.O });
    }
    // Ana's only day-one sale came back: she took nothing.
    expect(res.body.result.rows.find((r: { idStaff: number }) => r.idStaff === ids.ana)).toMatchObject({
      S: 0,
      total: 0,
      orders: 1,
      devolutions: 1,
    });
    const { total } = res.body.result;
    expect(total.total).toBe(expected(list).amount);
    expect(total.S + total.B + total.T + total.O).toBe(total.total);
  });
});

describe('the sales overview (GET /reports/sales/overview)', () => {
  it('totals, how they were paid and the figures by hour agree', async () => {
    const res = await get('/reports/sales/overview', { idLocation: ids.court });
    expect(res.status).toBe(200);
    const list = sales.filter((s) => s.locationId === ids.court);
    const { total, payments, byHour } = res.body.result;
    expect(total).toEqual(expected(list));
    const pay = { S: 0, B: 0, T: 0, O: 0 };
    for (const s of list) for (const p of s.payments) pay[p.type] += (s.isDevolution ? -1 : 1) * p.amount;
    expect(payments).toEqual(pay);
    const hours = new Map<string, number>();
    for (const s of list) {
      const h = new Date(s.deviceTime);
      h.setUTCMinutes(0, 0, 0);
      hours.set(
        h.toISOString(),
        (hours.get(h.toISOString()) ?? 0) +
          (s.isDevolution ? -1 : 1) * expected([{ ...s, isDevolution: false }]).amount,
      );
    }
    expect(byHour.map((h: { hour: string; amount: number }) => [h.hour, h.amount])).toEqual(
      [...hours].sort((a, b) => a[0].localeCompare(b[0])),
    );
  });
});

describe('who may call which tab', () => {
  const calls: [string, PermissionName][] = [
    ['/reports/sales/overview', 'infoventas'],
    ['/reports/main-order-staff', 'reportsStaff'],
    ['/reports/mainOrderLocation', 'reportsLocation'],
    ['/reports/main-order-article', 'reportsArticle'],
    ['/reports/staffAmounts', 'workday'],
    ['/reports/sales/metre', 'metreSalesReport'],
  ];
  it('each call needs its tab’s permission: the others are refused', async () => {
    for (const [path, perm] of calls) {
      const email = `sales-${perm}@demo.test`;
      await t.userWithPermissions(email, eventId, [PERMISSIONS[perm]]);
      const s = await t.session(email);
      for (const [other, otherPerm] of calls) {
        const res = await get(other, {}, s);
        expect(res.status, `${perm} calling ${other}`).toBe(otherPerm === perm ? 200 : 403);
      }
      const errorsList = await get('/order-errors', {}, s);
      expect(errorsList.status, `${perm} calling /order-errors`).toBe(
        perm === 'infoventas' || perm === 'metreSalesReport' ? 200 : 403,
      );
      expect(path).toBeTruthy();
    }
  });
});

describe('bad filters', () => {
  it('answer 400 with the field, never 500', async () => {
    for (const [path, params, field] of [
      ['/reports/main-order-staff', { isIntern: 2 }, 'isIntern'],
      ['/reports/mainOrderLocation', { idLocation: 'abc' }, 'idLocation'],
      ['/reports/main-order-article', { dateStart: 'yesterday' }, 'dateStart'],
      ['/reports/staffAmounts', { dateStart: DAY2.start, dateEnd: DAY1.start }, 'dateEnd'],
      ['/reports/sales/metre', { idKitchen: -1 }, 'idKitchen'],
      ['/reports/sales/overview', { idStaff: 1.5 }, 'idStaff'],
      ['/order-errors', { idRoom: 'x' }, 'idRoom'],
    ] as const) {
      const res = await get(path, params);
      expect(res.status, path).toBe(400);
      expect(
        res.body.fields.map((f: { path: string }) => f.path),
        path,
      ).toContain(`querystring.${field}`);
    }
  });
});
