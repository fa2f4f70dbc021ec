import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { feedNames } from '../../../../test/feed-names';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { flags, wristbands } from '../../../core/db/schema';
import { registerDevice } from '../../terminals';

/**
 * Shared set-up of the customer lookup's tests (customers.test.ts, customer-refunds.test.ts): an app
 * whose customers were recorded through the terminal feed — Lucía (a ticket, top-ups, a sale, a
 * role, accesses and a wristband change), Marco, and a customer of another event — and the calls to
 * the customer API. Each test file opens it in its beforeAll (`openCustomers`) and closes it in its
 * afterAll (`closeCustomers`); the bindings below are set by `openCustomers`.
 */
export let t: TestApp;
export let eventId: number;
export let otherEventId: number;
export type Session = Awaited<ReturnType<TestApp['session']>>;
export let admin: Session;
export let ops: Session;

export const T0 = '2026-07-10T18:00:00.000Z';
export const T1 = '2026-07-10T20:00:00.000Z';
export const T2 = '2026-07-10T21:30:00.000Z';
export const T3 = '2026-07-10T23:00:00.000Z';
export const LUCIA_1 = '04AABBCCDDEE01';
export const LUCIA_2 = '04AABBCCDDEE03';
export const MARCO = '04AABBCCDDEE02';
export const VALID_IBAN = 'ES91 2100 0418 4502 0005 1332';

export async function feed(idEvent: number, serial: string, operations: unknown[]) {
  const { secretKey } = await registerDevice(t.database.db, { n_serie: serial, idEvent });
  const token = (await t.call('POST', '/api/device/auth', { body: { serial, secretKey } })).body.result.token;
  const res = await t.call('POST', '/api/device/sync', {
    headers: { devicetoken: token },
    body: { operations },
  });
  expect(res.body.result.refused).toEqual([]);
}
export const op = (kind: string, deviceTime: string, rest: Record<string, unknown>) => ({
  kind,
  id: randomUUID(),
  deviceTime,
  ...rest,
});

export let flagId: number;
export let lucia: { customerId: number; first: number; second: number };
export let marco: { customerId: number; rfid: number };
export let otherCustomer: { customerId: number; rfid: number };

export const get = (url: string, s: Session = admin) => t.call('GET', url, s);
export const post = (url: string, body: unknown, s: Session = admin) => t.call('POST', url, { ...s, body });

export async function wristbandOf(serial: string) {
  const [w] = await t.database.db
    .select()
    .from(wristbands)
    .where(and(eq(wristbands.eventId, eventId), eq(wristbands.nSerie, serial)));
  return w!;
}

/** A fresh app and database with the customers above recorded through the terminal feed. */
export async function openCustomers() {
  t = await createTestApp();
  eventId = (await t.activeEvent()).id;
  otherEventId = (await t.eventByName('Sonora Festival 2027')).id;
  const [flag] = await t.database.db
    .insert(flags)
    .values([
      { eventId, flagNumber: 1, name: 'VIP', description: 'VIP area' },
      { eventId, flagNumber: 2, name: 'Backstage', description: 'Backstage area' },
    ])
    .returning();
  flagId = flag!.id;
  // What the terminal names is the event's: its zones 1 and 2 and gate 1, and article 999, deleted
  // from the console after the terminal loaded its menu (the sale is still recorded; the extract
  // names it by its id).
  await feedNames(t.database.db, eventId, { zones: [1, 2], gates: [1], articles: [999] });
  const removed = await t.call('DELETE', '/api/articles/999', await t.session('admin@demo.test'));
  expect(removed.status).toBe(200);

  await feed(eventId, 'CUST-PDA-1', [
    op('ticketValidation', T0, {
      ticketCode: 'TCK-0001',
      rfid: LUCIA_1,
      codeCheck: 'C0DE01',
      customer: { name: 'Lucía Fernández', email: 'lucia.fernandez@example.com', localizer: 'LOC12345' },
    }),
    op('ticketValidation', T0, {
      ticketCode: 'TCK-0002',
      rfid: MARCO,
      codeCheck: 'C0DE02',
      customer: { name: 'Marco Rossi', email: 'marco@example.it', localizer: 'LOC99999' },
    }),
    // A top-up and a sale at the same instant: the extract lists the top-up first.
    op('topup', T1, { rfid: LUCIA_1, type: 'N', paymentType: 'S', amount: 5000, money: 5000 }),
    op('sale', T1, {
      rfid: LUCIA_1,
      lines: [{ idArticle: 999, quantity: 2, price: 300 }],
      payments: [{ type: 'S', amount: 600 }],
    }),
    op('topup', T2, { rfid: LUCIA_1, type: 'O', paymentType: 'O', amount: 2000, ref: 'WEB-TEST0001' }),
    op('topup', T2, { rfid: MARCO, type: 'N', paymentType: 'T', amount: 1000, money: 1000 }),
    op('roleRecording', T2, { rfid: LUCIA_1, roleId: 3, flags: [flagId] }),
    op('access', T1, { rfid: LUCIA_1, acceso: 'S', zoneTo: 1, gateId: 1 }),
    op('access', T2, { rfid: LUCIA_1, acceso: 'NC', zoneFrom: 1, zoneTo: 2, gateId: 1 }),
    op('wristbandChange', T3, { sourceRfid: LUCIA_1, endRfid: LUCIA_2 }),
  ]);
  await feed(otherEventId, 'CUST-PDA-2', [
    op('ticketValidation', T0, {
      ticketCode: 'OTHER-1',
      rfid: '04FFFFFFFFFF01',
      customer: { name: 'Lucía Other', email: 'lucia.other@example.com' },
    }),
  ]);
  const w1 = await wristbandOf(LUCIA_1);
  const w2 = await wristbandOf(LUCIA_2);
  const wm = await wristbandOf(MARCO);
  lucia = { customerId: w1.customerId!, first: w1.id, second: w2.id };
  marco = { customerId: wm.customerId!, rfid: wm.id };
  const [ow] = await t.database.db.select().from(wristbands).where(eq(wristbands.eventId, otherEventId));
  otherCustomer = { customerId: ow!.customerId!, rfid: ow!.id };

  admin = await t.session('admin@demo.test');
  ops = await t.session('ops@demo.test');
}
export const closeCustomers = () => t.close();
