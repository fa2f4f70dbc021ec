import { randomUUID } from 'node:crypto';
import { CUSTOMER_SEARCH_HAS_MORE } from '@pulsera/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { customerRefunds, customers, flags, onlineTopUps, wristbands } from '../../../core/db/schema';
import { registerDevice } from '../../terminals';
import { seedOnlineServices } from './demo';

/**
 * The customer lookup (01-console §2, §4, §5, §7 Customers) on data recorded through the terminal
 * feed: search, the five tabs, the customer refund with every rule of §5, and online top-ups marked
 * refunded by admins only.
 */
let t: TestApp;
let eventId: number;
let otherEventId: number;
type Session = Awaited<ReturnType<TestApp['session']>>;
let admin: Session;
let ops: Session;

const T0 = '2026-07-10T18:00:00.000Z';
const T1 = '2026-07-10T20:00:00.000Z';
const T2 = '2026-07-10T21:30:00.000Z';
const T3 = '2026-07-10T23:00:00.000Z';
const LUCIA_1 = '04AABBCCDDEE01';
const LUCIA_2 = '04AABBCCDDEE03';
const MARCO = '04AABBCCDDEE02';
const VALID_IBAN = 'ES91 2100 0418 4502 0005 1332';

async function feed(idEvent: number, serial: string, operations: unknown[]) {
  const { secretKey } = await registerDevice(t.database.db, { n_serie: serial, idEvent });
  const token = (await t.call('POST', '/api/device/auth', { body: { serial, secretKey } })).body.result.token;
  const res = await t.call('POST', '/api/device/sync', {
    headers: { devicetoken: token },
    body: { operations },
  });
  expect(res.body.result.refused).toEqual([]);
}
const op = (kind: string, deviceTime: string, rest: Record<string, unknown>) => ({
  kind,
  id: randomUUID(),
  deviceTime,
  ...rest,
});

let flagId: number;
let lucia: { customerId: number; first: number; second: number };
let marco: { customerId: number; rfid: number };
let otherCustomer: { customerId: number; rfid: number };

const get = (url: string, s: Session = admin) => t.call('GET', url, s);
const post = (url: string, body: unknown, s: Session = admin) => t.call('POST', url, { ...s, body });

async function wristbandOf(serial: string) {
  const [w] = await t.database.db
    .select()
    .from(wristbands)
    .where(and(eq(wristbands.eventId, eventId), eq(wristbands.nSerie, serial)));
  return w!;
}

beforeAll(async () => {
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
});
afterAll(() => t.close());

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
    expect(res.body.result[0]).toMatchObject({ zoneFrom: '#1', zoneTo: '#2', gate: '#1' });
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

