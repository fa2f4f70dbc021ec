import { PERMISSIONS, type PermissionName } from '@pulsera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { onlineTopUps } from '../../../core/db/schema';
import {
  type MoneyFestival,
  moneyFestival,
  type Sent,
  type TopUpOp,
  topUpsOf,
} from '../money-festival.fixture';
import { byKey, expectedOverview, isDebit, type Keyed, plain, qs, sum, TOP_UP_CODES } from './topups.fixture';

/**
 * The top-ups report's tabs (overview, cashboxes, by location, online top-ups) and their
 * permissions, on the money reports' small festival (money-festival.fixture.ts): every expected
 * figure is computed from the operations sent.
 */

let t: TestApp;
let f: MoneyFestival;
beforeAll(async () => {
  t = await createTestApp();
  f = await moneyFestival(t);
});
afterAll(() => t.close());

const get = async (url: string, s = f.session) => {
  const res = await t.call('GET', url, s);
  expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.result;
};

describe('GET /reports/mainRecharges (top-ups overview)', () => {
  it('sums top-ups by operation type and payment type, with totals and directions', async () => {
    const r = await get('/api/reports/mainRecharges');
    const ops = topUpsOf(f.ops);
    const expected = expectedOverview(ops);
    expect(plain(r.rows)).toEqual(byKey(expected as any));
    // Wristband replacements move no money: left out.
    expect(r.rows.some((row: { type: string }) => row.type.startsWith('N-R'))).toBe(false);
    expect(
      r.rows.find((row: { type: string }) => row.type === 'N' && (row as Keyed).paymentType === 'S').group,
    ).toBe('topUp');
    expect(r.totals).toEqual({
      count: ops.length,
      amount: sum(ops, (o) => o.amount),
      bonus: sum(ops, (o) => o.bonus),
      fee: sum(ops, (o) => o.fee),
      money: sum(ops, (o) => o.money),
      creditedCash: sum(ops, (o) => Math.max(o.amount, 0)),
      creditedGift: sum(ops, (o) => Math.max(o.bonus, 0)),
      debitedCash: sum(ops, (o) => Math.max(-o.amount, 0)),
      debitedGift: sum(ops, (o) => Math.max(-o.bonus, 0)),
      moneyIn: sum(ops, (o) => (isDebit(o.type) ? 0 : o.money)),
      moneyOut: sum(ops, (o) => (isDebit(o.type) ? o.money : 0)),
    });
    // The breakdown by payment type adds up to the totals.
    for (const k of ['count', 'amount', 'bonus', 'fee', 'money'] as const)
      expect(
        sum(r.byPaymentType, (p: Record<string, number>) => p[k]),
        k,
      ).toBe(r.totals[k]);
    expect(r.byPaymentType.map((p: { paymentType: string | null }) => p.paymentType)).toEqual([
      'S',
      'T',
      'O',
      null,
    ]);
  });

  it('narrows to a date window, a location, a staff member and a device', async () => {
    const ops = topUpsOf(f.ops);
    const from = f.times.a(-1);
    const to = f.times.a(12);
    const inWindow = (o: Sent) => o.deviceTime >= from && o.deviceTime < to;
    const cases: [Record<string, string | number>, (o: TopUpOp & { deviceId: number }) => boolean][] = [
      [{ dateStart: from, dateEnd: to }, inWindow],
      [
        { dateStart: from, dateEnd: to, idLocation: f.locations.north },
        (o) => inWindow(o) && o.locationId === f.locations.north,
      ],
      [{ idStaff: f.staff.bruno }, (o) => o.staffId === f.staff.bruno],
      [{ idDevice: f.devices.k2 }, (o) => o.deviceId === f.devices.k2],
    ];
    for (const [q, keep] of cases) {
      const r = await get(`/api/reports/mainRecharges${qs(q)}`);
      const expected = expectedOverview(ops.filter(keep));
      expect(expected.length, JSON.stringify(q)).toBeGreaterThan(0);
      expect(plain(r.rows), JSON.stringify(q)).toEqual(byKey(expected as any));
      expect(r.totals.amount).toBe(sum(r.rows, (x: { amount: number }) => x.amount));
    }
  });

  it('refuses a bad filter with field messages', async () => {
    for (const q of ['dateStart=yesterday', 'idLocation=-3', 'idStaff=abc']) {
      const res = await t.call('GET', `/api/reports/mainRecharges?${q}`, f.session);
      expect(res.status, q).toBe(400);
      expect(res.body.fields.length, q).toBeGreaterThan(0);
    }
    const reversed = await t.call(
      'GET',
      `/api/reports/mainRecharges${qs({ dateStart: f.times.b(0), dateEnd: f.times.a(0) })}`,
      f.session,
    );
    expect(reversed.status).toBe(400);
    expect(reversed.body.fields[0]).toMatchObject({
      path: 'querystring.dateEnd',
      message: 'validation.errorDates',
    });
  });
});

