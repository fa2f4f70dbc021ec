import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { customers } from '../../../core/db/schema';
import { registerDevice } from '../../terminals';
import { searchCustomers } from './customer-search.repo';

let t: TestApp;
let eventId: number;
let otherEventId: number;

async function feed(idEvent: number, serial: string, operations: unknown[]) {
  const { secretKey } = await registerDevice(t.database.db, { n_serie: serial, idEvent });
  const token = (await t.call('POST', '/api/device/auth', { body: { serial, secretKey } })).body.result.token;
  const res = await t.call('POST', '/api/device/sync', {
    headers: { devicetoken: token },
    body: { operations },
  });
  expect(res.body.result.refused).toEqual([]);
}
const validation = (n: number, name: string, email: string) => ({
  kind: 'ticketValidation',
  id: randomUUID(),
  deviceTime: '2026-07-10T18:00:00Z',
  ticketCode: `SN26-${String(n).padStart(6, '0')}`,
  rfid: `04AB${String(n).padStart(10, '0')}`,
  codeCheck: `C${n}`,
  customer: { name, email, localizer: `LOC${n}` },
});

beforeAll(async () => {
  t = await createTestApp();
  eventId = (await t.activeEvent()).id;
  otherEventId = (await t.eventByName('Sonora Festival 2027')).id;
  const people = Array.from({ length: 12 }, (_, i) =>
    validation(i + 1, `Marta García ${i + 1}`, `marta.garcia${i + 1}@example.com`),
  );
  people.push(validation(13, 'Luis_Pérez', 'luis@example.org'));
  people.push(validation(14, '100% Fan', 'fan@example.org'));
  // An anonymous wristband: topped up, never validated.
  people.push({
    kind: 'topup',
    id: randomUUID(),
    deviceTime: '2026-07-10T19:00:00Z',
    rfid: '04CAFE00000001',
    codeCheck: 'ZZ9',
    type: 'N',
    amount: 1000,
  } as never);
  await feed(eventId, 'SEARCH-PDA-1', people);
  await feed(otherEventId, 'SEARCH-PDA-2', [validation(99, 'Marta García Other', 'marta.other@example.com')]);
  await t.database.db
    .update(customers)
    .set({ iban: 'ES9121000418450200051332' })
    .where(and(eq(customers.eventId, eventId), eq(customers.email, 'luis@example.org')));
});
afterAll(() => t.close());

const search = (q: Parameters<typeof searchCustomers>[2], page = 1) =>
  searchCustomers(t.database.db, eventId, q, page);

describe('searchCustomers (the customer lookup)', () => {
  it('finds by partial name, e-mail, ticket and wristband serial, ignoring case', async () => {
    const byName = await search({ name: 'rta gar' });
    expect(byName.rows).toHaveLength(10);
    expect(byName.hasMore).toBe(true);
    expect(byName.rows[0]).toEqual({
      customerId: expect.any(Number),
      idRfid: expect.any(Number),
      nSerie: '04AB0000000001',
      customerName: 'Marta García 1',
      customerEmail: 'marta.garcia1@example.com',
      ticket: 'SN26-000001',
      codeCheck: 'C1',
    });
    const page2 = await search({ name: 'rta gar' }, 2);
    expect(page2.rows.map((r) => r.customerName)).toEqual(['Marta García 11', 'Marta García 12']);
    expect(page2.hasMore).toBe(false);

    expect((await search({ email: 'GARCIA7@' })).rows.map((r) => r.customerName)).toEqual(['Marta García 7']);
    expect((await search({ ticket: '-000013' })).rows.map((r) => r.customerName)).toEqual(['Luis_Pérez']);
    expect((await search({ rfid: 'ab0000000014' })).rows.map((r) => r.customerName)).toEqual(['100% Fan']);
  });

  it('finds by exact check code, localizer and IBAN, and combines fields', async () => {
    expect((await search({ codeCheck: 'c3' })).rows.map((r) => r.nSerie)).toEqual(['04AB0000000003']);
    expect((await search({ localizer: 'loc5' })).rows.map((r) => r.customerName)).toEqual(['Marta García 5']);
    expect((await search({ iban: 'es91 2100 0418 4502 0005 1332' })).rows.map((r) => r.customerName)).toEqual(
      ['Luis_Pérez'],
    );
    expect((await search({ name: 'marta', email: 'garcia12' })).rows).toHaveLength(1);
    expect((await search({ name: 'marta', codeCheck: 'C13' })).rows).toHaveLength(0);
  });

  it('finds anonymous wristbands by serial or check code', async () => {
    const found = await search({ rfid: 'CAFE' });
    expect(found.rows).toEqual([
      expect.objectContaining({ nSerie: '04CAFE00000001', customerName: null, codeCheck: 'ZZ9' }),
    ]);
  });

  it('takes % and _ literally, leaves blank fields out, and keeps to the event', async () => {
    expect((await search({ name: '%' })).rows.map((r) => r.customerName)).toEqual(['100% Fan']);
    expect((await search({ name: 's_p' })).rows.map((r) => r.customerName)).toEqual(['Luis_Pérez']);
    expect(await search({})).toEqual({ rows: [], hasMore: false });
    expect(await search({ name: '  ', email: '' })).toEqual({ rows: [], hasMore: false });
    expect((await search({ name: 'Other' })).rows).toEqual([]);
    const there = await searchCustomers(t.database.db, otherEventId, { name: 'marta' });
    expect(there.rows.map((r) => r.customerName)).toEqual(['Marta García Other']);
  });
});
