import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { type MoneyFestival, moneyFestival, type TopUpOp, topUpsOf, W } from '../money-festival.fixture';
import { compactRollups } from '../rollups/rollups';
import { byKey, expectedOverview, isDebit, plain, qs, sum, TOP_UP_CODES } from './topups.fixture';

/**
 * The top-up, cashbox and bonus calls over the hourly rollup, on the money reports' small festival
 * (money-festival.fixture.ts): windows that cut hours, and once past hours are compacted, answer
 * exactly what the operations sent add up to.
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

describe('the top-up, cashbox and bonus calls over the hourly rollup', () => {
  type TopUp = TopUpOp & { deviceId: number };
  const REPLACEMENT = ['N-RS', 'N-RE'];
  /** Codes that give a bonus by themselves: top-ups (bonus rules), tickets and roles, add-ons. */
  const AUTOMATIC = [
    ...TOP_UP_CODES,
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
  const group = <K extends string>(ops: TopUp[], key: (o: TopUp) => K) => {
    const m = new Map<K, TopUp[]>();
    for (const o of ops) m.set(key(o), [...(m.get(key(o)) ?? []), o]);
    return m;
  };
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

  /** What each call must answer for the operations kept, computed from the operations sent. */
  function expected(ops: TopUp[]) {
    const money = ops.filter((o) => !REPLACEMENT.includes(o.type));
    const moving = money.filter((o) => o.money !== 0 || o.fee !== 0);
    const cashboxes = [...group(moving, (o) => `${o.staffId}|${o.deviceId}`).values()]
      .map((mine) => {
        const kind = (o: TopUp) =>
          o.paymentType === 'S' ? 'cash' : o.paymentType === 'T' ? 'card' : 'other';
        const by = (k: string, out: boolean) =>
          sum(
            mine.filter((o) => kind(o) === k && isDebit(o.type) === out),
            (o) => o.money,
          );
        const times = mine.map((o) => new Date(o.deviceTime).toISOString()).sort();
        return {
          idStaff: mine[0]!.staffId ?? null,
          idDevice: mine[0]!.deviceId,
          count: mine.length,
          cashIn: by('cash', false),
          cashOut: by('cash', true),
          cardIn: by('card', false),
          cardOut: by('card', true),
          otherIn: by('other', false),
          otherOut: by('other', true),
          fee: sum(mine, (o) => o.fee),
          first: times[0],
          last: times[times.length - 1],
        };
      })
      .sort((a, b) => cmp(`${a.idStaff}|${a.idDevice}`, `${b.idStaff}|${b.idDevice}`));
    const locations = [
      ...group(
        money.filter((o) => TOP_UP_CODES.includes(o.type)),
        (o) => `${o.locationId}`,
      ).values(),
    ]
      .map((mine) => ({
        idLocation: mine[0]!.locationId ?? null,
        count: mine.length,
        amount: sum(mine, (o) => o.amount),
        cash: sum(
          mine.filter((o) => o.paymentType === 'S'),
          (o) => o.amount,
        ),
      }))
      .sort((a, b) => (a.idLocation ?? 0) - (b.idLocation ?? 0));
    const bonus = ops.filter((o) => AUTOMATIC.includes(o.type) && o.bonus !== 0);
    const automatic = [...group(bonus, (o) => `${o.type}|${o.paymentType ?? ''}`).entries()]
      .sort(([a], [b]) => cmp(a, b))
      .map(([, mine]) => ({
        type: mine[0]!.type,
        paymentType: mine[0]!.paymentType ?? null,
        count: mine.length,
        amount: sum(mine, (o) => o.amount),
        bonus: sum(mine, (o) => o.bonus),
      }));
    const manual = [
      ...group(
        ops.filter((o) => MANUAL.includes(o.type)),
        (o) => `${o.staffId}|${o.supervisorId}|${o.type}`,
      ).entries(),
    ]
      .sort(([a], [b]) => cmp(a, b))
      .map(([, mine]) => ({
        idStaff: mine[0]!.staffId ?? null,
        idSupervisor: mine[0]!.supervisorId ?? null,
        type: mine[0]!.type,
        count: mine.length,
        amount: sum(mine, (o) => o.amount),
        bonus: sum(mine, (o) => o.bonus),
        articles: sum(mine, (o) => sum(o.articles ?? [], (a) => a.quantity)),
      }));
    return {
      overview: byKey(expectedOverview(money) as any),
      directions: {
        creditedCash: sum(money, (o) => Math.max(o.amount, 0)),
        creditedGift: sum(money, (o) => Math.max(o.bonus, 0)),
        debitedCash: sum(money, (o) => Math.max(-o.amount, 0)),
        debitedGift: sum(money, (o) => Math.max(-o.bonus, 0)),
        moneyIn: sum(money, (o) => (isDebit(o.type) ? 0 : o.money)),
        moneyOut: sum(money, (o) => (isDebit(o.type) ? o.money : 0)),
      },
      cashboxes,
      locations,
      automatic,
      manual,
    };
  }

  /** What the five calls answer, in the order `expected` gives. */
  async function answered(q: Record<string, string | number>) {
    const s = Object.keys(q).length ? qs(q) : '';
    const [overview, cashboxes, locations, automatic, manual] = await Promise.all([
      get(`/api/reports/mainRecharges${s}`),
      get(`/api/reports/cashboxes${s}`),
      get(`/api/reports/mainRechargesLocation${s}`),
      get(`/api/reports/mainRechargesBonus${s}`),
      get(`/api/reports/manualBonuses${s}`),
    ]);
    const { creditedCash, creditedGift, debitedCash, debitedGift, moneyIn, moneyOut } = overview.totals;
    return {
      overview: plain(overview.rows),
      directions: { creditedCash, creditedGift, debitedCash, debitedGift, moneyIn, moneyOut },
      cashboxes: cashboxes.rows
        .map(({ staffName: _s, deviceName: _d, ...row }: any) => row)
        .sort((a: any, b: any) => cmp(`${a.idStaff}|${a.idDevice}`, `${b.idStaff}|${b.idDevice}`)),
      locations: locations.rows
        .map((r: any) => ({ idLocation: r.idLocation, count: r.count, amount: r.amount, cash: r.cash }))
        .sort((a: any, b: any) => (a.idLocation ?? 0) - (b.idLocation ?? 0)),
      automatic: [...automatic.rows]
        .map(({ group: _g, ...row }: any) => row)
        .sort((a: any, b: any) =>
          cmp(`${a.type}|${a.paymentType ?? ''}`, `${b.type}|${b.paymentType ?? ''}`),
        ),
      manual: manual.rows
        .map(({ staffName: _s, supervisorName: _v, ...row }: any) => row)
        .sort((a: any, b: any) =>
          cmp(`${a.idStaff}|${a.idSupervisor}|${a.type}`, `${b.idStaff}|${b.idSupervisor}|${b.type}`),
        ),
    };
  }

  /** Windows that cut hours (rollup hours plus raw edges), within one hour, and the whole event, with filters. */
  const cases = (): [Record<string, string | number>, (o: TopUp) => boolean][] => {
    const within = (from: string, to: string) => (o: TopUp) =>
      new Date(o.deviceTime).getTime() >= Date.parse(from) &&
      new Date(o.deviceTime).getTime() < Date.parse(to);
    const cut = { dateStart: f.times.a(0.7), dateEnd: f.times.b(2.45) };
    const hour = { dateStart: f.times.a(11.05), dateEnd: f.times.a(11.5) };
    const hourStart = Math.floor(Date.parse(f.times.a(6)) / 3_600_000) * 3_600_000;
    const late = { dateStart: new Date(hourStart + 25 * 60_000).toISOString(), dateEnd: f.times.b(12) };
    const whole = {
      dateStart: new Date(hourStart).toISOString(),
      dateEnd: new Date(hourStart + 3_600_000).toISOString(),
    };
    return [
      [{}, () => true],
      [cut, within(cut.dateStart, cut.dateEnd)],
      [hour, within(hour.dateStart, hour.dateEnd)],
      [late, within(late.dateStart, late.dateEnd)],
      [whole, within(whole.dateStart, whole.dateEnd)],
      [
        { ...cut, idDevice: f.devices.k1 },
        (o) => within(cut.dateStart, cut.dateEnd)(o) && o.deviceId === f.devices.k1,
      ],
      [
        { ...cut, idStaff: f.staff.bruno },
        (o) => within(cut.dateStart, cut.dateEnd)(o) && o.staffId === f.staff.bruno,
      ],
      [
        { ...cut, idLocation: f.locations.south },
        (o) => within(cut.dateStart, cut.dateEnd)(o) && o.locationId === f.locations.south,
      ],
    ];
  };

  it('answers exactly what the operations add up to, for windows that cut hours and once past hours are compacted', async () => {
    // Two batches of one cashbox within one hour (two delta rows of one key, merged by the
    // compaction), with and without bonus, so an edge of the window mixes them.
    const hourStart = Math.floor(Date.parse(f.times.a(6)) / 3_600_000) * 3_600_000;
    const at = (min: number) => new Date(hourStart + min * 60_000).toISOString();
    const n = (min: number, amount: number, bonus: number) =>
      f.top(W(8), 'N', at(min), {
        paymentType: 'S',
        amount,
        bonus,
        money: amount,
        staffId: f.staff.carla,
        locationId: f.locations.north,
      });
    await f.send('k1', [
      n(20, 2000, 0),
      n(30, 5000, 250),
      n(40, 700, 0),
      f.top(W(8), 'M-WA', at(35), {
        amount: 0,
        bonus: 100,
        articles: [{ idArticle: 1, quantity: 3 }],
        staffId: f.staff.bruno,
        supervisorId: f.staff.sara,
        locationId: f.locations.north,
      }),
    ]);
    await f.send('k1', [n(10, 1000, 0), n(50, 3000, 100)]);
    const ops = topUpsOf(f.ops);
    for (const compacted of [false, true]) {
      if (compacted)
        expect(
          await compactRollups(t.database.db, new Date(Date.now() + 400 * 24 * 3_600_000), f.eventId),
        ).toBeGreaterThanOrEqual(0);
      for (const [q, keep] of cases()) {
        const label = `${JSON.stringify(q)}${compacted ? ' compacted' : ''}`;
        const want = expected(ops.filter(keep));
        expect(await answered(q), label).toEqual(want);
      }
    }
    // The cases are not empty: the cut window has cashboxes, manual and automatic bonuses.
    const cut = expected(ops.filter(cases()[1]![1]));
    expect(cut.cashboxes.length && cut.manual.length && cut.automatic.length).toBeGreaterThan(0);
  });
});
