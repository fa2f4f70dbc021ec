import { randomUUID } from 'node:crypto';
import { PERMISSIONS } from '@pulsera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { registerDevice } from '../../terminals';
import { compactRollups } from '../rollups/rollups';
import {
  atOf,
  BANK,
  charged,
  dashboardFestival,
  HOUR,
  ids,
  ONLINE,
  OPS,
  ok,
  type Pay,
  PRICE,
  type Session,
  salesIn,
  sign,
  sum,
  topUpsIn,
  type Window,
} from './dashboard.fixture';

/**
 * The quick dashboard over a small festival sent through the device API (dashboard.fixture.ts). Every
 * expected figure is worked out here from the operations themselves (plain loops over `OPS`), never
 * by asking the database the same question.
 */

let t: TestApp;
let admin: Session;
let eventId: number;
let start: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, eventId, start } = await dashboardFestival(t));
});
afterAll(() => t.close());

const TOP_UP_CODES = ['N', 'O'];

function expectedDashboard(w: Window) {
  const tops = topUpsIn(w);
  const loads = tops.filter((o) => TOP_UP_CODES.includes(o.type));
  const sales = salesIn(w);
  const byPay = new Map<string, { count: number; amount: number }>();
  for (const o of loads) {
    const p = byPay.get(o.paymentType!) ?? { count: 0, amount: 0 };
    p.count += 1;
    p.amount += o.amount;
    byPay.set(o.paymentType!, p);
  }
  const salePay = (type: Pay) =>
    sum(
      sales,
      (s) =>
        sign(s) *
        sum(
          s.payments.filter((p) => p.type === type),
          (p) => p.amount,
        ),
    );
  const perLocation = new Map<string, number>();
  for (const s of sales)
    perLocation.set(s.location, (perLocation.get(s.location) ?? 0) + sign(s) * charged(s));
  const perArticle = new Map<string, { quantity: number; amount: number }>();
  for (const s of sales)
    for (const l of s.lines) {
      const a = perArticle.get(l.article) ?? { quantity: 0, amount: 0 };
      a.quantity += sign(s) * (l.quantity - (l.gifts ?? 0));
      a.amount += sign(s) * PRICE[l.article] * (l.quantity - (l.gifts ?? 0));
      perArticle.set(l.article, a);
    }
  const refunds = tops.filter((o) => o.type === 'D');
  return {
    topUps: {
      count: loads.length,
      amount: sum(loads, (o) => o.amount),
      money: sum(loads, (o) => o.money),
      byPaymentType: (['S', 'T', 'O'] as const)
        .filter((p) => byPay.has(p))
        .map((p) => ({ paymentType: p, ...byPay.get(p)! })),
    },
    onlineLoaded: sum(
      tops.filter((o) => o.type === 'O'),
      (o) => o.amount,
    ),
    bonuses: sum(
      tops.filter((o) => o.type !== 'D'),
      (o) => o.bonus,
    ),
    fees: sum(tops, (o) => o.fee),
    sales: {
      orders: sales.filter((s) => !s.devolution).length,
      devolutions: sales.filter((s) => s.devolution).length,
      amount: sum(sales, (s) => sign(s) * charged(s)),
      byPaymentType: (['S', 'B', 'T', 'O'] as const)
        .map((p) => ({ paymentType: p, amount: salePay(p) }))
        .filter((p) => p.amount !== 0),
    },
    refunds: {
      count: refunds.length,
      amount: 0 - sum(refunds, (o) => o.amount),
      money: sum(refunds, (o) => o.money),
    },
    perLocation,
    perArticle,
  };
}

/** The dashboard call with a window in hours after the start (fractions allowed). */
const dashboard = async (w: Window = {}, s: Session = admin) => {
  const q = new URLSearchParams();
  if (w.from !== undefined) q.set('dateStart', atOf(w.from));
  if (w.to !== undefined) q.set('dateEnd', atOf(w.to));
  return ok(await t.call('GET', `/api/reports/mainQuickDashboard?${q}`, s));
};

