import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { customerRefunds, ledgerEntries } from '../../../core/db/schema';
import { ledgerMismatches } from '../../terminals';
import {
  EVENT,
  FUTURE,
  seedRefunds,
  tag,
  validatePain,
  wristbandOf as wristbandOfEvent,
} from './payouts.fixture';

/**
 * Refund payouts (issue 15) on refunds made through the console's refund call for customers the
 * terminal feed recorded: the debtor account, the selection, the pain.001 file checked against the
 * official schema, the runs' states, the ledger, and two runs generated at once.
 */
let t: TestApp;
let eventId: number;
type Session = Awaited<ReturnType<TestApp['session']>>;
let admin: Session;

/** Customers of several countries: serial, name, IBAN, BIC, cash topped up (cents), refund (units). */
const PEOPLE = [
  ['04PAY0000000001', 'Lucía Fernández', 'ES9121000418450200051332', 'CAIXESBBXXX', 5000, 40],
  ['04PAY0000000002', 'Jürgen Müller', 'DE89370400440532013000', 'COBADEFFXXX', 3000, 25],
  ['04PAY0000000003', 'Zoé Lefèvre', 'FR1420041010050500013M02606', '', 2000, 12.5],
  ['04PAY0000000004', 'Marco Rossi', 'IT60X0542811101000000123456', 'BPMOIT22XXX', 8000, 70],
  ['04PAY0000000005', 'Sanne de Vries', 'NL91ABNA0417164300', 'ABNANL2A', 1500, 10],
  ['04PAY0000000006', 'Seán Ó Briain', 'IE29AIBK93115212345678', 'AIBKIE2D', 6000, 55],
] as const;
const refundIds: number[] = [];
const customerOf = new Map<number, number>();

const post = (url: string, body: unknown, s: Session = admin) => t.call('POST', url, { ...s, body });
const get = (url: string, s: Session = admin) => t.call('GET', url, s);

const validate = validatePain;
const wristbandOf = (serial: string) => wristbandOfEvent(t, eventId, serial);
async function refundRow(id: number) {
  const [r] = await t.database.db.select().from(customerRefunds).where(eq(customerRefunds.id, id));
  return r!;
}

beforeAll(async () => {
  t = await createTestApp();
  eventId = (await t.eventByName(EVENT)).id;
  admin = await t.session('admin@demo.test', EVENT);
  const refunds = await seedRefunds(t, eventId, admin, {
    device: 'PAYOUT-PDA-1',
    ticketPrefix: 'PAY',
    people: PEOPLE,
    email: (i) => `payout${i}@example.com`,
    fee: (i) => (i % 2 ? 0.5 : 0),
  });
  for (const [i, r] of refunds.entries()) {
    refundIds.push(r.id);
    customerOf.set(r.id, r.customerId);
    // Distinct creation days, oldest first, for the date filter.
    await t.database.db
      .update(customerRefunds)
      .set({ createdAt: new Date(`2026-07-${11 + i}T10:00:00Z`) })
      .where(eq(customerRefunds.id, r.id));
  }
});
afterAll(() => t.close());

const ACCOUNT = {
  name: 'Sonora Producciones S.L.',
  iban: 'es76 2077 0024 0031 0257 5766',
  bic: 'cvalesvvxxx',
  conceptTemplate: 'Refund {refund} {event} - {customer}',
};

describe('the debtor account', () => {
  it('refuses a bad IBAN, BIC, a concept outside the SEPA charset or with an unknown placeholder', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ iban: 'ES77 2077 0024 0031 0257 5766' }, 'iban', 'validation.iban'],
      [{ bic: 'CVAL1SVV' }, 'bic', 'validation.bic'],
      [{ conceptTemplate: 'Devolución {refund}' }, 'conceptTemplate', 'validation.sepaCharset'],
      [{ conceptTemplate: 'Refund {ticket}' }, 'conceptTemplate', 'validation.sepaPlaceholder'],
      [{ name: 'Sonora & Co' }, 'name', 'validation.sepaCharset'],
    ];
    for (const [change, path, message] of cases) {
      const res = await t.call('PUT', '/api/payouts/account', { ...admin, body: { ...ACCOUNT, ...change } });
      expect(res.status, path).toBe(400);
      expect(res.body.fields[0]).toMatchObject({ path, message });
    }
    expect((await get('/api/payouts/account')).body.result).toEqual({ account: null });
  });

  it('a run needs the account first', async () => {
    const res = await post('/api/payouts/runs', { executionDate: FUTURE });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(2601);
  });

  it('keeps the IBAN and BIC compact and upper case', async () => {
    const res = await t.call('PUT', '/api/payouts/account', { ...admin, body: ACCOUNT });
    expect(res.status).toBe(200);
    expect(res.body.result.account).toMatchObject({
      name: 'Sonora Producciones S.L.',
      iban: 'ES7620770024003102575766',
      bic: 'CVALESVVXXX',
    });
    expect((await get('/api/payouts/account')).body.result.account.iban).toBe('ES7620770024003102575766');
  });
});

