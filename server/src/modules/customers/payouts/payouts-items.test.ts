import { LANGUAGES, MESSAGES } from '@pulsera/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { customerRefunds, events, wristbands } from '../../../core/db/schema';
import { EVENT, FUTURE, seedRefunds, tag, validatePain } from './payouts.fixture';

/**
 * Issues 26 and 27 on refund payouts: a BIC of another country than its IBAN's is refused where it is
 * entered, and a run never fails as a whole for one refund the file cannot carry (left out, named);
 * a fee that eats the amount is refused; names in other scripts are transliterated; the file's dates
 * are the event's zone's; a refund shows one state and its history; the extract ends at the balance,
 * payouts and their rejections included.
 */
let t: TestApp;
let eventId: number;
type Session = Awaited<ReturnType<TestApp['session']>>;
let admin: Session;

/** serial, name, IBAN, BIC, cash topped up (cents), refund (units). */
const PEOPLE = [
  ['04ITM0000000001', 'Дмитрий Шостакович', 'DE89370400440532013000', 'COBADEFFXXX', 5000, 40],
  ['04ITM0000000002', 'Γιώργος Παπαδόπουλος', 'ES9121000418450200051332', 'CAIXESBBXXX', 3000, 25],
  ['04ITM0000000003', 'محمد عبد الله', 'FR1420041010050500013M02606', '', 2000, 12.5],
  ['04ITM0000000004', 'Marco Rossi', 'IT60X0542811101000000123456', 'BPMOIT22XXX', 8000, 70],
] as const;
const refundIds: number[] = [];
const wristbandIds: number[] = [];

const post = (url: string, body: unknown, s: Session = admin) => t.call('POST', url, { ...s, body });
const get = (url: string, s: Session = admin) => t.call('GET', url, s);
async function wristband(id: number) {
  const [w] = await t.database.db.select().from(wristbands).where(eq(wristbands.id, id));
  return w!;
}

beforeAll(async () => {
  t = await createTestApp();
  eventId = (await t.eventByName(EVENT)).id;
  admin = await t.session('admin@demo.test', EVENT);
  for (const r of await seedRefunds(t, eventId, admin, {
    device: 'ITEMS-PDA-1',
    ticketPrefix: 'ITM',
    people: PEOPLE,
  })) {
    refundIds.push(r.id);
    wristbandIds.push(r.wristbandId);
  }
  const account = await t.call('PUT', '/api/payouts/account', {
    ...admin,
    body: {
      name: 'Sonora Producciones S.L.',
      iban: 'ES7620770024003102575766',
      bic: 'CVALESVVXXX',
      conceptTemplate: 'Refund {refund} {customer}',
    },
  });
  expect(account.status).toBe(200);
});
afterAll(() => t.close());