function expectDashboard(d: any, w: Window) {
  const e = expectedDashboard(w);
  expect(d.topUps).toEqual(e.topUps);
  expect(d.online.loadedAmount).toBe(e.onlineLoaded);
  expect(d.bonuses.amount).toBe(e.bonuses);
  expect(d.fees).toBe(e.fees);
  expect(d.sales).toEqual(e.sales);
  expect(d.refunds.terminalCount).toBe(e.refunds.count);
  expect(d.refunds.terminalAmount).toBe(e.refunds.amount);
  expect(d.refunds.terminalMoney).toBe(e.refunds.money);
  const names = { bar1: 'Bar One', bar2: 'Bar Two' } as Record<string, string>;
  expect(
    Object.fromEntries(d.topLocations.map((l: { name: string; amount: number }) => [l.name, l.amount])),
  ).toEqual(Object.fromEntries([...e.perLocation].map(([k, v]) => [names[k], v])));
  const artNames = { beer: 'Beer 50cl', water: 'Water 50cl', gin: 'Gin tonic' } as Record<string, string>;
  const expectedArticles = Object.fromEntries(
    [...e.perArticle].filter(([, a]) => a.quantity !== 0 || a.amount !== 0).map(([k, a]) => [artNames[k], a]),
  );
  expect(
    Object.fromEntries(
      d.topArticles.map((a: { name: string; quantity: number; amount: number }) => [
        a.name,
        { quantity: a.quantity, amount: a.amount },
      ]),
    ),
  ).toEqual(expectedArticles);
  // The chart's hours add up to the same money in and money spent.
  expect(sum(d.byHour, (h: { topUps: number }) => h.topUps)).toBe(e.topUps.amount);
  expect(sum(d.byHour, (h: { sales: number }) => h.sales)).toBe(e.sales.amount);
}

