import { randomUUID } from 'node:crypto';
import { DEBIT_OPERATION_TYPES, type SyncOperationInput } from '@pulsera/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper';
import { registerDevice } from '../device/device.service';
import { appTarget } from '../device/device-client';
import { ledgerMismatches } from '../device/ledger.repo';
import { eventArticles, simulateFestival } from '../device/simulator';

/**
 * Money is conserved for the event, read from the report endpoints.
 *
 * How money moves (server/src/modules/device/sync.service.ts and ledger_entries): each wristband's
 * cash and gift balances are the sum of its ledger. A top_ups row moves cash by `amount` and gift by
 * `bonus` (signed); a sale takes its S (cash) and B (gift) payments, a devolution gives them back;
 * T and O payments are external and touch no balance. A wristband replacement (N-RS / N-RE) moves
 * both balances to the new wristband and nets to zero. A fee never reaches a wristband: the customer
 * of a top-up pays amount + fee, a refund pays out |amount| − fee, and the promoter keeps the fee. A
 * customer refund (customer_refunds, the bank transfer a customer asks for) is a request that moves
 * no money, so what it asks for is still part of the balances left on the wristbands.
 *
 * From the top-ups overview's rows and totals (every top_ups row but the replacements):
 *   topUps   = creditedCash + the fees of crediting operations      (paid by customers for cash loaded)
 *   bonuses  = creditedGift                                         (gift loaded)
 *   refunds  = debitedCash + debitedGift − the fees of debiting operations
 *              (given back or cancelled: refunds, cancelled top-ups and bonuses, add-ons paid from the balance)
 *   fees     = totals.fee
 * and
 *   sales    = S + B payments of sales − those of devolutions     (taken from balances at the bars; SQL,
 *                                                                   the sales report reads the same rows)
 *   balances = cash + gift of the wristbands overview (negative balances after offline sales count as such)
 * the identity checked is
 *   topUps + bonuses = sales + fees + refunds + balances
 * which, the fees cancelling out, is creditedCash + creditedGift = sales + debitedCash + debitedGift + balances.
 */

let t: TestApp;
let eventId: number;
let session: Awaited<ReturnType<TestApp['session']>>;
const EVENT = 'Sonora Festival 2027';

beforeAll(async () => {
  t = await createTestApp();
  const event = await t.eventByName(EVENT);
  eventId = event.id;
  session = await t.session('admin@demo.test', EVENT);
  // A small festival: top-ups (cash, card, online), VIP and manual bonuses, bar sales with
  // devolutions and offline sales below zero, wristband replacements, refunds on the last night,
  // re-sent batches.
  const report = await simulateFestival(appTarget(t.app, t.database.db), {
    eventId,
    wristbands: 60,
    days: 2,
    seed: 77,
    syncEveryMinutes: 60,
    start: new Date('2027-07-10T12:00:00Z'),
    articles: await eventArticles(t.database.db, eventId),
  });
  expect(report.refused).toBe(0);

  // What the simulator does not make: fees on top-ups and refunds, a cancelled top-up, a cancelled
  // bonus, a refundable bonus and an add-on paid from the balance.
  const serial = 'RECON-KIOSK-1';
  const { secretKey } = await registerDevice(t.database.db, {
    n_serie: serial,
    idEvent: eventId,
    type: 'PDA',
  });
  const auth = await t.call('POST', '/api/device/auth', { body: { serial, secretKey } });
  let clock = Date.parse('2027-07-11T20:00:00Z');
  const tick = () => {
    clock += 60_000;
    return new Date(clock).toISOString();
  };
  const op = (rfid: string, type: string, o: Record<string, unknown>): SyncOperationInput =>
    ({
      kind: 'topup',
      id: randomUUID(),
      deviceTime: tick(),
      rfid,
      type,
      staffId: 3,
      locationId: 31,
      ...o,
    }) as SyncOperationInput;
  const a = 'RECON00000000A1';
  const b = 'RECON00000000B2';
  const c = 'RECON00000000C3';
  const operations = [
    op(a, 'N', { paymentType: 'S', amount: 5000, bonus: 250, money: 5150, fee: 150 }),
    op(b, 'N', { paymentType: 'T', amount: 3000, money: 3100, fee: 100 }),
    op(b, 'R-E', { paymentType: 'T', amount: -3000, money: 3000 }),
    op(a, 'M', { amount: 0, bonus: 800 }),
    op(a, 'MC', { amount: 0, bonus: -300 }),
    op(a, 'M-E', { amount: 700 }),
    op(a, 'AS-C', { amount: -1200, bonus: 400 }),
    {
      kind: 'sale',
      id: randomUUID(),
      deviceTime: tick(),
      rfid: a,
      lines: [{ idArticle: 1, quantity: 2, price: 600 }],
      payments: [
        { type: 'B', amount: 1000 },
        { type: 'S', amount: 200 },
      ],
      locationId: 11,
    } as SyncOperationInput,
    {
      kind: 'wristbandChange',
      id: randomUUID(),
      deviceTime: tick(),
      sourceRfid: a,
      endRfid: c,
    } as SyncOperationInput,
    op(c, 'D', { paymentType: 'S', amount: -2000, money: 1900, fee: 100 }),
  ];
  const sync = await t.call('POST', '/api/device/sync', {
    headers: { devicetoken: auth.body.result.token },
    body: { operations },
  });
  expect(sync.body.result.accepted).toHaveLength(operations.length);

  // A customer asks for a bank refund of part of what is left: a request, no money moves.
  const found = await t.call('GET', `/api/infoCustomer/search?rfid=${c}`, session);
  const refund = await t.call('POST', '/api/infoCustomer/create-refund', {
    ...session,
    body: {
      refund: {
        customerId: found.body.result[0].customerId,
        rfidId: found.body.result[0].idRfid,
        amount: 10,
        fee: 1,
        ccOwner: 'Recon Customer',
        ccIban: 'ES91 2100 0418 4502 0005 1332',
      },
    },
  });
  expect(refund.status, JSON.stringify(refund.body)).toBe(200);
}, 180_000);
afterAll(() => t.close());