describe('the selection', () => {
  it('filters by creation days and amount, then caps the count and the total of the transfers', async () => {
    const ids = async (q: string) => {
      const res = await get(`/api/payouts/preview?${q}`);
      expect(res.status, q).toBe(200);
      const { rows, count, total } = res.body.result;
      expect(count).toBe(rows.length);
      expect(total).toBe(rows.reduce((s: number, r: { transfer: number }) => s + r.transfer, 0));
      return rows.map((r: { id: number }) => r.id);
    };
    expect(await ids('')).toEqual(refundIds);
    expect(await ids('dateFrom=2026-07-12&dateTo=2026-07-13')).toEqual(refundIds.slice(1, 3));
    expect(await ids('amountMin=2500&amountMax=5500')).toEqual([refundIds[0], refundIds[1], refundIds[5]]);
    expect(await ids('maxCount=2')).toEqual(refundIds.slice(0, 2));
    // 40 + 24.50 = 64.50; 12.50 would pass 75, so it waits, as do 69.50 and 54.50; 10 fits.
    expect(await ids('maxTotal=7500')).toEqual([refundIds[0], refundIds[1], refundIds[4]]);
    const res = await get('/api/payouts/preview?amountMin=2500&amountMax=5500');
    expect(res.body.result.total).toBe(4000 + 2450 + 5450);
  });

  it("says 'No data for SEPA' when nothing matches, in the user's language", async () => {
    const empty = await get('/api/payouts/preview?dateFrom=2030-01-01');
    expect(empty.body.result).toEqual({ rows: [], count: 0, total: 0, skipped: [] });
    const res = await post('/api/payouts/runs', { dateFrom: '2030-01-01', executionDate: FUTURE });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: 2600, description: 'No data for SEPA' });
    const es = await t.call('POST', '/api/payouts/runs', {
      ...admin,
      lang: 'es',
      body: { dateFrom: '2030-01-01', executionDate: FUTURE },
    });
    expect(es.body.description).toBe('No hay datos para SEPA');
  });

  it('refuses reversed ranges and an execution date in the past', async () => {
    const bad = await get('/api/payouts/preview?dateFrom=2026-07-13&dateTo=2026-07-12');
    expect(bad.status).toBe(400);
    const past = await post('/api/payouts/runs', { executionDate: '2020-01-02' });
    expect(past.status).toBe(400);
    expect(past.body.error).toBe(2607);
  });
});