describe('the customer refund', () => {
  const base = () => ({
    customerId: marco.customerId,
    rfidId: marco.rfid,
    amount: 7.5,
    fee: 0.5,
    ccOwner: 'Marco Rossi',
    ccIban: VALID_IBAN,
    ccBic: 'caix es bb xxx',
    ccEmail: 'marco@example.it',
  });
  const create = (refund: Record<string, unknown>, s: Session = ops) =>
    post('/api/infoCustomer/create-refund', { refund }, s);
  const firstField = (res: { body: { fields: { path: string; message: string }[] } }) => res.body.fields[0];

  it('refuses each invalid field with the rule of §5, and writes nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ccIban: 'ES92 2100 0418 4502 0005 1332' }, 'refund.ccIban', 'validation.iban'],
      [{ ccIban: 'ES91 2100' }, 'refund.ccIban', 'validation.minLength|{"minLength":12}'],
      [{ ccIban: `ES91${'1'.repeat(40)}` }, 'refund.ccIban', 'validation.maxLength|{"maxLength":40}'],
      [{ ccIban: '' }, 'refund.ccIban', 'validation.required'],
      [{ ccBic: 'CAIX1SBB' }, 'refund.ccBic', 'validation.bic'],
      [{ ccBic: 'CAIXESBBX' }, 'refund.ccBic', 'validation.bic'],
      [{ ccOwner: 'Ana' }, 'refund.ccOwner', 'validation.minLength|{"minLength":4}'],
      [{ ccOwner: 'x'.repeat(101) }, 'refund.ccOwner', 'validation.maxLength|{"maxLength":100}'],
      [{ ccOwner: '   ' }, 'refund.ccOwner', 'validation.required'],
      [{ amount: 0 }, 'refund.amount', 'validation.min|{"min":0.01}'],
      [{ amount: 1000.01 }, 'refund.amount', 'validation.max|{"max":1000}'],
      [{ amount: 1.005 }, 'refund.amount', 'validation.step|{"step":0.01}'],
      [{ amount: undefined }, 'refund.amount', 'validation.required'],
      [{ fee: -0.01 }, 'refund.fee', 'validation.min|{"min":0}'],
      [{ fee: 1000.5 }, 'refund.fee', 'validation.max|{"max":1000}'],
      [{ fee: 0.001 }, 'refund.fee', 'validation.step|{"step":0.01}'],
      [{ ccEmail: 'not-an-email' }, 'refund.ccEmail', 'validation.email'],
      // Marco has 10.00 in cash: more cannot be refunded.
      // The balance travels in cents: the console formats it in the currency the screen shows (issue 16).
      [{ amount: 10.01 }, 'refund.amount', 'validation.refundOverBalance|{"balanceCents":1000}'],
    ];
    for (const [patch, path, message] of cases) {
      const res = await create({ ...base(), ...patch });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(firstField(res), JSON.stringify(patch)).toMatchObject({ path, message });
    }
    const bad = await create({ ...base(), ccIban: 'ES92 2100 0418 4502 0005 1332' });
    expect(bad.body.fields[0].text).toBe('Invalid IBAN');
    const rows = await t.database.db
      .select()
      .from(customerRefunds)
      .where(eq(customerRefunds.eventId, eventId));
    expect(rows).toEqual([]);
  });

  it('creates one refund per customer (stored in cents, IBAN and BIC without spaces); a second is refused', async () => {
    const res = await create({ ...base(), ccBic: '', nSerie: 'IGNORED' });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({
      amount: 7.5,
      fee: 0.5,
      ccOwner: 'Marco Rossi',
      ccIban: 'ES9121000418450200051332',
      ccBic: null,
      ccEmail: 'marco@example.it',
      rfidId: marco.rfid,
      nSerie: MARCO,
      customerId: marco.customerId,
    });
    const [stored] = await t.database.db
      .select()
      .from(customerRefunds)
      .where(eq(customerRefunds.id, res.body.result.id));
    expect(stored).toMatchObject({ amount: 750, fee: 50, ccIban: 'ES9121000418450200051332' });
    const search = await get('/api/infoCustomer/search?iban=ES91%202100%200418%204502%200005%201332');
    expect(search.body.result.map((r: { customerName: string }) => r.customerName)).toEqual(['Marco Rossi']);

    const again = await create({ ...base(), amount: 1 });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      error: 1501,
      description: 'This customer already has a refund; edit it instead',
    });
    const rows = await t.database.db
      .select()
      .from(customerRefunds)
      .where(eq(customerRefunds.customerId, marco.customerId));
    expect(rows).toHaveLength(1);

    const online = await get(`/api/infoCustomer/servicesOnline?customerId=${marco.customerId}`);
    expect(online.body.result.refund).toMatchObject({ id: res.body.result.id, amount: 7.5 });
  });

  it('refuses two concurrent creates for the same customer but one', async () => {
    const refund = {
      customerId: lucia.customerId,
      amount: 20,
      ccOwner: 'Lucía Fernández',
      ccIban: VALID_IBAN,
    };
    const results = await Promise.all([create(refund), create(refund)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const ok = results.find((r) => r.status === 200)!;
    // Without a wristband named, the refund goes to the one the customer uses now.
    expect(ok.body.result).toMatchObject({ rfidId: lucia.second, nSerie: LUCIA_2, fee: 0 });
  });

  it('needs a wristband of the customer', async () => {
    const [c] = await t.database.db
      .insert(customers)
      .values({ eventId, name: 'No Wristband', email: 'none@example.com' })
      .returning();
    const res = await create({ customerId: c!.id, amount: 1, ccOwner: 'No Wristband', ccIban: VALID_IBAN });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(1502);
  });

  it('edits only with refundsEdit: ops@demo.test has clientes but not refundsEdit', async () => {
    const refund = (await get(`/api/infoCustomer/servicesOnline?customerId=${marco.customerId}`)).body.result
      .refund;
    const edit = {
      id: refund.id,
      amount: 9.99,
      fee: 0,
      ccOwner: 'Marco A. Rossi',
      ccIban: 'de89 3704 0044 0532 0130 00',
      ccBic: 'COBADEFF',
    };
    const denied = await post('/api/infoCustomer/edit-refund', { refund: edit }, ops);
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe(1503);
    const unchanged = await t.database.db
      .select()
      .from(customerRefunds)
      .where(eq(customerRefunds.id, refund.id));
    expect(unchanged[0]).toMatchObject({ amount: 750, ccOwner: 'Marco Rossi' });

    await t.userWithPermissions('refunds-editor@demo.test', eventId, [18, 36]);
    const editor = await t.session('refunds-editor@demo.test');
    const bad = await post(
      '/api/infoCustomer/edit-refund',
      { refund: { ...edit, ccBic: 'COBA-DEFF' } },
      editor,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.fields[0]).toMatchObject({ path: 'refund.ccBic', message: 'validation.bic' });
    const over = await post('/api/infoCustomer/edit-refund', { refund: { ...edit, amount: 10.5 } }, editor);
    expect(over.status).toBe(400);
    expect(over.body.fields[0].path).toBe('refund.amount');

    const res = await post(
      '/api/infoCustomer/edit-refund',
      { refund: { ...edit, ccEmail: 'changed@example.com' } },
      editor,
    );
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({
      id: refund.id,
      amount: 9.99,
      fee: 0,
      ccOwner: 'Marco A. Rossi',
      ccIban: 'DE89370400440532013000',
      ccBic: 'COBADEFF',
      // The e-mail is editable only for new refunds.
      ccEmail: 'marco@example.it',
    });
    // Admins have every permission.
    const byAdmin = await post('/api/infoCustomer/edit-refund', { refund: { ...edit, amount: 1 } });
    expect(byAdmin.status).toBe(200);
    const missing = await post('/api/infoCustomer/edit-refund', { refund: { ...edit, id: 999_999 } });
    expect(missing.status).toBe(404);
  });
});

