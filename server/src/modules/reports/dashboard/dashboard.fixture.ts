import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from '../../../../test/helper';
import {
  articles,
  customerRefunds,
  customers,
  onlineTopUps,
  rols,
  wristbands,
} from '../../../core/db/schema';
import { registerDevice } from '../../terminals';

/**
 * The small festival of the quick dashboard's and the documents' tests (dashboard.test.ts,
 * dashboard-documents.test.ts), sent through the device API, and what its operations add up to,
 * worked out with plain loops over `OPS` (never by asking the database the same question).
 */

export type Session = Awaited<ReturnType<TestApp['session']>>;
export type Pay = 'S' | 'T' | 'O' | 'B';
export interface TopUp {
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
export interface Sale {
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
export type Op = TopUp | Sale | Access | Validation;

export const HOUR = 3_600_000;
const W = (n: number) => `DSHW${n.toString().padStart(10, '0')}`;
export const PRICE = { beer: 600, water: 250, gin: 1000 };

/**
 * Hours after the event's start (yesterday 14:00 UTC in the demo): all before now, whatever the
 * time of day the test runs (now is at least 10 hours after the start).
 */
export const OPS: Op[] = [
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

/** The festival's staff, locations, zones, articles and rols (filled in by `dashboardFestival`). */
export const ids = {
  staff: { anna: 0, ben: 0 },
  location: { kiosk: 0, bar1: 0, bar2: 0 },
  zone: { venue: 0, vip: 0 },
  article: { beer: 0, water: 0, gin: 0 },
  rol: { general: 0, vip: 0 },
};
let start: number;
export const atOf = (h: number) => new Date(start + h * HOUR).toISOString();

export const ok = (res: Awaited<ReturnType<TestApp['call']>>) => {
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
export const ONLINE = [
  { at: 1.5, payed: 1, total: 3000, recharge: 3000, bonus: 0 },
  { at: 2.5, payed: 1, total: 2000, recharge: 2000, bonus: 200 },
  { at: 2.6, payed: 2, total: 9900, recharge: 9900, bonus: 0 },
];
export const BANK = { at: 9.5, amount: 1200, fee: 100 };

/**
 * Sets up the festival in the test app: staff, locations, zones and rols made through the API,
 * `OPS` sent from a terminal in two batches, the web's online payments and a bank refund.
 */
export async function dashboardFestival(t: TestApp) {
  const admin = await t.session('admin@demo.test');
  const event = await t.activeEvent();
  const eventId = event.id;
  start = event.dateStart.getTime();
  const vatRate = event.eventVat!;
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
  return { admin, eventId, start, vatRate };
}

// ---------------------------------------------------------------------------------------------
// What the operations add up to, worked out with plain loops.

export interface Window {
  from?: number;
  to?: number;
}
export const inWindow = (h: number, w: Window) =>
  (w.from === undefined || h >= w.from) && (w.to === undefined || h < w.to);
export const sum = <T>(rows: T[], f: (r: T) => number) => rows.reduce((s, r) => s + f(r), 0);
export const topUpsIn = (w: Window) => OPS.filter((o): o is TopUp => o.kind === 'topup' && inWindow(o.at, w));
export const salesIn = (w: Window) => OPS.filter((o): o is Sale => o.kind === 'sale' && inWindow(o.at, w));
export const charged = (s: Sale) => sum(s.lines, (l) => PRICE[l.article] * (l.quantity - (l.gifts ?? 0)));
export const sign = (s: Sale) => (s.devolution ? -1 : 1);
