import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { customers, onlineTopUps } from '../../../core/db/schema';

/**
 * Search top-up (admin/configuration/search-top-up, admins): online top-ups of every event found by
 * order id, authorisation code, card digits, e-mail, amount and dates; one opened with every field;
 * a blank search refused; 'Top-up not found'.
 */
type Session = Awaited<ReturnType<TestApp['session']>>;
let t: TestApp;
let admin: Session;
let sonora: number;
let marAzul: number;
let ana: number;
let bruno: number;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.session('admin@demo.test');
  sonora = (await t.activeEvent()).id;
  marAzul = (await t.eventByName('Mar Azul Beach 2026')).id;
  [{ id: ana }] = await t.database.db
    .insert(customers)
    .values({ eventId: sonora, name: 'Ana Ruiz', email: 'ana.ruiz@example.com' })
    .returning({ id: customers.id });
  [{ id: bruno }] = await t.database.db
    .insert(customers)
    .values({ eventId: marAzul, name: 'Bruno Neri', email: 'bruno@example.org' })
    .returning({ id: customers.id });
  const topUp = (eventId: number, customerId: number, o: Partial<typeof onlineTopUps.$inferInsert>) => ({
    eventId,
    customerId,
    valid: 1,
    payed: 1,
    concept: 'Online top-up',
    amountRecharge: o.amountTotal ?? 0,
    cardBrand: 'VISA',
    payTpvCurrency: '978',
    terminal: '1',
    merchantCode: '999008881',
    idTransactionType: '0',
    dateRechargeOnline: new Date('2026-07-10T10:00:00Z'),
    ...o,
  });
  const rows = await t.database.db
    .insert(onlineTopUps)
    .values([
      topUp(sonora, ana, {
        idOrder: '0001AAAA1111',
        payTpvOrderId: '0001AAAA1111',
        payTpvAuthCode: 'A1B2C3',
        cardNumber: '4548 **** **** 1234',
        amountTotal: 2000,
        payTpvAmount: 2000,
        amountBonus: 0,
        dateRechargeOnline: new Date('2026-07-10T10:00:00Z'),
      }),
      topUp(sonora, ana, {
        idOrder: '0002BBBB2222',
        payTpvAuthCode: 'D4E5F6',
        cardNumber: '4548 **** **** 9876',
        amountTotal: 5000,
        amountBonus: 250,
        payed: -1,
        notes: 'Refunded to the card',
        dateRechargeOnline: new Date('2026-07-11T18:30:00Z'),
      }),
      topUp(marAzul, bruno, {
        idOrder: '0003CCCC3333',
        payTpvOrderId: 'TPV-3333',
        payTpvAuthCode: '77XY88',
        cardNumber: '3782 **** **** 1234',
        cardBrand: 'AMEX',
        amountTotal: 2000,
        payTpvAmount: 2000,
        articles: [{ idArticle: null, quantity: 2, article: 'Festival cup' }],
        dateRechargeOnline: new Date('2025-08-02T12:00:00Z'),
      }),
    ])
    .returning({ id: onlineTopUps.id, idOrder: onlineTopUps.idOrder });
  for (const r of rows) ids[r.idOrder!] = r.id;
});
afterAll(() => t.close());

const search = async (q: string, s: Session = admin) =>
  t.call('GET', `/api/search-top-up?${q}`, { ...s, lang: 'en' });
const found = async (q: string) => {
  const res = await search(q);
  expect(res.status).toBe(200);
  return res.body.result.topUps.map((r: { id: number }) => r.id).sort((a: number, b: number) => a - b);
};