describe('marking an online top-up refunded', () => {
  let id: number;
  beforeAll(async () => {
    const [row] = await t.database.db
      .insert(onlineTopUps)
      .values({
        eventId,
        customerId: marco.customerId,
        payed: 2,
        notes: 'Card declined',
        dateRechargeOnline: new Date(T0),
        amountTotal: 1500,
        amountRecharge: 1500,
      })
      .returning();
    id = row!.id;
  });

  it('is refused to non-admins, even with clientes', async () => {
    const res = await post('/api/infoCustomer/topUpRefund', { rechargeOnlineId: id }, ops);
    expect(res.status).toBe(403);
    const [row] = await t.database.db.select().from(onlineTopUps).where(eq(onlineTopUps.id, id));
    expect(row!.payed).toBe(2);
  });

  it('refuses to mark a top-up that was not paid (issue 16)', async () => {
    const res = await post('/api/infoCustomer/topUpRefund', { rechargeOnlineId: id });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      error: 3403,
      description: 'Only a paid online top-up can be marked refunded',
    });
    const [row] = await t.database.db.select().from(onlineTopUps).where(eq(onlineTopUps.id, id));
    expect(row!.payed).toBe(2);
  });

  it('lets an admin mark a paid one once; a second mark, even a concurrent one, is refused', async () => {
    await t.database.db.update(onlineTopUps).set({ payed: 1 }).where(eq(onlineTopUps.id, id));
    const [a, b] = await Promise.all([
      post('/api/infoCustomer/topUpRefund', { rechargeOnlineId: id }),
      post('/api/infoCustomer/topUpRefund', { rechargeOnlineId: id }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const ok = a.status === 200 ? a : b;
    expect(ok.body.result).toMatchObject({ id, payed: -1, notes: 'Card declined' });
    expect(ok.body.result.dateRefund).toEqual(expect.any(String));
    const again = await post('/api/infoCustomer/topUpRefund', { rechargeOnlineId: id });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      error: 1504,
      description: 'This online top-up is already marked as refunded',
    });
    const shown = await get(`/api/infoCustomer/servicesOnline?customerId=${marco.customerId}`);
    expect(shown.body.result.topUps.find((x: { id: number }) => x.id === id).payed).toBe(-1);
    // Having bought online, the customer registered on the online-services web.
    const general = await get(`/api/infoCustomer?customerId=${marco.customerId}`);
    expect(general.body.result.registered).toBe(1);
    // Its date is the first online top-up's, not the record's creation (issue 16 item 9).
    expect(general.body.result.dateOnlineRegistration).toBe(new Date(T0).toISOString());
  });

  it('answers 404 for an online top-up of another event', async () => {
    const [row] = await t.database.db
      .insert(onlineTopUps)
      .values({ eventId: otherEventId, payed: 1, dateRechargeOnline: new Date(T0) })
      .returning();
    const other = await post('/api/infoCustomer/topUpRefund', { rechargeOnlineId: row!.id });
    expect(other.status).toBe(404);
    // 01-console §8 'Top-up not found', not the generic not-found (issue 16).
    expect(other.body).toMatchObject({ error: 3404, description: 'Top-up not found' });
    const [still] = await t.database.db.select().from(onlineTopUps).where(eq(onlineTopUps.id, row!.id));
    expect(still!.payed).toBe(1);
  });
});

