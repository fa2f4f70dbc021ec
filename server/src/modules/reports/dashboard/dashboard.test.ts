import { randomUUID } from 'node:crypto';
import { PERMISSIONS } from '@pulsera/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import {
  articles,
  customerRefunds,
  customers,
  onlineTopUps,
  rols,
  wristbands,
} from '../../../core/db/schema';
import { registerDevice } from '../../terminals';
import { compactRollups } from '../rollups/rollups';

/**
 * The quick dashboard and the documents over a small festival sent through the device API. Every
 * expected figure is worked out here from the operations themselves (plain loops over `ops`), never
 * by asking the database the same question.
 */

type Session = Awaited<ReturnType<TestApp['session']>>;
type Pay = 'S' | 'T' | 'O' | 'B';
interface TopUp {
  kind: 'topup';
  at: number;
  rfid: string;
  type: string;
  paymentType?: Pay;
  amount: number;
  bonus: number;
  money: number;
  fee: number;
  staff: 'anna' | 'ben';
  location: 'kiosk' | 'bar1' | 'bar2';
}
interface Sale {
  kind: 'sale';
  at: number;
  rfid?: string;
  lines: { article: 'beer' | 'water' | 'gin'; quantity: number; gifts?: number }[];
  payments: { type: Pay; amount: number }[];
  devolution?: boolean;
  staff: 'anna' | 'ben';
  location: 'bar1' | 'bar2';
}
interface Access {
  kind: 'access';
  at: number;
  rfid: string;
  acceso: 'S' | 'W' | 'ND';
  from: 'venue' | 'vip' | null;
  to: 'venue' | 'vip' | null;
}
interface Validation {
  kind: 'ticketValidation';
  at: number;
  rfid: string;
  ticket: string;
  rol: 'general' | 'vip';
}
type Op = TopUp | Sale | Access | Validation;

const HOUR = 3_600_000;
const W = (n: number) => `DSHW${n.toString().padStart(10, '0')}`;
const PRICE = { beer: 600, water: 250, gin: 1000 };

/**
 * Hours after the event's start (yesterday 14:00 UTC in the demo): all before now, whatever the
 * time of day the test runs (now is at least 10 hours after the start).
 */
const OPS: Op[] = [
  { kind: 'access', at: 0.3, rfid: W(1), acceso: 'S', from: null, to: 'venue' },
  { kind: 'ticketValidation', at: 0.35, rfid: W(1), ticket: 'DSH-T1', rol: 'general' },
  {
    kind: 'topup',
    at: 0.5,
    rfid: W(1),
    type: 'N',
    paymentType: 'S',
    amount: 5000,
    bonus: 250,
    money: 5000,
    fee: 0,
    staff: 'anna',
    location: 'kiosk',
  },
  { kind: 'access', at: 1.0, rfid: W(2), acceso: 'S', from: null, to: 'venue' },
  {
    kind: 'topup',
    at: 1.2,
    rfid: W(2),
    type: 'N',
    paymentType: 'T',
    amount: 3000,
    bonus: 0,
    money: 3000,
    fee: 0,
    staff: 'anna',
    location: 'kiosk',
  },
  { kind: 'access', at: 2.0, rfid: W(3), acceso: 'S', from: null, to: 'venue' },
  {
    kind: 'sale',
    at: 2.1,
    rfid: W(1),
    lines: [{ article: 'beer', quantity: 2 }],
    payments: [{ type: 'S', amount: 1200 }],
    staff: 'ben',
    location: 'bar1',
  },
  {
    kind: 'topup',
    at: 2.4,
    rfid: W(3),
    type: 'N',
    paymentType: 'T',
    amount: 2000,
    bonus: 0,
    money: 2100,
    fee: 100,
    staff: 'anna',
    location: 'kiosk',
  },
  { kind: 'access', at: 3.0, rfid: W(4), acceso: 'S', from: null, to: 'venue' },
  {
    kind: 'topup',
    at: 3.1,
    rfid: W(4),
    type: 'O',
    paymentType: 'O',
    amount: 3000,
    bonus: 0,
    money: 0,
    fee: 0,
    staff: 'anna',
    location: 'kiosk',
  },
  { kind: 'access', at: 4.0, rfid: W(2), acceso: 'S', from: 'venue', to: 'vip' },
  { kind: 'access', at: 4.1, rfid: W(3), acceso: 'ND', from: null, to: 'venue' },
  {
    kind: 'topup',
    at: 4.5,
    rfid: W(2),
    type: 'M',
    amount: 0,
    bonus: 500,
    money: 0,
    fee: 0,
    staff: 'ben',
    location: 'kiosk',
  },
  {
    kind: 'sale',
    at: 4.8,
    rfid: W(2),
    lines: [{ article: 'gin', quantity: 1 }],
    payments: [
      { type: 'B', amount: 500 },
      { type: 'S', amount: 500 },
    ],
    staff: 'ben',
    location: 'bar2',
  },
  { kind: 'access', at: 5.0, rfid: W(5), acceso: 'W', from: null, to: 'vip' },
  { kind: 'ticketValidation', at: 5.1, rfid: W(5), ticket: 'DSH-T5', rol: 'vip' },
  {
    kind: 'topup',
    at: 5.2,
    rfid: W(5),
    type: 'RV',
    amount: 0,
    bonus: 1500,
    money: 0,
    fee: 0,
    staff: 'anna',
    location: 'kiosk',
  },
  {
    kind: 'sale',
    at: 6.05,
    rfid: W(3),
    lines: [{ article: 'water', quantity: 2, gifts: 1 }],
    payments: [{ type: 'S', amount: 250 }],
    staff: 'ben',
    location: 'bar1',
  },
  { kind: 'ticketValidation', at: 6.5, rfid: W(6), ticket: 'DSH-T1', rol: 'general' },
  {
    kind: 'sale',
    at: 6.9,
    lines: [{ article: 'beer', quantity: 1 }],
    payments: [{ type: 'T', amount: 600 }],
    staff: 'anna',
    location: 'bar2',
  },
  {
    kind: 'sale',
    at: 7.3,
    rfid: W(2),
    lines: [{ article: 'gin', quantity: 1 }],
    payments: [
      { type: 'B', amount: 500 },
      { type: 'S', amount: 500 },
    ],
    devolution: true,
    staff: 'ben',
    location: 'bar2',
  },
  {
    kind: 'topup',
    at: 8.7,
    rfid: W(1),
    type: 'D',
    paymentType: 'S',
    amount: -1000,
    bonus: 0,
    money: 1000,
    fee: 0,
    staff: 'anna',
    location: 'kiosk',
  },
  { kind: 'access', at: 8.8, rfid: W(1), acceso: 'S', from: 'venue', to: null },
  { kind: 'access', at: 9.0, rfid: W(2), acceso: 'S', from: 'vip', to: null },
  {
    kind: 'sale',
    at: 9.4,
    rfid: W(4),
    lines: [{ article: 'beer', quantity: 3 }],
    payments: [{ type: 'S', amount: 1800 }],
    staff: 'ben',
    location: 'bar1',
  },
];