describe('a BIC of another country than its IBAN', () => {
  const refund = (i: number, change: Record<string, unknown>) => ({
    id: refundIds[i],
    amount: 10,
    fee: 0,
    ccOwner: 'Marco Rossi',
    ccIban: PEOPLE[3][2],
    ccBic: PEOPLE[3][3],
    ...change,
  });

  it('is refused on the refund and the debtor account, with a message in every language', async () => {
    const res = await post('/api/infoCustomer/edit-refund', { refund: refund(3, { ccBic: 'COBADEFFXXX' }) });
    expect(res.status).toBe(400);
    expect(res.body.fields[0]).toMatchObject({
      path: 'refund.ccBic',
      message: 'validation.bicCountry|{"iban":"IT","bic":"DE"}',
    });
    for (const lang of LANGUAGES) {
      expect(MESSAGES[lang].validation.bicCountry, lang).toMatch(/\{\{bic\}\}.*\{\{iban\}\}/);
      expect(MESSAGES[lang].validation.feeUnderAmount, lang).toBeTruthy();
    }
    expect(new Set(LANGUAGES.map((l) => MESSAGES[l].validation.bicCountry)).size).toBe(LANGUAGES.length);
    const account = await t.call('PUT', '/api/payouts/account', {
      ...admin,
      body: {
        name: 'Sonora',
        iban: 'ES7620770024003102575766',
        bic: 'COBADEFFXXX',
        conceptTemplate: 'Refund',
      },
    });
    expect(account.status).toBe(400);
    expect(account.body.fields[0]).toMatchObject({ path: 'bic' });
    // A French territory's BIC with a French IBAN is a good pair.
    const ok = await post('/api/infoCustomer/edit-refund', {
      refund: refund(2, { amount: 12.5, ccOwner: PEOPLE[2][1], ccIban: PEOPLE[2][2], ccBic: 'BNPAGPGPXXX' }),
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    await post('/api/infoCustomer/edit-refund', {
      refund: refund(2, { amount: 12.5, ccOwner: PEOPLE[2][1], ccIban: PEOPLE[2][2], ccBic: '' }),
    });
  });

  it('a fee that leaves nothing to transfer is refused', async () => {
    for (const fee of [10, 12]) {
      const res = await post('/api/infoCustomer/edit-refund', { refund: refund(3, { amount: 10, fee }) });
      expect(res.status).toBe(400);
      expect(res.body.fields[0]).toMatchObject({
        path: 'refund.fee',
        message: 'validation.feeUnderAmount',
      });
    }
  });

  it('already stored, it is left out of the run and named; the run and its file are made', async () => {
    // A refund saved before the check (or written by another way): the BIC is German, the IBAN Spanish.
    await t.database.db
      .update(customerRefunds)
      .set({ ccBic: 'COBADEFFXXX' })
      .where(eq(customerRefunds.id, refundIds[1]!));
    // And one whose fee eats its amount.
    await t.database.db
      .update(customerRefunds)
      .set({ fee: 7000 })
      .where(eq(customerRefunds.id, refundIds[3]!));
    const preview = await get('/api/payouts/preview');
    expect(preview.body.result.rows.map((r: { id: number }) => r.id)).toEqual([refundIds[0], refundIds[2]]);
    expect(preview.body.result.skipped).toMatchObject([
      { refundId: refundIds[1], reason: 'bicCountry', ccBic: 'COBADEFFXXX' },
      { refundId: refundIds[3], reason: 'noTransfer' },
    ]);
    const run = await post('/api/payouts/runs', { executionDate: FUTURE });
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    expect(run.body.result.items.map((i: { refundId: number }) => i.refundId)).toEqual([
      refundIds[0],
      refundIds[2],
    ]);
    expect(run.body.result.skipped.map((s: { refundId: number }) => s.refundId)).toEqual([
      refundIds[1],
      refundIds[3],
    ]);
    // Named again when the run is opened later.
    const again = await get(`/api/payouts/runs/${run.body.result.id}`);
    expect(again.body.result.skipped).toHaveLength(2);
    const xml = (await get(`/api/payouts/runs/${run.body.result.id}/file`)).raw.body;
    expect((await validatePain(xml)).errors).toEqual([]);
    // Names in Cyrillic and Arabic go in Latin letters, not as "Customer".
    expect(tag(xml, 'Nm')).toContain('Dmitriy Shostakovich');
    expect(tag(xml, 'Nm')).toContain('mhmd bd llh');
    expect(tag(xml, 'Ustrd')[0]).toBe(`Refund ${refundIds[0]} Dmitriy Shostakovich`);
    expect((await post(`/api/payouts/runs/${run.body.result.id}/cancel`, {})).status).toBe(200);
    await t.database.db.update(customerRefunds).set({ fee: 0 }).where(eq(customerRefunds.id, refundIds[3]!));
    await t.database.db
      .update(customerRefunds)
      .set({ ccBic: 'CAIXESBBXXX' })
      .where(eq(customerRefunds.id, refundIds[1]!));
  });

  it('names in Greek are transliterated too', async () => {
    const run = await post('/api/payouts/runs', { maxCount: 2, executionDate: FUTURE });
    const xml = (await get(`/api/payouts/runs/${run.body.result.id}/file`)).raw.body;
    expect(tag(xml, 'Nm')).toContain('Giorgos Papadopoylos');
    expect((await post(`/api/payouts/runs/${run.body.result.id}/cancel`, {})).status).toBe(200);
  });
});

/** Today in a zone, computed apart from the code under test. */
const todayIn = (timeZone: string) => new Date().toLocaleDateString('en-CA', { timeZone });
const dayBefore = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

describe("the file's dates", () => {
  const setZone = (timezone: string) =>
    t.database.db.update(events).set({ timezone }).where(eq(events.id, eventId));
  afterAll(() => setZone('Europe/Madrid'));

  it("'today' for the execution date is the event's, whatever the host's or UTC's", async () => {
    // 25 hours apart: at any moment one of them is not on UTC's day.
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      await setZone(zone);
      const past = await post('/api/payouts/runs', { maxCount: 1, executionDate: dayBefore(todayIn(zone)) });
      expect(past.status, `${zone} yesterday`).toBe(400);
      expect(past.body.error).toBe(2607);
      const today = await post('/api/payouts/runs', { maxCount: 1, executionDate: todayIn(zone) });
      expect(today.status, `${zone} today ${JSON.stringify(today.body)}`).toBe(200);
      const xml = (await get(`/api/payouts/runs/${today.body.result.id}/file`)).raw.body;
      expect(tag(xml, 'Dt')).toContain(todayIn(zone));
      expect((await post(`/api/payouts/runs/${today.body.result.id}/cancel`, {})).status).toBe(200);
    }
  });

  it("CreDtTm is the event's local time with its offset", async () => {
    await setZone('Asia/Kolkata');
    const before = Date.now();
    const run = await post('/api/payouts/runs', { maxCount: 1, executionDate: FUTURE });
    const xml = (await get(`/api/payouts/runs/${run.body.result.id}/file`)).raw.body;
    const [created] = tag(xml, 'CreDtTm');
    expect(created).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+05:30$/);
    const at = Date.parse(created!);
    expect(at).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(at).toBeLessThanOrEqual(Date.now());
    // The local time is Kolkata's (UTC+5:30), not the host's.
    const expected = new Date(at + 5.5 * 3600_000).toISOString().slice(0, 19);
    expect(created!.slice(0, 19)).toBe(expected);
    expect((await post(`/api/payouts/runs/${run.body.result.id}/cancel`, {})).status).toBe(200);
  });
});