describe('GET /reports/cashboxes (cash-up per staff member and device)', () => {
  it('shows what each cashbox took and paid out by payment type', async () => {
    const r = await get('/api/reports/cashboxes');
    const moving = topUpsOf(f.ops).filter((o) => o.money !== 0 || o.fee !== 0);
    const boxes = new Map<string, Record<string, number | null>>();
    for (const o of moving) {
      const key = `${o.staffId}|${o.deviceId}`;
      const b = boxes.get(key) ?? {
        idStaff: o.staffId ?? null,
        idDevice: o.deviceId,
        count: 0,
        cashIn: 0,
        cashOut: 0,
        cardIn: 0,
        cardOut: 0,
        otherIn: 0,
        otherOut: 0,
        fee: 0,
      };
      const kind = o.paymentType === 'S' ? 'cash' : o.paymentType === 'T' ? 'card' : 'other';
      const dir = isDebit(o.type) ? 'Out' : 'In';
      (b[`${kind}${dir}`] as number) += o.money;
      (b.count as number) += 1;
      (b.fee as number) += o.fee;
      boxes.set(key, b);
    }
    const got = r.rows.map(({ staffName: _s, deviceName: _d, first: _f, last: _l, ...row }: any) => row);
    const order = (x: Record<string, number | null>) => `${x.idStaff}|${x.idDevice}`;
    expect([...got].sort((a, b) => order(a).localeCompare(order(b)))).toEqual(
      [...boxes.values()].sort((a, b) => order(a).localeCompare(order(b))),
    );
    // Carla at the north kiosk: 51.00 cash in, 34.00 cash paid back (a refund), fees 1.00 + 0.50.
    const north = r.rows.find((x: any) => x.idStaff === f.staff.carla && x.idDevice === f.devices.k1);
    expect(north).toMatchObject({
      staffName: 'Carla Cashier',
      deviceName: 'RPT-KIOSK-1 · North kiosk',
      cashIn: 5100,
      cashOut: 3400,
      fee: 150,
    });
    expect(north.first < north.last).toBe(true);
  });
});

describe('GET /reports/mainRechargesLocation (top-ups by location)', () => {
  it('sums the top-ups of each location, split by payment type', async () => {
    const check = async (q: Record<string, string | number>, keep: (o: TopUpOp) => boolean) => {
      const r = await get(`/api/reports/mainRechargesLocation${Object.keys(q).length ? qs(q) : ''}`);
      const ops = topUpsOf(f.ops).filter((o) => TOP_UP_CODES.includes(o.type) && keep(o));
      const locs = [...new Set(ops.map((o) => o.locationId))];
      expect(r.rows.map((x: { idLocation: number }) => x.idLocation).sort()).toEqual(locs.sort());
      for (const row of r.rows) {
        const mine = ops.filter((o) => o.locationId === row.idLocation);
        const pay = (p: (o: TopUpOp) => boolean) => sum(mine.filter(p), (o) => o.amount);
        expect(row).toMatchObject({
          count: mine.length,
          amount: sum(mine, (o) => o.amount),
          bonus: sum(mine, (o) => o.bonus),
          fee: sum(mine, (o) => o.fee),
          money: sum(mine, (o) => o.money),
          cash: pay((o) => o.paymentType === 'S'),
          card: pay((o) => o.paymentType === 'T'),
          other: pay((o) => o.paymentType !== 'S' && o.paymentType !== 'T'),
        });
        expect(row.cash + row.card + row.other).toBe(row.amount);
      }
      return r.rows;
    };
    const all = await check({}, () => true);
    expect(all.map((x: { locationName: string }) => x.locationName)).toEqual(['Kiosk North', 'Kiosk South']);
    await check({ idLocation: f.locations.south }, (o) => o.locationId === f.locations.south);
    await check({ idStaff: f.staff.carla, dateStart: f.times.b(0), dateEnd: f.times.b(12) }, (o) => {
      return o.staffId === f.staff.carla && o.deviceTime >= f.times.b(0) && o.deviceTime < f.times.b(12);
    });
  });
});