describe('a run', () => {
  let runId: number;
  let xml: string;

  it('writes a pain.001.001.09 file the official schema accepts, one transfer per refund', async () => {
    const res = await post('/api/payouts/runs', { maxCount: 4, executionDate: FUTURE });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const run = res.body.result;
    runId = run.id;
    expect(run).toMatchObject({
      status: 'generated',
      painFormat: 'pain.001.001.09',
      count: 4,
      executionDate: FUTURE,
    });
    expect(run.items.map((i: { refundId: number }) => i.refundId)).toEqual(refundIds.slice(0, 4));
    const file = await get(`/api/payouts/runs/${runId}/file`);
    expect(file.status).toBe(200);
    expect(file.raw.headers['content-type']).toContain('application/xml');
    expect(file.raw.headers['content-disposition']).toContain(`${run.messageId}.xml`);
    xml = file.raw.body;
    expect(await validate(xml)).toEqual({ valid: true, errors: [] });

    // The group header's count and sum are those of the transfers (amount − fee).
    const amounts = tag(xml, 'InstdAmt');
    expect(amounts).toEqual(['40.00', '24.50', '12.50', '69.50']);
    expect(tag(xml, 'NbOfTxs')[0]).toBe('4');
    expect(tag(xml, 'CtrlSum')[0]).toBe('146.50');
    expect(run.total).toBe(14650);
    expect(tag(xml, 'IBAN').slice(1)).toEqual([
      'ES9121000418450200051332',
      'DE89370400440532013000',
      'FR1420041010050500013M02606',
      'IT60X0542811101000000123456',
    ]);
    expect(tag(xml, 'ReqdExctnDt').length + tag(xml, 'Dt').length).toBeGreaterThan(0);
    expect(xml).toContain(`<Dt>${FUTURE}</Dt>`);
    // The concept filled and cleaned to the SEPA charset; names too.
    expect(tag(xml, 'Ustrd')[0]).toBe(`Refund ${refundIds[0]} Sonora Festival 2027 - Lucia Fernandez`);
    expect(tag(xml, 'Nm')).toContain('Jurgen Muller');
    expect(tag(xml, 'Nm')).toContain('Zoe Lefevre');
  });

  it('downloads byte-identical again', async () => {
    const again = await get(`/api/payouts/runs/${runId}/file`);
    expect(Buffer.compare(again.raw.rawPayload, Buffer.from(xml, 'utf8'))).toBe(0);
  });

  it('holds its refunds: in a run, not editable, not taken by another run', async () => {
    const detail = await get(`/api/infoCustomer/servicesOnline?customerId=${customerOf.get(refundIds[0]!)}`);
    expect(detail.body.result.refund).toMatchObject({ status: 'inRun', runId });
    const edit = await post('/api/infoCustomer/edit-refund', {
      refund: { id: refundIds[0], amount: 1, fee: 0, ccOwner: 'Lucía Fernández', ccIban: PEOPLE[0][2] },
    });
    expect(edit.status).toBe(409);
    expect(edit.body.error).toBe(2603);
    const preview = await get('/api/payouts/preview');
    expect(preview.body.result.rows.map((r: { id: number }) => r.id)).toEqual(refundIds.slice(4));
  });

  it('cancelled before it is sent, its refunds are pending again; then it cannot change', async () => {
    const cancelled = await post(`/api/payouts/runs/${runId}/cancel`, {});
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.result.status).toBe('cancelled');
    expect((await refundRow(refundIds[0]!)).status).toBe('pending');
    expect((await post(`/api/payouts/runs/${runId}/sent`, {})).status).toBe(409);
    expect((await post(`/api/payouts/runs/${runId}/cancel`, {})).status).toBe(409);
    // The file stays as it was.
    const file = await get(`/api/payouts/runs/${runId}/file`);
    expect(file.raw.body).toBe(xml);
    expect((await get('/api/payouts/preview')).body.result.count).toBe(6);
  });
});

describe('two runs generated at the same moment', () => {
  it('never take the same refund', async () => {
    const [a, b] = await Promise.all([
      post('/api/payouts/runs', { maxCount: 3, executionDate: FUTURE }),
      post('/api/payouts/runs', { maxCount: 3, executionDate: FUTURE }),
    ]);
    const taken = [a, b].flatMap((r) =>
      r.status === 200 ? r.body.result.items.map((i: { refundId: number }) => i.refundId) : [],
    );
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(new Set(taken).size).toBe(taken.length);
    expect([...taken].sort((x, y) => x - y)).toEqual([...refundIds].sort((x, y) => x - y));
    // Both cancelled again for the next tests.
    for (const r of [a, b])
      expect((await post(`/api/payouts/runs/${r.body.result.id}/cancel`, {})).status).toBe(200);
  });
});