describe("a refund's state, and the extract's end", () => {
  const extractEnd = async (i: number) => {
    const res = await get(`/api/infoCustomer/extract?rfidId=${wristbandIds[i]}`);
    expect(res.status).toBe(200);
    return res.body.result.rows.at(-1);
  };
  const balance = async (i: number) => {
    const w = await wristband(wristbandIds[i]!);
    return w.cash + w.gift;
  };
  const refundOf = async (i: number) => {
    const w = await wristband(wristbandIds[i]!);
    return (await get(`/api/infoCustomer/servicesOnline?customerId=${w.customerId}`)).body.result.refund;
  };

  it('sent, rejected, corrected, in a new run, that run cancelled: one state, and its history', async () => {
    const run = await post('/api/payouts/runs', { maxCount: 2, executionDate: FUTURE });
    const runId = run.body.result.id;
    expect((await post(`/api/payouts/runs/${runId}/sent`, {})).status).toBe(200);

    // After the run is sent, the extract lists the payout and ends at the balance.
    const end = await extractEnd(0);
    expect(end).toMatchObject({ operation: 'bankRefund', amount: -4000, idType: 2 });
    expect(end.accumulate).toBe(await balance(0));
    expect(end.accumulate).toBe(1000);

    const rejected = await post(`/api/payouts/runs/${runId}/reject`, {
      refundId: refundIds[0],
      reason: 'AC04',
    });
    expect(rejected.status).toBe(200);
    const back = await extractEnd(0);
    expect(back).toMatchObject({ operation: 'bankRefundReversal', amount: 4000 });
    expect(back.accumulate).toBe(await balance(0));
    expect(back.accumulate).toBe(5000);

    const edit = await post('/api/infoCustomer/edit-refund', {
      refund: {
        id: refundIds[0],
        amount: 40,
        fee: 0,
        ccOwner: PEOPLE[0][1],
        ccIban: 'DE02120300000000202051',
      },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const next = await post('/api/payouts/runs', { maxCount: 1, executionDate: FUTURE });
    expect(next.body.result.items[0].refundId).toBe(refundIds[0]);
    expect((await post(`/api/payouts/runs/${next.body.result.id}/cancel`, {})).status).toBe(200);

    const refund = await refundOf(0);
    expect(refund).toMatchObject({ status: 'pending', runId: null, paidAt: null, rejectReason: null });
    const steps = refund.history.map((h: { kind: string; runId: number | null }) => [h.kind, h.runId]);
    expect(steps[0]).toEqual(['created', null]);
    // Earlier runs of this file took it and were cancelled; the last five steps are this story.
    expect(steps.slice(-5)).toEqual([
      ['inRun', runId],
      ['paid', runId],
      ['rejected', runId],
      ['inRun', next.body.result.id],
      ['cancelled', next.body.result.id],
    ]);
    expect(refund.history.at(-3).reason).toBe('AC04');
  });
});