let t: TestApp;
let admin: Session;
let eventId: number;
let start: number;
let vatRate: number;
const ids = {
  staff: { anna: 0, ben: 0 },
  location: { kiosk: 0, bar1: 0, bar2: 0 },
  zone: { venue: 0, vip: 0 },
  article: { beer: 0, water: 0, gin: 0 },
  rol: { general: 0, vip: 0 },
};
const atOf = (h: number) => new Date(start + h * HOUR).toISOString();

const ok = (res: Awaited<ReturnType<TestApp['call']>>) => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result;
};

function operation(o: Op) {
  const base = { id: randomUUID(), deviceTime: atOf(o.at) };
  switch (o.kind) {
    case 'topup':
      return {
        kind: 'topup',
        ...base,
        rfid: o.rfid,
        type: o.type,
        ...(o.paymentType ? { paymentType: o.paymentType } : {}),
        amount: o.amount,
        bonus: o.bonus,
        money: o.money,
        fee: o.fee,
        staffId: ids.staff[o.staff],
        locationId: ids.location[o.location],
        ...(o.type === 'O' ? { ref: 'WEB-DSH-1' } : {}),
      };
    case 'sale':
      return {
        kind: 'sale',
        ...base,
        ...(o.rfid ? { rfid: o.rfid } : {}),
        lines: o.lines.map((l) => ({
          idArticle: ids.article[l.article],
          quantity: l.quantity,
          price: PRICE[l.article],
          quantityGift: l.gifts ?? 0,
        })),
        payments: o.payments,
        isDevolution: o.devolution ?? false,
        staffId: ids.staff[o.staff],
        locationId: ids.location[o.location],
      };
    case 'access':
      return {
        kind: 'access',
        ...base,
        rfid: o.rfid,
        acceso: o.acceso,
        zoneFrom: o.from ? ids.zone[o.from] : null,
        zoneTo: o.to ? ids.zone[o.to] : null,
      };
    case 'ticketValidation':
      return {
        kind: 'ticketValidation',
        ...base,
        rfid: o.rfid,
        ticketCode: o.ticket,
        roleId: ids.rol[o.rol],
      };
  }
}