describe('sent, paid and rejected', () => {
  let runId: number;
  const cashOf = async (i: number) => (await wristbandOf(PEOPLE[i]![0])).cash;

  it('marked sent: its refunds are paid with the date, and leave the wristbands through the ledger', async () => {
    const before = await Promise.all([0, 1].map(cashOf));
    const run = await post('/api/payouts/runs', { maxCount: 2, executionDate: FUTURE });
    runId = run.body.result.id;
    const sent = await post(`/api/payouts/runs/${runId}/sent`, { sentDate: '2026-07-20' });
    expect(sent.status).toBe(200);
    expect(sent.body.result.status).toBe('sent');
    expect(sent.body.result.items.map((i: { status: string }) => i.status)).toEqual(['paid', 'paid']);
    const r0 = await refundRow(refundIds[0]!);
    expect(r0.status).toBe('paid');
    expect(r0.paidAt?.toISOString()).toBe('2026-07-20T12:00:00.000Z');
    expect(await cashOf(0)).toBe(before[0]! - 4000);
    expect(await cashOf(1)).toBe(before[1]! - 2500);
    expect(await ledgerMismatches(t.database.db, eventId)).toEqual([]);
    expect((await post(`/api/payouts/runs/${runId}/cancel`, {})).status).toBe(409);
    const customer = await get(
      `/api/infoCustomer/servicesOnline?customerId=${customerOf.get(refundIds[0]!)}`,
    );
    expect(customer.body.result.refund).toMatchObject({
      status: 'paid',
      runId,
      paidAt: '2026-07-20T12:00:00.000Z',
    });
    expect((await get('/api/payouts/runs')).body.result[0]).toMatchObject({
      id: runId,
      status: 'sent',
      count: 2,
    });
  });

  it('a refund rejected by the bank: reason kept, money back by a second movement, editable again', async () => {
    const w = await wristbandOf(PEOPLE[1][0]);
    const cash = w.cash;
    const notSent = await post(`/api/payouts/runs/${runId}/reject`, { refundId: refundIds[5], reason: 'x' });
    expect(notSent.status).toBe(409);
    const res = await post(`/api/payouts/runs/${runId}/reject`, {
      refundId: refundIds[1],
      reason: 'AC04 Closed account',
    });
    expect(res.status).toBe(200);
    expect(res.body.result.items[1]).toMatchObject({
      status: 'rejected',
      rejectReason: 'AC04 Closed account',
    });
    expect(res.body.result.rejected).toBe(1);
    expect((await wristbandOf(PEOPLE[1][0])).cash).toBe(cash + 2500);
    const moves = await t.database.db
      .select({ kind: ledgerEntries.kind, delta: ledgerEntries.cashDelta })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.eventId, eventId), eq(ledgerEntries.wristbandId, w.id)))
      .orderBy(ledgerEntries.id);
    expect(moves.slice(-2)).toEqual([
      { kind: 'bank-refund', delta: -2500 },
      { kind: 'bank-refund-reversal', delta: 2500 },
    ]);
    expect(await ledgerMismatches(t.database.db, eventId)).toEqual([]);
    // Twice is refused; the ledger is never edited.
    const twice = await post(`/api/payouts/runs/${runId}/reject`, {
      refundId: refundIds[1],
      reason: 'again',
    });
    expect(twice.status).toBe(409);
    await expect(
      t.database.db.execute(sql`update ledger_entries set cash_delta = 0 where event_id = ${eventId}`),
    ).rejects.toThrow();

    const customer = await get(
      `/api/infoCustomer/servicesOnline?customerId=${customerOf.get(refundIds[1]!)}`,
    );
    expect(customer.body.result.refund).toMatchObject({
      status: 'rejected',
      rejectReason: 'AC04 Closed account',
    });
    // Corrected, it is pending and goes into a new run.
    const edit = await post('/api/infoCustomer/edit-refund', {
      refund: {
        id: refundIds[1],
        amount: 25,
        fee: 0.5,
        ccOwner: 'Jürgen Müller',
        ccIban: 'DE02120300000000202051',
      },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(edit.body.result.status).toBe('pending');
    const next = await post('/api/payouts/runs', { maxCount: 1, executionDate: FUTURE });
    expect(next.body.result.items[0]).toMatchObject({
      refundId: refundIds[1],
      iban: 'DE02120300000000202051',
    });
  });
});

describe('permissions', () => {
  it('needs devoluciones and refundsEdit', async () => {
    await t.userWithPermissions('refunds-only@demo.test', eventId, [13]);
    const s = await t.session('refunds-only@demo.test', EVENT);
    expect((await get('/api/payouts/runs', s)).status).toBe(403);
    await t.userWithPermissions('refunds-only@demo.test', eventId, [13, 36]);
    expect((await get('/api/payouts/runs', s)).status).toBe(200);
  });
});