describe('GET /reports/online-top-ups (grouped by hour or day in the event time zone)', () => {
  // Europe/Madrid is UTC+2 in July: 21:30Z is 23:30 on the 10th there, 22:10Z and 22:50Z are past
  // midnight (the 11th, hour 00), 09:00Z is 11:00 on the 11th.
  beforeAll(async () => {
    const row = (at: string, payed: number, amount: number, bonus = 0, loaded = false) => ({
      eventId: f.eventId,
      payed,
      valid: payed === 2 ? 0 : 1,
      dateRechargeOnline: new Date(at),
      dateRechargeRfid: loaded ? new Date(Date.parse(at) + 3_600_000) : null,
      amountTotal: amount + 100,
      amountRecharge: amount,
      amountBonus: bonus,
      idRecharge: `WEB-${at}`,
    });
    await t.database.db
      .insert(onlineTopUps)
      .values([
        row('2026-07-10T21:30:00Z', 1, 2000, 0, true),
        row('2026-07-10T22:10:00Z', 1, 5000, 250, true),
        row('2026-07-10T22:50:00Z', 1, 1000),
        row('2026-07-10T22:55:00Z', -1, 3000),
        row('2026-07-10T23:05:00Z', 0, 9900),
        row('2026-07-11T09:00:00Z', 1, 3000, 0, true),
        row('2026-07-11T09:20:00Z', 2, 7700),
      ]);
  });
  const window = 'dateFrom=2026-07-10T00:00:00Z&dateTo=2026-07-12T00:00:00Z';

  it('groups by day: the unit is the local midnight, as a UTC instant', async () => {
    const r = await get(`/api/reports/online-top-ups?${window}&groupBy=day`);
    expect(r.timezone).toBe('Europe/Madrid');
    expect(r.reportsTimeRange).toEqual([
      {
        timeUnitUtc: '2026-07-09T22:00:00.000Z',
        count: 1,
        amountTotal: 2100,
        amountRecharge: 2000,
        amountBonus: 0,
        loaded: 1,
        refunded: 0,
        refundedAmount: 0,
      },
      {
        timeUnitUtc: '2026-07-10T22:00:00.000Z',
        count: 3,
        amountTotal: 9300,
        amountRecharge: 9000,
        amountBonus: 250,
        loaded: 2,
        refunded: 1,
        refundedAmount: 3100,
      },
    ]);
    expect(r.total).toBe(2);
    expect(r.totals).toEqual({
      count: 4,
      amountTotal: 11400,
      amountRecharge: 11000,
      amountBonus: 250,
      loaded: 3,
      refunded: 1,
      refundedAmount: 3100,
    });
  });

  it('groups by hour and pages through the units', async () => {
    const all = await get(`/api/reports/online-top-ups?${window}&groupBy=hour`);
    expect(
      all.reportsTimeRange.map((u: { timeUnitUtc: string; count: number }) => [u.timeUnitUtc, u.count]),
    ).toEqual([
      ['2026-07-10T21:00:00.000Z', 1],
      ['2026-07-10T22:00:00.000Z', 2],
      ['2026-07-11T09:00:00.000Z', 1],
    ]);
    expect(all.total).toBe(3);
    const page2 = await get(`/api/reports/online-top-ups?${window}&groupBy=hour&paginationLimit=2&page=2`);
    expect(page2.reportsTimeRange.map((u: { timeUnitUtc: string }) => u.timeUnitUtc)).toEqual([
      '2026-07-11T09:00:00.000Z',
    ]);
    expect(page2.total).toBe(3);
    expect(page2.totals.count).toBe(4);
    const whole = await get(
      `/api/reports/online-top-ups?${window}&groupBy=hour&paginationLimit=1&disablePagination=1`,
    );
    expect(whole.reportsTimeRange).toHaveLength(3);
    const narrowed = await get('/api/reports/online-top-ups?dateFrom=2026-07-11T00:00:00Z&groupBy=day');
    expect(narrowed.totals.count).toBe(1);
  });

  it('refuses an unknown grouping or reversed dates', async () => {
    const bad = await t.call('GET', `/api/reports/online-top-ups?groupBy=week`, f.session);
    expect(bad.status).toBe(400);
    expect(bad.body.fields[0]).toMatchObject({ path: 'querystring.groupBy', message: 'validation.invalid' });
    const reversed = await t.call(
      'GET',
      '/api/reports/online-top-ups?dateFrom=2026-07-12T00:00:00Z&dateTo=2026-07-10T00:00:00Z',
      f.session,
    );
    expect(reversed.status).toBe(400);
    const page = await t.call('GET', '/api/reports/online-top-ups?page=0', f.session);
    expect(page.status).toBe(400);
  });
});

describe('the recharge tabs and their permissions', () => {
  const TABS: [PermissionName, string][] = [
    ['reportsRecharges', '/api/reports/mainRecharges'],
    ['cajas', '/api/reports/cashboxes'],
    ['reportsTopUpsLocation', '/api/reports/mainRechargesLocation'],
    ['onlineTopUpsReport', '/api/reports/online-top-ups'],
  ];
  it('answers each tab only to a user holding its permission', async () => {
    for (const [perm, url] of TABS) {
      const email = `tab-${perm.toLowerCase()}@demo.test`;
      await t.userWithPermissions(email, f.eventId, [PERMISSIONS[perm]]);
      const s = await t.session(email);
      for (const [, other] of TABS) {
        const res = await t.call('GET', other, s);
        expect(res.status, `${perm} → ${other}`).toBe(other === url ? 200 : 403);
      }
    }
  });
});
