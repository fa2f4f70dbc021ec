import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { topUpAmounts } from '@pulsera/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { saveOnlineServices } from '../../../../test/online-services';
import { onlineTopUps, wristbands } from '../../../core/db/schema';
import { seedDemoTopUpRules } from '../../catalogue';
import { ledgerMismatches, registerDevice } from '../../terminals';
import { reconcileCardTopUps } from './card-top-up.service';
import { outboxMails } from './outbox.fixture';
import { type StripeSimulator, startStripeSimulator, stripeSignature } from './stripe-simulator';

/**
 * Card top-ups of the attendee portal (issue 28) against a local Stripe (stripe-simulator.ts) reached
 * by the official client: the amounts are the server's, a notice not signed is refused, the wristband
 * is credited once however many notices arrive and whoever settles first, a lost notice is made good
 * by the reconciliation, and the balances stay the sum of the ledger.
 */
let t: TestApp;
let sim: StripeSimulator;
let eventId: number;
let token: string;
const SLUG = 'sonora-2026';
const RFID = '04C4A2D1E0F001';

const auth = () => ({ headers: { authorization: `Bearer ${token}` } });
const start = (amount: number) =>
  t.call('POST', `/api/portal/${SLUG}/top-ups`, { ...auth(), body: { amount } });
const result = (id: number) => t.call('GET', `/api/portal/${SLUG}/top-ups/${id}`, auth());
const balance = async () => (await t.call('GET', `/api/portal/${SLUG}/me`, auth())).body.result.wristband;
const sessionOf = (url: string) => sim.sessions.get(url.split('/pay/')[1] ?? '')!;