describe('GET /reports/mainQuickDashboard', () => {
  it('refreshes at the period of the parameter CONSOLE_REPORT_REFRESH_SECONDS', async () => {
    // The demo's default is 60 s.
    expect((await dashboard()).refreshSeconds).toBe(60);
    const list = ok(await t.call('GET', '/api/event/params', admin)) as {
      params: { id: number; nameUnique: string }[];
    };
    const param = list.params.find((p) => p.nameUnique === 'CONSOLE_REPORT_REFRESH_SECONDS')!;
    const save = (value: string | null) =>
      t.call('POST', '/api/event/params', { ...admin, body: { appParam: { id: param.id, value } } });
    expect((await save('15')).status).toBe(200);
    expect((await dashboard()).refreshSeconds).toBe(15);
    // Out of reason: kept within 5 s … 1 h.
    await save('1');
    expect((await dashboard()).refreshSeconds).toBe(5);
    await save(null);
    expect((await dashboard()).refreshSeconds).toBe(60);
  });

  it('adds up the whole event: money in, spent, refunded and left on wristbands', async () => {
    const d = await dashboard();
    expectDashboard(d, {});
    expect(d.live).toBe(true);
    expect(d.timezone).toBe('Europe/Madrid');
    // Balances as the terminals left them: top-ups in, sales out of the cash (S) and gift (B) sides.
    const perBand = new Map<string, { cash: number; gift: number }>();
    const band = (rfid: string) => perBand.get(rfid) ?? perBand.set(rfid, { cash: 0, gift: 0 }).get(rfid)!;
    for (const o of OPS) {
      if (o.kind === 'topup') {
        band(o.rfid).cash += o.amount;
        band(o.rfid).gift += o.bonus;
      } else if (o.kind === 'sale' && o.rfid) {
        for (const p of o.payments) {
          if (p.type === 'S') band(o.rfid).cash -= sign(o) * p.amount;
          if (p.type === 'B') band(o.rfid).gift -= sign(o) * p.amount;
        }
      } else if (o.kind !== 'sale') band(o.rfid);
    }
    expect(d.balances).toEqual({
      cash: sum([...perBand.values()], (b) => b.cash),
      gift: sum([...perBand.values()], (b) => b.gift),
      wristbands: perBand.size,
      withBalance: [...perBand.values()].filter((b) => b.cash > 0 || b.gift > 0).length,
    });
    // The web's paid purchases (the rejected one left out) and the bank refund: asked for, not paid
    // out yet, so still on the wristband (pending), never money out.
    const paid = ONLINE.filter((o) => o.payed === 1);
    expect(d.online.paidCount).toBe(paid.length);
    expect(d.online.paidAmount).toBe(sum(paid, (o) => o.total));
    expect(d.refunds).toMatchObject({ bankCount: 0, bankAmount: 0, bankFee: 0 });
    expect(d.refunds).toMatchObject({ bankPendingCount: 1, bankPendingAmount: BANK.amount });
    // Inside now: W1, W2, W3, W4 came into the venue and W5 straight into the VIP area (inside the
    // venue too); W3's second try was refused; W1 left the venue and W2 left from the VIP area.
    expect(d.zones).toEqual([
      { id: ids.zone.venue, name: 'Venue', inside: 3, capacity: 500 },
      { id: ids.zone.vip, name: 'VIP', inside: 1, capacity: -1 },
    ]);
    // The top lists are sorted by amount.
    expect(d.topLocations.map((l: { name: string }) => l.name)).toEqual(['Bar One', 'Bar Two']);
    expect(d.topArticles[0].name).toBe('Beer 50cl');
  });

  it('labels the chart with the hours of the event time zone', async () => {
    const d = await dashboard();
    const local = (h: number) => {
      const parts = new Intl.DateTimeFormat('en-CA', {
        timeZone: 'Europe/Madrid',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).formatToParts(new Date(Math.floor((start + h * HOUR) / HOUR) * HOUR));
      const p = (k: string) => parts.find((x) => x.type === k)!.value;
      return `${p('year')}-${p('month')}-${p('day')}T${p('hour')}:${p('minute')}`;
    };
    const hours = new Map<string, { topUps: number; sales: number }>();
    for (const o of OPS) {
      const h = local(o.at);
      const row = hours.get(h) ?? { topUps: 0, sales: 0 };
      if (o.kind === 'topup' && TOP_UP_CODES.includes(o.type)) row.topUps += o.amount;
      if (o.kind === 'sale') row.sales += sign(o) * charged(o);
      hours.set(h, row);
    }
    const expected = [...hours]
      .filter(([, r]) => r.topUps !== 0 || r.sales !== 0)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([hour, r]) => ({ hour, ...r }));
    expect(d.byHour).toEqual(expected);
  });

  it('follows the window: whole hours, parts of hours and a window inside one hour', async () => {
    for (const w of [
      { from: 2, to: 6 },
      { from: 2.25, to: 7.2 },
      { from: 4.6, to: 4.9 },
      { from: 6 },
      { to: 5.15 },
    ]) {
      expectDashboard(await dashboard(w), w);
    }
  });

  it('answers the same figures once past hours are compacted', async () => {
    const before = await dashboard({ from: 2.25, to: 7.2 });
    const whole = await dashboard();
    const removed = await compactRollups(t.database.db, new Date(Date.now() + 48 * HOUR), eventId);
    expect(removed).toBeGreaterThan(0);
    const after = await dashboard({ from: 2.25, to: 7.2 });
    expect({ ...after, generatedAt: null }).toEqual({ ...before, generatedAt: null });
    expect({ ...(await dashboard()), generatedAt: null }).toEqual({ ...whole, generatedAt: null });
    // A late upload for a compacted hour still counts.
    const { secretKey } = await registerDevice(t.database.db, { n_serie: 'DSH-PDA-2', idEvent: eventId });
    const late = ok(
      await t.call('POST', '/api/device/auth', { body: { serial: 'DSH-PDA-2', secretKey } }),
    ).token;
    const res = await t.call('POST', '/api/device/sync', {
      headers: { devicetoken: late },
      body: {
        operations: [
          {
            kind: 'sale',
            id: randomUUID(),
            deviceTime: atOf(3.5),
            lines: [{ idArticle: ids.article.water, quantity: 4, price: PRICE.water }],
            payments: [{ type: 'T', amount: 1000 }],
            staffId: ids.staff.ben,
            locationId: ids.location.bar1,
          },
        ],
      },
    });
    expect(ok(res).accepted).toHaveLength(1);
    const later = await dashboard({ from: 2.25, to: 7.2 });
    expect(later.sales.amount).toBe(before.sales.amount + 1000);
    expect(later.sales.orders).toBe(before.sales.orders + 1);
    OPS.push({
      kind: 'sale',
      at: 3.5,
      lines: [{ article: 'water', quantity: 4 }],
      payments: [{ type: 'T', amount: 1000 }],
      staff: 'ben',
      location: 'bar1',
    });
    expectDashboard(later, { from: 2.25, to: 7.2 });
  });

  it('refuses a user without the quickdashboard permission, and a bad window', async () => {
    await t.userWithPermissions('dash-none@demo.test', eventId, [PERMISSIONS.downloadBilling]);
    const none = await t.session('dash-none@demo.test');
    expect((await t.call('GET', '/api/reports/mainQuickDashboard', none)).status).toBe(403);
    await t.userWithPermissions('dash-yes@demo.test', eventId, [PERMISSIONS.quickdashboard]);
    const yes = await t.session('dash-yes@demo.test');
    expect((await t.call('GET', '/api/reports/mainQuickDashboard', yes)).status).toBe(200);
    const bad = await t.call(
      'GET',
      `/api/reports/mainQuickDashboard?dateStart=${atOf(5)}&dateEnd=${atOf(2)}`,
      admin,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.fields[0].path).toBe('querystring.dateEnd');
    expect((await t.call('GET', '/api/reports/mainQuickDashboard?dateStart=yesterday', admin)).status).toBe(
      400,
    );
  });
});
