import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerRefunds, customers, onlineTopUps } from '../../../core/db/schema';
import {
  closeCustomers,
  eventId,
  feed,
  get,
  LUCIA_2,
  lucia,
  MARCO,
  marco,
  op,
  openCustomers,
  ops,
  otherEventId,
  post,
  type Session,
  T0,
  T1,
  t,
  VALID_IBAN,
} from './customers.fixture';
import { seedOnlineServices } from './demo';

/**
 * Refunds on the customer lookup (01-console §5, §7 Customers) on data recorded through the terminal
 * feed (customers.fixture.ts): the customer refund with every rule of §5, online top-ups marked
 * refunded by admins only, and the demo online services that make both.
 */

beforeAll(openCustomers);
afterAll(closeCustomers);

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

  it('marks a rejected or unfinished top-up refunded too: any status but -1 (01-console §4)', async () => {
    for (const payed of [2, 0]) {
      await t.database.db.update(onlineTopUps).set({ payed }).where(eq(onlineTopUps.id, id));
      const res = await post('/api/infoCustomer/topUpRefund', { rechargeOnlineId: id });
      expect(res.status).toBe(200);
      expect(res.body.result).toMatchObject({ id, payed: -1 });
    }
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
