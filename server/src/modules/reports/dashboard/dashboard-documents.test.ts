import { PERMISSIONS } from '@pulsera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import {
  atOf,
  charged,
  dashboardFestival,
  HOUR,
  ids,
  ONLINE,
  ok,
  type Pay,
  type Session,
  salesIn,
  sign,
  sum,
  topUpsIn,
  type Window,
} from './dashboard.fixture';

/**
 * The documents (sales-vat, payments, locations, staff-cash-up, tickets) over the quick dashboard's
 * small festival (dashboard.fixture.ts). Every expected figure is worked out here from the operations
 * themselves, never by asking the database the same question.
 */

let t: TestApp;
let admin: Session;
let eventId: number;
let start: number;
let vatRate: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, eventId, start, vatRate } = await dashboardFestival(t));
});
afterAll(() => t.close());

const festivalDay = (h: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(
    new Date(start + h * HOUR - 6 * HOUR),
  );

const doc = async (path: string, s: Session = admin, w: Window = {}) => {
  const q = new URLSearchParams();
  if (w.from !== undefined) q.set('dateStart', atOf(w.from));
  if (w.to !== undefined) q.set('dateEnd', atOf(w.to));
  return t.call('GET', `/api/reports/documents/${path}?${q}`, s);
};

describe('GET /reports/documents/…', () => {
  it('sales-vat: sales per location and festival day with the event VAT', async () => {
    const res = ok(await doc('sales-vat'));
    expect(res.vatRate).toBe(vatRate);
    expect(res.fiscalName).toBe('Sonora Live S.L.');
    const expected = new Map<string, any>();
    for (const s of salesIn({})) {
      const name = s.location === 'bar1' ? 'Bar One' : 'Bar Two';
      const key = `${festivalDay(s.at)}|${name}`;
      const r = expected.get(key) ?? { orders: 0, devolutions: 0, gross: 0, S: 0, B: 0, T: 0, O: 0 };
      if (s.devolution) r.devolutions += 1;
      else r.orders += 1;
      r.gross += sign(s) * charged(s);
      for (const p of s.payments) r[p.type] += sign(s) * p.amount;
      expected.set(key, r);
    }
    const got = new Map<string, any>(
      res.rows.map((r: any) => [
        `${r.day}|${r.location}`,
        { orders: r.orders, devolutions: r.devolutions, gross: r.gross, S: r.S, B: r.B, T: r.T, O: r.O },
      ]),
    );
    expect(got).toEqual(expected);
    for (const r of res.rows) {
      expect(r.net).toBe(Math.round(r.gross / (1 + vatRate / 100)));
      expect(r.vat).toBe(r.gross - r.net);
    }
  });

  it('payments: top-ups, bonuses, refunds, online payments and bank refunds per payment type', async () => {
    const res = ok(await doc('payments'));
    const kindOf = (type: string) =>
      ({ N: 'topUp', O: 'topUp', M: 'bonus', RV: 'bonus', D: 'refund' })[type as 'N'];
    const expected = new Map<string, any>();
    const add = (
      key: string,
      r: { count: number; amount: number; bonus: number; money: number; fee: number },
    ) => {
      const e = expected.get(key) ?? { count: 0, amount: 0, bonus: 0, money: 0, fee: 0 };
      for (const k of Object.keys(e)) e[k] += r[k as 'count'];
      expected.set(key, e);
    };
    for (const o of topUpsIn({}))
      add(`${festivalDay(o.at)}|${kindOf(o.type)}|${o.paymentType ?? ''}`, { count: 1, ...o });
    for (const o of ONLINE.filter((x) => x.payed === 1))
      add(`${festivalDay(o.at)}|onlinePaid|`, {
        count: 1,
        amount: o.recharge,
        bonus: o.bonus,
        money: o.total,
        fee: 0,
      });
    // The festival's bank refund is asked for, not paid out (no run sent): still on its wristband, so
    // no bankRefund line (bank-refunds.ts; a paid one is in the payments test of payouts).
    const got = new Map<string, any>(
      res.rows.map((r: any) => [
        `${r.day}|${r.kind}|${r.paymentType ?? ''}`,
        { count: r.count, amount: r.amount, bonus: r.bonus, money: r.money, fee: r.fee },
      ]),
    );
    expect(got).toEqual(expected);
  });

  it('locations: each bar’s settlement in a window', async () => {
    const w = { from: 2, to: 7.1 };
    const res = ok(await doc('locations', admin, w));
    const expected: Record<string, any> = {};
    for (const s of salesIn(w)) {
      const name = s.location === 'bar1' ? 'Bar One' : 'Bar Two';
      expected[name] ??= { orders: 0, devolutions: 0, quantity: 0, gifts: 0, amount: 0 };
      const r = expected[name];
      if (s.devolution) r.devolutions += 1;
      else r.orders += 1;
      for (const l of s.lines) {
        r.quantity += sign(s) * (l.quantity - (l.gifts ?? 0));
        r.gifts += sign(s) * (l.gifts ?? 0);
      }
      r.amount += sign(s) * charged(s);
    }
    expect(
      Object.fromEntries(
        res.rows.map((r: any) => [
          r.location,
          {
            orders: r.orders,
            devolutions: r.devolutions,
            quantity: r.quantity,
            gifts: r.gifts,
            amount: r.amount,
          },
        ]),
      ),
    ).toEqual(expected);
    for (const r of res.rows) expect(r.S + r.B + r.T + r.O).toBe(r.amount);
  });

  it('staff-cash-up: the till of each staff member', async () => {
    const res = ok(await doc('staff-cash-up'));
    const rows = Object.fromEntries(res.rows.map((r: any) => [r.staff, r]));
    for (const who of ['anna', 'ben'] as const) {
      const tops = topUpsIn({}).filter((o) => o.staff === who);
      const money = (pay: Pay | 'other', out: boolean) =>
        sum(
          tops.filter(
            (o) =>
              (pay === 'other' ? !['S', 'T'].includes(o.paymentType ?? '') : o.paymentType === pay) &&
              (o.type === 'D') === out,
          ),
          (o) => o.money,
        );
      const sales = salesIn({}).filter((s) => s.staff === who);
      const r = rows[who === 'anna' ? 'Anna Kiosk' : 'Ben Bar'];
      expect(r).toMatchObject({
        operations: tops.length,
        cashIn: money('S', false),
        cashOut: money('S', true),
        cardIn: money('T', false),
        cardOut: money('T', true),
        otherIn: money('other', false),
        otherOut: money('other', true),
        fee: sum(tops, (o) => o.fee),
        cashToHandIn: money('S', false) - money('S', true),
        salesOrders: sales.filter((s) => !s.devolution).length,
        salesAmount: sum(sales, (s) => sign(s) * charged(s)),
        intern: 1,
      });
    }
  });

  it('tickets: sold, validated and validations per role', async () => {
    const res = ok(await doc('tickets'));
    // DSH-T1 validated twice (the second on another wristband: a repeat), DSH-T5 once.
    expect(res.rows).toEqual([
      {
        idRol: ids.rol.general,
        rol: 'General',
        sold: 1,
        cancelled: 0,
        validated: 1,
        validations: 2,
        repeated: 1,
      },
      {
        idRol: ids.rol.vip,
        rol: 'VIP pass',
        sold: 1,
        cancelled: 0,
        validated: 1,
        validations: 1,
        repeated: 0,
      },
    ]);
    const early = ok(await doc('tickets', admin, { to: 1 }));
    expect(early.rows.find((r: any) => r.idRol === ids.rol.general)).toMatchObject({
      validated: 1,
      validations: 1,
    });
    expect(early.rows.find((r: any) => r.idRol === ids.rol.vip)).toMatchObject({
      validated: 0,
      validations: 0,
    });
  });

  it('each document answers only with its own permission', async () => {
    const paths = {
      'sales-vat': 'downloadBilling',
      payments: 'downloadBilling',
      locations: 'reportsLocation',
      'staff-cash-up': 'reportsStaff',
      tickets: 'tickets',
    } as const;
    for (const code of ['downloadBilling', 'reportsLocation', 'reportsStaff', 'tickets'] as const) {
      const email = `doc-${code.toLowerCase()}@demo.test`;
      await t.userWithPermissions(email, eventId, [PERMISSIONS[code]]);
      const s = await t.session(email);
      for (const [path, needs] of Object.entries(paths)) {
        expect((await doc(path, s)).status, `${code} → ${path}`).toBe(needs === code ? 200 : 403);
      }
    }
    expect((await doc('payments', admin, { from: 5, to: 1 })).status).toBe(400);
  });
});