beforeAll(async () => {
  sim = await startStripeSimulator();
  t = await createTestApp({
    stripe: { secretKey: sim.secretKey, webhookSecret: sim.webhookSecret, apiUrl: sim.url },
    stripeReconcileMinutes: 1,
    topUpSiteUrl: 'https://tickets.example.com/portal',
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  sim.webhookUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/portal/stripe/webhook`;
  eventId = (await t.activeEvent()).id;
  const admin = await t.session('admin@demo.test');
  const serial = 'CARD-PDA-1';
  const { secretKey } = await registerDevice(t.database.db, { n_serie: serial, idEvent: eventId });
  const device = (await t.call('POST', '/api/device/auth', { body: { serial, secretKey } })).body.result
    .token;
  const sync = await t.call('POST', '/api/device/sync', {
    headers: { devicetoken: device },
    body: {
      operations: [
        {
          kind: 'ticketValidation',
          id: randomUUID(),
          deviceTime: '2026-07-10T18:00:00.000Z',
          ticketCode: 'CARD-0001',
          rfid: RFID,
          codeCheck: 'C4RD',
          customer: { name: 'Carla Card', email: 'carla.card@example.com' },
        },
      ],
    },
  });
  expect(sync.body.result.refused).toEqual([]);
  const saved = await saveOnlineServices(t, admin, {
    loginMethod: 'rfidAndTicket',
    needsCodeCheck: 1,
    minTopUp: 500,
    maxTopUp: 50_000,
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  await seedDemoTopUpRules(t.database.db, eventId);
  const signed = await t.call('POST', `/api/portal/${SLUG}/session`, {
    body: { method: 'rfid', serial: RFID, checkCode: 'C4RD' },
    ip: '10.55.0.1',
  });
  token = signed.body.result.token;
}, 120_000);
afterAll(async () => {
  await t.close();
  await sim.close();
});

describe('a card top-up', () => {
  it('refuses an amount outside the event limits, in the language asked', async () => {
    for (const amount of [499, 50_001]) {
      const res = await start(amount);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(3904);
    }
    const es = await t.call('POST', `/api/portal/${SLUG}/top-ups`, {
      ...auth(),
      lang: 'es',
      body: { amount: 1 },
    });
    expect(es.body.description).toMatch(/fuera de los límites/);
    expect((await t.call('POST', `/api/portal/${SLUG}/top-ups`, { body: { amount: 1000 } })).status).toBe(
      401,
    );
  });

  it('charges the amount and fee of the shared rules, whatever the browser says, and credits amount and bonus once paid', async () => {
    const before = await balance();
    const options = (await t.call('GET', `/api/portal/${SLUG}/top-up`, auth())).body.result;
    expect(options.cardPayment).toBe(true);
    const quote = topUpAmounts(
      {
        amount: 500,
        at: new Date(),
        timeZone: options.timeZone,
        topUpNumber: options.topUpNumber,
        channel: 'online',
      },
      options.bonuses,
      options.fees,
    );
    expect(quote.fee).toBeGreaterThan(0);
    const res = await t.call('POST', `/api/portal/${SLUG}/top-ups`, {
      ...auth(),
      body: { amount: 500, fee: 0, money: 1, bonus: 99_999 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const session = sessionOf(res.body.result.url);
    expect(session.amount_total).toBe(quote.money);
    expect(session.success_url).toBe(
      `https://tickets.example.com/portal/${SLUG}/top-up/result?id=${res.body.result.id}`,
    );
    expect((await result(res.body.result.id)).body.result.state).toBe('pending');
    await sim.pay(session.id);
    expect((await result(res.body.result.id)).body.result).toMatchObject({
      state: 'paid',
      amount: 500,
      fee: quote.fee,
      money: quote.money,
    });
    expect(await balance()).toMatchObject({ cash: before.cash + 500, gift: before.gift + quote.bonus });
  });

  it('refuses a notice not signed with the webhook secret, and credits nothing', async () => {
    const res = await start(1000);
    const session = sessionOf(res.body.result.url);
    sim.webhooks.skip = true;
    await sim.pay(session.id);
    sim.webhooks.skip = false;
    const before = await balance();
    const payload = JSON.stringify({
      type: 'checkout.session.completed',
      data: { object: { id: session.id } },
    });
    const forged = await fetch(sim.webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': stripeSignature(payload, 'whsec_wrong'),
      },
      body: payload,
    });
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as { error: number }).error).toBe(3907);
    expect(await balance()).toEqual(before);
  });

  it('credits once for twenty identical notices', async () => {
    const before = await balance();
    const res = await start(2000);
    sim.webhooks.copies = 20;
    await sim.pay(sessionOf(res.body.result.url).id);
    sim.webhooks.copies = 1;
    const after = await balance();
    expect(after.cash).toBe(before.cash + 2000);
    expect(await ledgerMismatches(t.database.db, eventId)).toEqual([]);
  });

  it('credits once when a notice and the reconciliation settle the same payment at once', async () => {
    const before = await balance();
    const res = await start(3000);
    const session = sessionOf(res.body.result.url);
    sim.webhooks.skip = true;
    await sim.pay(session.id);
    sim.webhooks.skip = false;
    const payload = JSON.stringify({
      type: 'checkout.session.completed',
      data: { object: { id: session.id } },
    });
    const notice = () =>
      fetch(sim.webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': stripeSignature(payload, sim.webhookSecret),
        },
        body: payload,
      });
    const old = new Date(Date.now() - 5 * 60_000);
    await t.database.db.execute(
      sql`update online_top_ups set date_recharge_online = ${old.toISOString()} where id = ${res.body.result.id}`,
    );
    await Promise.all([notice(), reconcileCardTopUps(t.ctx), notice(), reconcileCardTopUps(t.ctx)]);
    expect((await balance()).cash).toBe(before.cash + 3000);
    expect(await ledgerMismatches(t.database.db, eventId)).toEqual([]);
  });

  it('is settled by the reconciliation when the notice never came: paid credited, abandoned expired', async () => {
    const before = await balance();
    const paid = await start(4000);
    const abandoned = await start(1500);
    sim.webhooks.skip = true;
    await sim.pay(sessionOf(paid.body.result.url).id);
    sim.webhooks.skip = false;
    sessionOf(abandoned.body.result.url).status = 'expired';
    expect((await reconcileCardTopUps(t.ctx)).paid).toBe(0); // not yet older than the delay
    const old = new Date(Date.now() - 5 * 60_000).toISOString();
    await t.database.db.execute(
      sql`update online_top_ups set date_recharge_online = ${old} where id in (${paid.body.result.id}, ${abandoned.body.result.id})`,
    );
    expect(await reconcileCardTopUps(t.ctx)).toMatchObject({ paid: 1, expired: 1 });
    expect((await balance()).cash).toBe(before.cash + 4000);
    expect((await result(abandoned.body.result.id)).body.result.state).toBe('rejected');
    // The console lists it among the customer's online top-ups, paid.
    const me = (await t.call('GET', `/api/portal/${SLUG}/me`, auth())).body.result;
    expect(me.onlineTopUps.find((o: { total: number }) => o.total === 4000)?.state).toBe('paid');
  });
});