describe('GET /search-top-up', () => {
  it('finds a top-up of any event by its order id (the shop’s or the gateway’s) or its authorisation code', async () => {
    expect(await found('idOrder=0003CCCC3333')).toEqual([ids['0003CCCC3333']]);
    expect(await found('idOrder=TPV-3333')).toEqual([ids['0003CCCC3333']]);
    expect(await found('authCode=a1b2c3')).toEqual([ids['0001AAAA1111']]);
    const row = (await search('idOrder=0003CCCC3333')).body.result.topUps[0];
    expect(row).toMatchObject({
      eventId: marAzul,
      eventName: 'Mar Azul Beach 2026',
      customerId: bruno,
      customerEmail: 'bruno@example.org',
      amountTotal: 2000,
      payTpvCurrency: '978',
    });
  });

  it('finds by card digits, e-mail, amount and dates, all given criteria together, across events', async () => {
    expect(await found('cardDigits=1234')).toEqual([ids['0001AAAA1111'], ids['0003CCCC3333']]);
    expect(await found('amount=20')).toEqual([ids['0001AAAA1111'], ids['0003CCCC3333']]);
    expect(await found('amount=20.00&cardDigits=1234&dateStart=2026-01-01T00:00:00Z')).toEqual([
      ids['0001AAAA1111'],
    ]);
    expect(await found('email=ana.ruiz')).toEqual([ids['0001AAAA1111'], ids['0002BBBB2222']]);
    expect(await found('email=ANA.RUIZ@EXAMPLE.COM&amount=50')).toEqual([ids['0002BBBB2222']]);
    expect(await found('dateStart=2026-07-11T00:00:00Z&dateEnd=2026-07-12T00:00:00Z')).toEqual([
      ids['0002BBBB2222'],
    ]);
    // Newest purchase first, paged on the server with the total.
    const page = (await search('cardDigits=1234&paginationLimit=1')).body.result;
    expect(page.total).toBe(2);
    expect(page.topUps.map((r: { id: number }) => r.id)).toEqual([ids['0001AAAA1111']]);
  });

  it('answers no top-up when nothing matches, and a LIKE wildcard is only a character', async () => {
    expect(await found('idOrder=NOPE')).toEqual([]);
    expect(await found('email=%25%25%25')).toEqual([]);
  });

  it('refuses a blank search and malformed criteria with their messages', async () => {
    const blank = await search('');
    expect(blank.status).toBe(400);
    expect(blank.body).toMatchObject({ error: 3503, description: 'Fill in at least one search criterion' });
    expect((await search('idOrder=%20%20')).status).toBe(400);
    const digits = await search('cardDigits=12a4');
    expect(digits.status).toBe(400);
    expect(digits.body.fields[0].text).toBe('Enter the last 4 digits of the card');
    const amount = await search('amount=20.505');
    expect(amount.body.fields[0].text).toBe('Enter an amount such as 20 or 20.50');
    expect((await search('email=an')).body.fields[0].text).toBe('Enter at least 3 characters');
    expect((await search('dateStart=2019-12-31T00:00:00Z')).status).toBe(400);
  });

  it('is for admins only', async () => {
    const ops = await t.session('ops@demo.test');
    expect((await search('idOrder=0001AAAA1111', ops)).status).toBe(403);
  });
});

describe('GET /search-top-up/:id', () => {
  it('opens a top-up with every field, its event and its customer', async () => {
    const res = await t.call('GET', `/api/search-top-up/${ids['0003CCCC3333']}`, admin);
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({
      eventId: marAzul,
      eventName: 'Mar Azul Beach 2026',
      customerId: bruno,
      customerName: 'Bruno Neri',
      customerEmail: 'bruno@example.org',
      topUp: {
        id: ids['0003CCCC3333'],
        payed: 1,
        amountTotal: 2000,
        articles: [{ quantity: 2, article: 'Festival cup' }],
        data: { brand: 'AMEX', number: '3782 **** **** 1234' },
        idOrder: '0003CCCC3333',
        payTpvOrderId: 'TPV-3333',
        payTpvAuthCode: '77XY88',
        payTpvCurrency: '978',
        merchantCode: '999008881',
      },
    });
  });

  it("answers 'Top-up not found' for an unknown id", async () => {
    const res = await t.call('GET', '/api/search-top-up/999999', { ...admin, lang: 'en' });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 3404, description: 'Top-up not found' });
  });
});
