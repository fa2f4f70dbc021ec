import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { freshFeedNames } from '../../../../test/feed-names';
import type { TestApp } from '../../../../test/helper';
import { addons, articles, onlineTopUps, rols, tickets, ticketValidations } from '../../../core/db/schema';
import { registerDevice } from '../../terminals';

/**
 * The small festival of the ticketing tests (ticketing.test.ts, ticketing-tabs.test.ts), sent through
 * the device API: tickets sold online, validations (one repeated), add-ons and articles given at
 * validation, roles written by hand, online top-ups, and another event's validation.
 */

export type Session = Awaited<ReturnType<TestApp['session']>>;
let t: TestApp;
let admin: Session;
let eventId: number;
let general: number;
let vipRol: number;
let gina: number;
let tomas: number;
let north: number;
let south: number;
let parking: number;
let beer: number;
let foreignValidation: number;
let eventStart: Date;

export const day = (hhmm: string) => `2026-07-10T${hhmm}:00.000Z`;
export const madridDay = (d: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(d);

async function pda(serial: string, idEvent: number) {
  const { secretKey } = await registerDevice(t.database.db, { n_serie: serial, idEvent, type: 'PDA' });
  return (await t.call('POST', '/api/device/auth', { body: { serial, secretKey } })).body.result
    .token as string;
}
const sync = async (token: string, operations: unknown[]) => {
  const res = await t.call('POST', '/api/device/sync', {
    headers: { devicetoken: token },
    body: { operations },
  });
  expect(res.status).toBe(200);
  expect(res.body.result.refused).toEqual([]);
};
const validation = (
  code: string,
  rfid: string,
  at: string,
  roleId: number,
  staffId: number,
  locationId: number,
  customer?: { name: string; email: string; localizer: string },
) => ({
  kind: 'ticketValidation',
  id: randomUUID(),
  deviceTime: at,
  ticketCode: code,
  rfid,
  roleId,
  staffId,
  locationId,
  ...(customer ? { customer } : {}),
});
export const validationId = async (code: string, at: string) =>
  (
    await t.database.db
      .select({ id: ticketValidations.id })
      .from(ticketValidations)
      .where(and(eq(ticketValidations.code, code), eq(ticketValidations.deviceTime, new Date(at))))
  )[0]!.id;

/**
 * Sets up the festival in the test app; the answer names the rols, staff, locations, add-on, article
 * and the other event's validation the tests look for.
 */
export async function ticketingFestival(app: TestApp) {
  t = app;
  admin = await t.session('admin@demo.test');
  const ev = await t.activeEvent();
  eventId = ev.id;
  eventStart = ev.dateStart;
  [{ id: general }, { id: vipRol }] = await t.database.db
    .insert(rols)
    .values([
      { eventId, name: 'General' },
      { eventId, name: 'VIP' },
    ])
    .returning({ id: rols.id });
  const staff = async (user: string, name: string) =>
    (
      await t.call('POST', '/api/staff', {
        ...admin,
        body: { staff: { user, name, trusts: 'R', intern: 1 } },
      })
    ).body.result.id as number;
  gina = await staff('gina', 'Gina Gate');
  tomas = await staff('tomas', 'Tomás Torno');
  const location = async (nombre: string) =>
    (await t.call('POST', '/api/locations', { ...admin, body: { location: { nombre } } })).body.result
      .id as number;
  north = await location('North gate');
  south = await location('South desk');
  [{ id: parking }] = await t.database.db
    .insert(addons)
    .values({ eventId, name: 'Parking', description: 'Car park', amountBonus: 500 })
    .returning({ id: addons.id });
  [{ id: beer }] = await t.database.db
    .select({ id: articles.id })
    .from(articles)
    .where(and(eq(articles.eventId, eventId), eq(articles.name, 'Beer 50cl')));

  // Sold online before the festival: one general ticket still to come, one VIP ticket cancelled.
  await t.database.db.insert(tickets).values([
    { eventId, code: 'TK-GEN-003', roleId: general, createdAt: new Date('2026-07-01T10:00:00Z') },
    {
      eventId,
      code: 'TK-VIP-002',
      roleId: vipRol,
      cancelled: 1,
      createdAt: new Date('2026-07-01T10:00:00Z'),
    },
  ]);

  const gate = await pda('TKT-PDA-1', eventId);
  await sync(gate, [
    validation('TK-GEN-001', '04TKT0000001', day('17:00'), general, gina, north, {
      name: 'Ana Ruiz',
      email: 'ana.ruiz@example.com',
      localizer: 'LOCA1',
    }),
    validation('TK-GEN-002', '04TKT0000002', day('17:05'), general, gina, north),
    validation('TK-VIP-001', '04TKT0000003', day('17:20'), vipRol, tomas, north, {
      name: 'Bruno Vidal',
      email: 'bruno@example.com',
      localizer: 'LOCB2',
    }),
    // Parking bought with the VIP ticket, loaded at validation; two beers given with it.
    {
      kind: 'topup',
      id: randomUUID(),
      deviceTime: day('17:21'),
      rfid: '04TKT0000003',
      type: 'AV',
      amount: 0,
      bonus: 500,
      addonId: parking,
      staffId: tomas,
      locationId: north,
    },
    {
      kind: 'topup',
      id: randomUUID(),
      deviceTime: day('17:22'),
      rfid: '04TKT0000003',
      type: 'RV-WA',
      amount: 0,
      articles: [{ idArticle: beer, quantity: 2 }],
      staffId: tomas,
      locationId: north,
    },
  ]);
  // Later: TK-GEN-001 scanned again at the south desk (repeated), and two VIP roles written by hand.
  await sync(gate, [
    validation('TK-GEN-001', '04TKT0000001', day('17:40'), general, tomas, south),
    {
      kind: 'roleRecording',
      id: randomUUID(),
      deviceTime: day('18:00'),
      rfid: '04TKT0000002',
      roleId: vipRol,
      staffId: gina,
      locationId: south,
    },
    {
      kind: 'roleRecording',
      id: randomUUID(),
      deviceTime: day('18:30'),
      rfid: '04TKT0000001',
      roleId: vipRol,
      staffId: tomas,
      locationId: south,
    },
  ]);

  // Online top-ups: two days before the festival's start, one after it; unpaid and rejected ones left out.
  const before = (days: number, hour: number) =>
    new Date(eventStart.getTime() - days * 86_400_000 + hour * 3_600_000);
  const base = { eventId, valid: 1, concept: 'Online top-up' };
  await t.database.db.insert(onlineTopUps).values([
    {
      ...base,
      payed: 1,
      dateRechargeOnline: before(10, 0),
      dateRechargeRfid: new Date(),
      amountRecharge: 2000,
    },
    { ...base, payed: 1, dateRechargeOnline: before(5, 0), amountRecharge: 5000, amountBonus: 250 },
    { ...base, payed: 1, dateRechargeOnline: before(5, 0.5), amountRecharge: 1000 },
    { ...base, payed: 0, dateRechargeOnline: before(5, 1), amountRecharge: 3000 },
    { ...base, payed: 2, valid: 0, dateRechargeOnline: before(4, 0), amountRecharge: 3000 },
    {
      ...base,
      payed: 1,
      dateRechargeOnline: new Date(eventStart.getTime() + 3_600_000),
      amountRecharge: 4000,
    },
  ]);

  // Another event's validation.
  const other = await t.eventByName('Sonora Festival 2027');
  const otherNames = await freshFeedNames(t.database.db, other.id, { staff: 1, locations: 1 });
  await sync(await pda('TKT-PDA-2', other.id), [
    validation('TK-OTHER-1', '04TKT0000099', day('17:00'), 1, otherNames.staff[0]!, otherNames.locations[0]!),
  ]);
  foreignValidation = await validationId('TK-OTHER-1', day('17:00'));
  return {
    admin,
    eventId,
    general,
    vipRol,
    gina,
    tomas,
    north,
    south,
    parking,
    beer,
    foreignValidation,
    eventStart,
  };
}

export const get = async (url: string, s: Session = admin) => {
  const res = await t.call('GET', url, s);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result;
};