describe('the card that paid', () => {
  it("stores the charge's brand, last 4 digits and country as Stripe answers them, shown in the portal and the console", async () => {
    const res = await start(2500);
    const session = sessionOf(res.body.result.url);
    await sim.pay(session.id, { card: '5555 5555 5555 4444' });
    const charge = [...sim.charges.values()].find((c) => c.payment_intent === session.payment_intent)!;
    expect(charge.payment_method_details.card).toMatchObject({ brand: 'mastercard', last4: '4444' });
    const mine = (await t.call('GET', `/api/portal/${SLUG}/me`, auth())).body.result.onlineTopUps.find(
      (o: { id: number }) => o.id === res.body.result.id,
    );
    expect(mine.card).toBe('Mastercard **** 4444');
    const admin = await t.session('admin@demo.test');
    const [w] = await t.database.db.select().from(wristbands).where(eq(wristbands.nSerie, RFID));
    const online = await t.call('GET', `/api/infoCustomer/servicesOnline?customerId=${w!.customerId}`, admin);
    const row = online.body.result.topUps.find((o: { id: number }) => o.id === res.body.result.id);
    expect(row).toMatchObject({
      data: { brand: 'Mastercard', number: '**** 4444' },
      payTpvCardCountry: 'US',
      payTpvAuthCode: charge.payment_method_details.card.authorization_code,
    });
    const found = await t.call('GET', '/api/search-top-up?cardDigits=4444', admin);
    expect(JSON.stringify(found.body.result)).toContain('**** 4444');
  });

  it('reads the card of a payment the reconciliation settles, a French Visa', async () => {
    const res = await start(1200);
    const session = sessionOf(res.body.result.url);
    sim.webhooks.skip = true;
    await sim.pay(session.id, { card: '4000002500000003' });
    sim.webhooks.skip = false;
    const old = new Date(Date.now() - 5 * 60_000).toISOString();
    await t.database.db.execute(
      sql`update online_top_ups set date_recharge_online = ${old} where id = ${res.body.result.id}`,
    );
    expect((await reconcileCardTopUps(t.ctx)).paid).toBe(1);
    const [row] = await t.database.db
      .select({
        brand: onlineTopUps.cardBrand,
        number: onlineTopUps.cardNumber,
        country: onlineTopUps.payTpvCardCountry,
      })
      .from(onlineTopUps)
      .where(eq(onlineTopUps.id, res.body.result.id));
    expect(row).toEqual({ brand: 'Visa', number: '**** 0003', country: 'FR' });
  });
});

describe('the receipt e-mail', () => {
  it('is sent once, in the language the top-up was paid in, however many notices arrive', async () => {
    await t.ctx.jobs.start({ work: true, schedule: false, pollingSeconds: 0.5 });
    const res = await t.call('POST', `/api/portal/${SLUG}/top-ups`, {
      ...auth(),
      lang: 'es',
      body: { amount: 1700 },
    });
    const session = sessionOf(res.body.result.url);
    // The customer's address is offered to the payment page; the payer may give another.
    expect(session.customer_email).toBe('carla.card@example.com');
    sim.webhooks.copies = 20;
    await sim.pay(session.id, { card: '5555555555554444', email: 'pagadora@example.com' });
    sim.webhooks.copies = 1;
    const mine = () => outboxMails(t.ctx.config.outboxDir).filter((m) => m.to === 'pagadora@example.com');
    await vi.waitFor(() => expect(mine()).toHaveLength(1), { timeout: 20_000, interval: 200 });
    await new Promise((r) => setTimeout(r, 1500));
    expect(mine()).toHaveLength(1);
    const [mail] = mine();
    expect(mail!.subject).toBe('Sonora Festival 2026: tu recarga de 34,00 T');
    expect(mail!.text).toContain('la pulsera 04C4A2D1E0F001 está recargada');
    expect(mail!.text).toContain('Tarjeta: Mastercard **** 4444');
    expect(mail!.text).toMatch(
      /Tu recibo: https:\/\/tickets\.example\.com\/portal\/sonora-2026\/receipt\/[\w-]{50}/,
    );
  });
});