describe('the demo online services', () => {
  it('makes paid online top-ups behind the O top-ups, the other statuses and refunds; only once', async () => {
    const demoEvent = (await t.eventByName('Mar Azul Beach 2026')).id;
    const people = Array.from({ length: 6 }, (_, i) => `04DE00000000${String(i + 10)}`);
    await feed(demoEvent, 'CUST-PDA-3', [
      ...people.map((rfid, i) =>
        op('ticketValidation', T0, {
          ticketCode: `DEMO-${i}`,
          rfid,
          customer: { name: `Demo Person ${i}`, email: `demo${i}@example.com` },
        }),
      ),
      ...people.map((rfid, i) =>
        op('topup', T1, {
          rfid,
          type: i < 2 ? 'O' : 'N',
          paymentType: i < 2 ? 'O' : 'S',
          amount: 3000,
          ref: i < 2 ? `WEB-DEMO${i}` : undefined,
        }),
      ),
    ]);
    const made = await seedOnlineServices(t.database.db, demoEvent);
    expect(made.refunds).toBeGreaterThan(0);
    const rows = await t.database.db.select().from(onlineTopUps).where(eq(onlineTopUps.eventId, demoEvent));
    expect(rows).toHaveLength(made.onlineTopUps);
    expect(new Set(rows.map((r) => r.payed))).toEqual(new Set([0, 1, 2, -1]));
    const paid = rows.filter((r) => r.payed === 1);
    expect(paid.map((r) => r.idRecharge).sort()).toEqual(['WEB-DEMO0', 'WEB-DEMO1']);
    expect(rows.filter((r) => r.payed === 2).every((r) => r.notes)).toBe(true);
    const refunds = await t.database.db
      .select()
      .from(customerRefunds)
      .where(eq(customerRefunds.eventId, demoEvent));
    expect(refunds).toHaveLength(made.refunds);
    // The refunds' IBANs are real ones, so the lookup by IBAN finds their customers.
    const s = await t.session('admin@demo.test', 'Mar Azul Beach 2026');
    const found = await t.call('GET', `/api/infoCustomer/search?iban=${refunds[0]!.ccIban}`, s);
    expect(found.body.result[0].customerId).toBe(refunds[0]!.customerId);
    expect(await seedOnlineServices(t.database.db, demoEvent)).toEqual({ onlineTopUps: 0, refunds: 0 });
  });
});