const get = async (url: string) => {
  const res = await t.call('GET', url, session);
  expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.result;
};

describe('money is conserved for the event', () => {
  it('top-ups + bonuses = sales + fees + refunds + balances left on wristbands', async () => {
    expect(await ledgerMismatches(t.database.db, eventId)).toEqual([]);
    const overview = await get('/api/reports/mainRecharges');
    const wristbands = await get('/api/reports/wristbands');
    const debit = (type: string) => (DEBIT_OPERATION_TYPES as readonly string[]).includes(type);
    const feesOf = (keep: (type: string) => boolean) =>
      overview.rows
        .filter((r: { type: string }) => keep(r.type))
        .reduce((s: number, r: { fee: number }) => s + r.fee, 0);
    const [salesRow] = (
      (await t.database.db.execute(sql`
        select coalesce(sum(case when s.is_devolution then -p.amount else p.amount end), 0)::bigint as taken
        from sales s join sale_payments p on p.sale_id = s.id and p.event_id = s.event_id
        where s.event_id = ${eventId}::int and p.type in ('S', 'B')`)) as unknown as {
        rows: { taken: string }[];
      }
    ).rows;
    const t0 = overview.totals;
    const topUps = t0.creditedCash + feesOf((type) => !debit(type));
    const bonuses = t0.creditedGift;
    const refunds = t0.debitedCash + t0.debitedGift - feesOf(debit);
    const fees = t0.fee;
    const sales = Number(salesRow!.taken);
    const balances = wristbands.cash + wristbands.gift;

    // Every kind of movement is there, so the identity is not trivially true.
    expect(topUps).toBeGreaterThan(0);
    expect(bonuses).toBeGreaterThan(0);
    expect(sales).toBeGreaterThan(0);
    expect(fees).toBe(150 + 100 + 100);
    expect(refunds).toBeGreaterThan(0);
    expect(balances).toBeGreaterThan(0);
    expect(wristbands.changes).toBeGreaterThan(0);
    expect(wristbands.refundsRequestedAmount).toBe(1000);

    expect(topUps + bonuses).toBe(sales + fees + refunds + balances);
  });

  it('every breakdown adds up to its total', async () => {
    const overview = await get('/api/reports/mainRecharges');
    const t0 = overview.totals;
    for (const k of ['count', 'amount', 'bonus', 'fee', 'money'] as const) {
      expect(
        overview.rows.reduce((s: number, r: Record<string, number>) => s + r[k], 0),
        k,
      ).toBe(t0[k]);
      expect(
        overview.byPaymentType.reduce((s: number, r: Record<string, number>) => s + r[k], 0),
        k,
      ).toBe(t0[k]);
    }
    expect(t0.creditedCash - t0.debitedCash).toBe(t0.amount);
    expect(t0.creditedGift - t0.debitedGift).toBe(t0.bonus);
    expect(t0.moneyIn + t0.moneyOut).toBe(t0.money);

    const locations = await get('/api/reports/mainRechargesLocation');
    for (const r of locations.rows) expect(r.cash + r.card + r.other).toBe(r.amount);
    const topUpRows = overview.rows.filter((r: { group: string }) => r.group === 'topUp');
    expect(locations.rows.reduce((s: number, r: { amount: number }) => s + r.amount, 0)).toBe(
      topUpRows.reduce((s: number, r: { amount: number }) => s + r.amount, 0),
    );

    const cashboxes = await get('/api/reports/cashboxes');
    const moneyOf = (r: Record<string, number>) =>
      r.cashIn + r.cardIn + r.otherIn + r.cashOut + r.cardOut + r.otherOut;
    expect(cashboxes.rows.reduce((s: number, r: Record<string, number>) => s + moneyOf(r), 0)).toBe(t0.money);

    const [auto, manual] = await Promise.all([
      get('/api/reports/mainRechargesBonus'),
      get('/api/reports/manualBonuses'),
    ]);
    const refundBonus = overview.rows
      .filter((r: { group: string }) => r.group === 'refund')
      .reduce((s: number, r: { bonus: number }) => s + r.bonus, 0);
    expect(auto.totals.bonus + manual.totals.bonus + refundBonus).toBe(t0.bonus);

    const perDay = await get('/api/reports/wristbandsPerDay');
    const fresh = perDay.days.reduce((s: number, d: { newWristbands: number }) => s + d.newWristbands, 0);
    const wristbands = await get('/api/reports/wristbands');
    expect(fresh).toBe(wristbands.activated);
    expect(perDay.days.reduce((s: number, d: { topUpAmount: number }) => s + d.topUpAmount, 0)).toBe(
      topUpRows.reduce((s: number, r: { amount: number }) => s + r.amount, 0),
    );
  });
});