/** Online payments on the web and a bank refund (the console's own records, not the feed). */
const ONLINE = [
  { at: 1.5, payed: 1, total: 3000, recharge: 3000, bonus: 0 },
  { at: 2.5, payed: 1, total: 2000, recharge: 2000, bonus: 200 },
  { at: 2.6, payed: 2, total: 9900, recharge: 9900, bonus: 0 },
];
const BANK = { at: 9.5, amount: 1200, fee: 100 };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.session('admin@demo.test');
  const event = await t.activeEvent();
  eventId = event.id;
  start = event.dateStart.getTime();
  vatRate = event.eventVat!;
  const post = async (url: string, body: unknown) => ok(await t.call('POST', url, { ...admin, body }));
  ids.staff.anna = (
    await post('/api/staff', { staff: { user: 'dsh-anna', name: 'Anna Kiosk', trusts: 'C' } })
  ).id;
  ids.staff.ben = (await post('/api/staff', { staff: { user: 'dsh-ben', name: 'Ben Bar', trusts: 'V' } })).id;
  const location = async (nombre: string) =>
    (await post('/api/locations', { location: { nombre, actividades_nfc: ['C'] } })).id as number;
  ids.location.kiosk = await location('Kiosk Gate');
  ids.location.bar1 = await location('Bar One');
  ids.location.bar2 = await location('Bar Two');
  await post('/api/zones', { zone: { name: 'Venue', resetCapacity: 0, capacity: 500 } });
  const zones = ok(await t.call('GET', '/api/zones', admin)) as { id: number; name: string }[];
  ids.zone.venue = zones.find((z) => z.name === 'Venue')!.id;
  await post('/api/zones', { zone: { name: 'VIP', resetCapacity: 0, idZoneParent: ids.zone.venue } });
  ids.zone.vip = (ok(await t.call('GET', '/api/zones', admin)) as { id: number; name: string }[]).find(
    (z) => z.name === 'VIP',
  )!.id;
  const arts = await t.database.db.select().from(articles).where(eq(articles.eventId, eventId));
  ids.article.beer = arts.find((a) => a.name === 'Beer 50cl')!.id;
  ids.article.water = arts.find((a) => a.name === 'Water 50cl')!.id;
  ids.article.gin = arts.find((a) => a.name === 'Gin tonic')!.id;
  const [g, v] = await t.database.db
    .insert(rols)
    .values([
      { eventId, name: 'General' },
      { eventId, name: 'VIP pass' },
    ])
    .returning();
  ids.rol.general = g!.id;
  ids.rol.vip = v!.id;

  const { secretKey } = await registerDevice(t.database.db, { n_serie: 'DSH-PDA-1', idEvent: eventId });
  const device = ok(
    await t.call('POST', '/api/device/auth', { body: { serial: 'DSH-PDA-1', secretKey } }),
  ).token;
  // Two batches, as a terminal uploads; the second resends one operation (a duplicate changes nothing).
  const all = OPS.map(operation);
  for (const batch of [all.slice(0, 11), [...all.slice(10)]]) {
    const res = ok(
      await t.call('POST', '/api/device/sync', {
        headers: { devicetoken: device },
        body: { operations: batch },
      }),
    );
    expect(res.refused).toEqual([]);
  }

  const [customer] = await t.database.db.insert(customers).values({ eventId, name: 'Web Buyer' }).returning();
  await t.database.db.insert(onlineTopUps).values(
    ONLINE.map((o) => ({
      eventId,
      customerId: customer!.id,
      payed: o.payed,
      dateRechargeOnline: new Date(atOf(o.at)),
      amountTotal: o.total,
      amountRecharge: o.recharge,
      amountBonus: o.bonus,
    })),
  );
  const [w1] = await t.database.db
    .select()
    .from(wristbands)
    .where(eq(wristbands.nSerie, W(1)));
  const [refund] = await t.database.db
    .insert(customerRefunds)
    .values({
      eventId,
      customerId: w1!.customerId!,
      wristbandId: w1!.id,
      amount: BANK.amount,
      fee: BANK.fee,
      ccOwner: 'Refund Owner',
      ccIban: 'ES9121000418450200051332',
    })
    .returning();
  await t.database.db.execute(
    sql`update customer_refunds set created_at = ${atOf(BANK.at)}::timestamptz where id = ${refund!.id}`,
  );
});
afterAll(() => t.close());

// ---------------------------------------------------------------------------------------------
// What the operations add up to, worked out with plain loops.

interface Window {
  from?: number;
  to?: number;
}
const inWindow = (h: number, w: Window) =>
  (w.from === undefined || h >= w.from) && (w.to === undefined || h < w.to);
const sum = <T>(rows: T[], f: (r: T) => number) => rows.reduce((s, r) => s + f(r), 0);
const topUpsIn = (w: Window) => OPS.filter((o): o is TopUp => o.kind === 'topup' && inWindow(o.at, w));
const salesIn = (w: Window) => OPS.filter((o): o is Sale => o.kind === 'sale' && inWindow(o.at, w));
const charged = (s: Sale) => sum(s.lines, (l) => PRICE[l.article] * (l.quantity - (l.gifts ?? 0)));
const sign = (s: Sale) => (s.devolution ? -1 : 1);
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
    // The web's paid purchases (the rejected one left out) and the bank refund.
    const paid = ONLINE.filter((o) => o.payed === 1);
    expect(d.online.paidCount).toBe(paid.length);
    expect(d.online.paidAmount).toBe(sum(paid, (o) => o.total));
    expect(d.refunds).toMatchObject({ bankCount: 1, bankAmount: BANK.amount, bankFee: BANK.fee });
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

// ---------------------------------------------------------------------------------------------
// Documents

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
    add(`${festivalDay(BANK.at)}|bankRefund|`, {
      count: 1,
      amount: -BANK.amount,
      bonus: 0,
      money: BANK.amount,
      fee: BANK.fee,
    });
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
