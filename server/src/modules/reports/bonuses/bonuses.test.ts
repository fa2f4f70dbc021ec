import { PERMISSIONS } from '@pulsera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { type MoneyFestival, moneyFestival, topUpsOf } from '../money-festival.fixture';

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
const sum = <T>(rows: T[], fn: (r: T) => number) => rows.reduce((s, r) => s + fn(r), 0);
/** Codes that give a bonus by themselves: top-ups (bonus rules), tickets and roles, add-ons. */
const AUTOMATIC = [
  'N',
  'N-WA',
  'O',
  'O-WA',
  'T',
  'T-WA',
  'R-E',
  'RV',
  'RV-WA',
  'RS',
  'RS-WA',
  'AM',
  'AV',
  'AM-WA',
  'AV-WA',
  'AS',
  'AS-WA',
  'AS-C',
  'AS-CC',
];
const MANUAL = ['M', 'M-E', 'M-WA', 'MC'];

describe('GET /reports/mainRechargesBonus (automatic bonuses)', () => {
  it('sums the bonus part of the operations by the code that gave it, and by staff member', async () => {
    const r = await get('/api/reports/mainRechargesBonus');
    const ops = topUpsOf(f.ops).filter((o) => AUTOMATIC.includes(o.type) && o.bonus !== 0);
    expect(ops.length).toBe(5);
    const key = (x: { type: string; paymentType?: string | null }) => `${x.type}|${x.paymentType ?? ''}`;
    const expected = [...new Set(ops.map(key))].sort().map((k) => {
      const mine = ops.filter((o) => key(o) === k);
      return {
        type: mine[0]!.type,
        paymentType: mine[0]!.paymentType ?? null,
        count: mine.length,
        amount: sum(mine, (o) => o.amount),
        bonus: sum(mine, (o) => o.bonus),
      };
    });
    expect(
      [...r.rows].sort((a, b) => key(a).localeCompare(key(b))).map(({ group: _g, ...row }: any) => row),
    ).toEqual(expected);
    expect(r.totals).toEqual({
      count: ops.length,
      amount: sum(ops, (o) => o.amount),
      bonus: sum(ops, (o) => o.bonus),
    });
    expect(r.byStaff).toEqual([
      {
        idStaff: f.staff.carla,
        staffName: 'Carla Cashier',
        count: 3,
        amount: 10000 + 5000 - 1000,
        bonus: 250 + 500 + 200,
      },
      { idStaff: f.staff.sara, staffName: 'Sara Supervisor', count: 2, amount: 0, bonus: 1500 + 700 },
    ]);
    expect(sum(r.byStaff, (s: { bonus: number }) => s.bonus)).toBe(r.totals.bonus);
  });

  it('narrows to a staff member and a date window', async () => {
    const r = await get(`/api/reports/mainRechargesBonus?idStaff=${f.staff.sara}`);
    expect(r.rows.map((x: { type: string }) => x.type).sort()).toEqual(['AV', 'RV']);
    const day = await get(
      `/api/reports/mainRechargesBonus?dateStart=${f.times.b(0)}&dateEnd=${f.times.b(12)}`,
    );
    expect(day.totals).toEqual({ count: 3, amount: 10000 - 1000, bonus: 500 + 700 + 200 });
  });
});

describe('GET /reports/manualBonuses (the manual tab)', () => {
  it('lists the manual bonus operations by staff member, supervisor and code', async () => {
    const r = await get('/api/reports/manualBonuses');
    const ops = topUpsOf(f.ops).filter((o) => MANUAL.includes(o.type));
    const common = {
      idStaff: f.staff.bruno,
      staffName: 'Bruno Bonus',
      idSupervisor: f.staff.sara,
      supervisorName: 'Sara Supervisor',
      count: 1,
    };
    expect(r.rows).toEqual([
      { ...common, type: 'M', amount: 0, bonus: 500, articles: 0 },
      { ...common, type: 'M-E', amount: 1000, bonus: 0, articles: 0 },
      { ...common, type: 'M-WA', amount: 0, bonus: 300, articles: 2 },
      { ...common, type: 'MC', amount: 0, bonus: -200, articles: 0 },
    ]);
    expect(r.totals).toEqual({
      count: ops.length,
      amount: sum(ops, (o) => o.amount),
      bonus: sum(ops, (o) => o.bonus),
      articles: 2,
    });
    const none = await get(`/api/reports/manualBonuses?idStaff=${f.staff.carla}`);
    expect(none).toEqual({ rows: [], totals: { count: 0, amount: 0, bonus: 0, articles: 0 } });
  });

  it('with the automatic tab, accounts for every bonus of the overview', async () => {
    const [auto, manual, overview] = await Promise.all([
      get('/api/reports/mainRechargesBonus'),
      get('/api/reports/manualBonuses'),
      get('/api/reports/mainRecharges'),
    ]);
    expect(auto.totals.bonus + manual.totals.bonus).toBe(overview.totals.bonus);
  });

  it('refuses a bad filter', async () => {
    for (const url of [
      '/api/reports/manualBonuses?idStaff=0',
      '/api/reports/mainRechargesBonus?dateEnd=tomorrow',
    ]) {
      const res = await t.call('GET', url, f.session);
      expect(res.status, url).toBe(400);
    }
  });
});

describe('the bonuses tabs and their permissions', () => {
  it('answers the automatic bonuses only with reportsManualBonuses and reportsBonus, the manual tab with reportsManualBonuses', async () => {
    const cases = [
      [['reportsBonus'], 403, 403],
      [['reportsManualBonuses'], 403, 200],
      [['reportsManualBonuses', 'reportsBonus'], 200, 200],
    ] as const;
    for (const [perms, automatic, manual] of cases) {
      const email = `bonus-${perms.join('-').toLowerCase()}@demo.test`;
      await t.userWithPermissions(
        email,
        f.eventId,
        perms.map((p) => PERMISSIONS[p]),
      );
      const s = await t.session(email);
      const label = perms.join('+');
      expect((await t.call('GET', '/api/reports/mainRechargesBonus', s)).status, label).toBe(automatic);
      expect((await t.call('GET', '/api/reports/manualBonuses', s)).status, label).toBe(manual);
    }
  });
});
