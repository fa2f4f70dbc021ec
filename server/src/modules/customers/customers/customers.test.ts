import { CUSTOMER_SEARCH_HAS_MORE } from '@pulsera/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, onlineTopUps } from '../../../core/db/schema';
import {
  admin,
  closeCustomers,
  eventId,
  feed,
  flagId,
  get,
  LUCIA_1,
  LUCIA_2,
  lucia,
  marco,
  op,
  openCustomers,
  ops,
  otherCustomer,
  post,
  T0,
  T1,
  T2,
  T3,
  t,
  VALID_IBAN,
  wristbandOf,
} from './customers.fixture';

/**
 * The customer lookup (01-console §2, §4, §7 Customers) on data recorded through the terminal feed
 * (customers.fixture.ts): the search and the five tabs.
 */

beforeAll(openCustomers);
afterAll(closeCustomers);

describe('the customer search', () => {
  it('finds by each field, partially where the lookup allows it', async () => {
    const find = async (q: string) => {
      const res = await get(`/api/infoCustomer/search?${q}`, ops);
      expect(res.status, q).toBe(200);
      return (res.body.result as { customerName: string }[]).map((r) => r.customerName);
    };
    expect(await find('name=c%C3%ADa%20fern')).toContain('Lucía Fernández');
    expect(await find('email=MARCO%40example')).toEqual(['Marco Rossi']);
    expect(await find('ticket=0001')).toEqual(['Lucía Fernández', 'Lucía Fernández']);
    expect(await find('rfid=ddee02')).toEqual(['Marco Rossi']);
    expect(await find('codeCheck=c0de02')).toEqual(['Marco Rossi']);
    expect(await find('localizer=loc99999')).toEqual(['Marco Rossi']);
    // Blank fields are left out; the other event's Lucía is never found.
    expect(await find('name=Luc%C3%ADa&email=%20%20&iban=')).toEqual(['Lucía Fernández', 'Lucía Fernández']);
    const rows = (await get('/api/infoCustomer/search?ticket=TCK-0001')).body.result;
    expect(rows[0]).toMatchObject({
      customerId: lucia.customerId,
      customerEmail: 'lucia.fernandez@example.com',
      ticket: 'TCK-0001',
    });
    expect(rows.map((r: { idRfid: number }) => r.idRfid).sort()).toEqual([lucia.first, lucia.second].sort());
  });

  it('says whether a next page has results, so a page of exactly 10 is the last', async () => {
    // Ten customers without a wristband match "Pager Ten"; an eleventh matches "Pager Eleven".
    await t.database.db
      .insert(customers)
      .values([
        ...Array.from({ length: 10 }, (_, i) => ({ eventId, name: `Pager Ten ${i}` })),
        ...Array.from({ length: 11 }, (_, i) => ({ eventId, name: `Pager Eleven ${i}` })),
      ]);
    const page = async (q: string) => {
      const res = await get(`/api/infoCustomer/search?${q}`, ops);
      expect(res.status, q).toBe(200);
      return { rows: res.body.result.length, more: res.raw.headers[CUSTOMER_SEARCH_HAS_MORE] };
    };
    expect(await page('name=pager%20ten')).toEqual({ rows: 10, more: '0' });
    expect(await page('name=pager%20ten&page=2')).toEqual({ rows: 0, more: '0' });
    expect(await page('name=pager%20eleven')).toEqual({ rows: 10, more: '1' });
    expect(await page('name=pager%20eleven&page=2')).toEqual({ rows: 1, more: '0' });
  });

  it('refuses a search without any field with a clear 400', async () => {
    for (const q of ['', '?name=%20&email=']) {
      const res = await get(`/api/infoCustomer/search${q}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 1500, description: 'Fill in at least one search field' });
    }
    const es = await t.call('GET', '/api/infoCustomer/search', { ...admin, lang: 'es' });
    expect(es.body.description).toBe('Rellena al menos un campo de búsqueda');
  });

  it('finds a customer by the IBAN of their refund, spaces and case ignored', async () => {
    await t.database.db
      .update(customers)
      .set({ iban: 'DE89370400440532013000' })
      .where(eq(customers.id, marco.customerId));
    const res = await get('/api/infoCustomer/search?iban=de89%203704%200044%200532%200130%2000');
    expect(res.body.result.map((r: { customerName: string }) => r.customerName)).toEqual(['Marco Rossi']);
  });

  it('needs the clientes permission', async () => {
    await t.userWithPermissions('no-clientes@demo.test', eventId, [1, 22]);
    const s = await t.session('no-clientes@demo.test');
    expect((await get('/api/infoCustomer/search?name=a', s)).status).toBe(403);
    expect((await get(`/api/infoCustomer?customerId=${lucia.customerId}`, s)).status).toBe(403);
  });
});

describe('the customer tabs', () => {
  it('General: the customer with the chosen wristband, or the one in use', async () => {
    const res = await get(`/api/infoCustomer?customerId=${lucia.customerId}&rfidId=${lucia.first}`, ops);
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({
      customerId: lucia.customerId,
      name: 'Lucía Fernández',
      email: 'lucia.fernandez@example.com',
      codePrint: 'TCK-0001',
      rfidId: lucia.first,
      n_serie: LUCIA_1,
      codeCheck: 'C0DE01',
      active: 0,
      cash: 0,
      registered: 0,
      dateOnlineRegistration: null,
      dateValidation: T0,
      refundableCash: 6400,
    });
    const current = (await get(`/api/infoCustomer?customerId=${lucia.customerId}`)).body.result;
    expect(current).toMatchObject({ rfidId: lucia.second, n_serie: LUCIA_2, active: 1, cash: 6400, gift: 0 });
    expect(current.flags).toEqual([flagId]);
  });

  it('Features: every flag of the event, ticked when the wristband holds it, and the changes', async () => {
    const res = await get(`/api/infoCustomer/flag?rfidId=${lucia.second}`);
    expect(res.body.result.flags).toEqual([
      { id: flagId, flagNumber: 1, name: 'VIP', description: 'VIP area', active: true },
      expect.objectContaining({ name: 'Backstage', active: false }),
    ]);
    const changes = await get(`/api/infoCustomer/wristbandChange?rfidId=${lucia.second}`);
    expect(changes.body.result).toEqual([{ sourceRfid: LUCIA_1, endRfid: LUCIA_2, date: T3 }]);
    const fromOld = await get(`/api/infoCustomer/wristbandChange?rfidId=${lucia.first}`);
    expect(fromOld.body.result).toHaveLength(1);
    expect((await get(`/api/infoCustomer/wristbandChange?rfidId=${marco.rfid}`)).body.result).toEqual([]);
  });

  it('Summary: top-ups and sales merged by date, top-ups first at the same instant', async () => {
    const res = await get(`/api/infoCustomer/extract?rfidId=${lucia.first}`, ops);
    expect(res.status).toBe(200);
    const { rows, topUps, sales } = res.body.result;
    expect(
      rows.map((r: { date: string; idType: number; type: string; operation: string }) => [
        r.date,
        r.idType,
        r.type,
        r.operation,
      ]),
    ).toEqual([
      [T1, 0, 'N', 'topUp'],
      [T1, 1, 'S', 'sale'],
      [T2, 0, 'O', 'topUp'],
      [T3, 0, 'N-RS', 'topUp'],
    ]);
    expect(rows.map((r: { amount: number; accumulate: number }) => [r.amount, r.accumulate])).toEqual([
      [5000, 5000],
      [-600, 4400],
      [2000, 6400],
      [-6400, 0],
    ]);
    expect(topUps.find((x: { operation: string }) => x.operation === 'O')).toMatchObject({
      typePay: 'O',
      ref: 'WEB-TEST0001',
      device: 'CUST-PDA-1',
    });
    expect(sales[0]).toMatchObject({
      totalPurchase: 600,
      totalPayed: 600,
      isDevolution: false,
      amount: -600,
      payments: [{ type: 'S', amount: 600 }],
      articles: [{ quantity: 2, price: 300, article: '#999', quantityGift: 0 }],
    });
    // The running balance follows the customer's day, even when a terminal uploaded late.
    const late = '04AABBCCDDEE09';
    await feed(eventId, 'CUST-PDA-LATE-1', [
      op('sale', T2, {
        rfid: late,
        lines: [{ idArticle: 1, quantity: 1, price: 500 }],
        payments: [{ type: 'S', amount: 500 }],
      }),
    ]);
    await feed(eventId, 'CUST-PDA-LATE-2', [
      op('topup', T1, { rfid: late, type: 'N', paymentType: 'S', amount: 2000 }),
    ]);
    const lateRows = (await get(`/api/infoCustomer/extract?rfidId=${(await wristbandOf(late)).id}`)).body
      .result;
    expect(
      lateRows.rows.map((r: { amount: number; accumulate: number }) => [r.amount, r.accumulate]),
    ).toEqual([
      [2000, 2000],
      [-500, 1500],
    ]);
    expect(lateRows.sales[0].acumulate).toBe(1500);
    expect(lateRows.topUps[0].acumulate).toBe(2000);
    const next = (await get(`/api/infoCustomer/extract?rfidId=${lucia.second}`)).body.result.rows;
    expect(next).toEqual([expect.objectContaining({ type: 'N-RE', amount: 6400, accumulate: 6400 })]);
  });

  it('Access: the access log with its codes, newest first', async () => {
    const res = await get(`/api/infoCustomer/access?rfidId=${lucia.first}`, ops);
    expect(res.status).toBe(200);
    expect(
      res.body.result.map((a: { acceso: string; dateLocal: string }) => [a.acceso, a.dateLocal]),
    ).toEqual([
      ['NC', T2],
      ['S', T1],
    ]);
    expect(res.body.result[0]).toMatchObject({ zoneFrom: 'Zone 1', zoneTo: 'Zone 2', gate: 'Gate 1' });
  });

  it('Online services: the online top-ups and the refund', async () => {
    const [row] = await t.database.db
      .insert(onlineTopUps)
      .values({
        eventId,
        customerId: lucia.customerId,
        wristbandId: lucia.first,
        payed: 1,
        dateRechargeOnline: new Date('2026-07-09T10:00:00Z'),
        dateRechargeRfid: new Date(T2),
        amountTotal: 2000,
        amountRecharge: 2000,
        idRecharge: 'WEB-TEST0001',
        articles: [{ idArticle: null, quantity: 1, article: 'Cup' }],
        cardBrand: 'VISA',
        cardNumber: '4548 **** **** 1234',
        payTpvCurrency: '978',
      })
      .returning();
    const res = await get(
      `/api/infoCustomer/servicesOnline?customerId=${lucia.customerId}&rfidId=${lucia.second}`,
      ops,
    );
    expect(res.status).toBe(200);
    expect(res.body.result.refund).toBeNull();
    expect(res.body.result.topUps).toEqual([
      expect.objectContaining({
        id: row!.id,
        payed: 1,
        valid: 1,
        idRecharge: 'WEB-TEST0001',
        dateRechargeRfid: T2,
        articles: [{ quantity: 1, article: 'Cup' }],
        data: { brand: 'VISA', number: '4548 **** **** 1234' },
        payTpvCurrency: '978',
      }),
    ]);
  });

  it('answers 404 for a customer or wristband of another event', async () => {
    const urls = [
      `/api/infoCustomer?customerId=${otherCustomer.customerId}`,
      `/api/infoCustomer?customerId=${lucia.customerId}&rfidId=${otherCustomer.rfid}`,
      `/api/infoCustomer?customerId=${lucia.customerId}&rfidId=${marco.rfid}`,
      `/api/infoCustomer/flag?rfidId=${otherCustomer.rfid}`,
      `/api/infoCustomer/wristbandChange?rfidId=${otherCustomer.rfid}`,
      `/api/infoCustomer/servicesOnline?customerId=${otherCustomer.customerId}`,
      `/api/infoCustomer/extract?rfidId=${otherCustomer.rfid}`,
      `/api/infoCustomer/access?rfidId=${otherCustomer.rfid}`,
    ];
    for (const url of urls) expect((await get(url)).status, url).toBe(404);
    const refund = await post('/api/infoCustomer/create-refund', {
      refund: { customerId: otherCustomer.customerId, amount: 1, ccOwner: 'Lucía Other', ccIban: VALID_IBAN },
    });
    expect(refund.status).toBe(404);
  });
});
