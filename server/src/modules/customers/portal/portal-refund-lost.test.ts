/**
 * What an attendee does about their money on the portal (issue 28): asks for it back — the whole cash
 * balance of the wristband they hold, once, to an account whose BIC and IBAN agree; the customer's
 * refund the console lists (and a payout run pays); a wristband nobody registered gets its customer —
 * and blocks a lost wristband, which the terminals then refuse.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDemoFestivalApp } from '../../../../test/helper';
import { customers, events, wristbands } from '../../../core/db/schema';
import { registerDevice } from '../../terminals';
import { outboxMails } from './outbox.fixture';

let app: Awaited<ReturnType<typeof createDemoFestivalApp>>['app'];
let ctx: Awaited<ReturnType<typeof createDemoFestivalApp>>['ctx'];
let close: () => Promise<void>;
let demoDb: () => Awaited<ReturnType<typeof createDemoFestivalApp>>['database']['db'];
let eventId: number;
let deviceHeaders: Record<string, string>;
const SLUG = 'sonora-2026';
const LUCA = { serial: '04577424DBA62E', checkCode: '08367F' };
const ANON = { serial: '04A1B2C3D4E5A7', checkCode: 'C0FFEE' };
const ACCOUNT = { ccOwner: 'Luca Ruiz', ccIban: 'ES9121000418450200051332', ccBic: 'CAIXESBB' };

beforeAll(async () => {
  const demo = await createDemoFestivalApp();
  ({ app, close, ctx } = demo);
  await ctx.jobs.start({ work: true, schedule: false, pollingSeconds: 0.5 });
  const { database } = demo;
  demoDb = () => database.db;
  [{ id: eventId }] = (await database.db
    .select({ id: events.id })
    .from(events)
    .where(eq(events.slug, SLUG))) as [{ id: number }];
  // A wristband nobody registered, topped up with 12.00 in cash at a kiosk.
  const { secretKey } = await registerDevice(database.db, { n_serie: 'REFUND-KIOSK-1', idEvent: eventId });
  const auth = await app.inject({
    method: 'POST',
    url: '/api/device/auth',
    payload: { serial: 'REFUND-KIOSK-1', secretKey },
  });
  deviceHeaders = { devicetoken: auth.json().result.token };
  const sync = await app.inject({
    method: 'POST',
    url: '/api/device/sync',
    headers: { devicetoken: auth.json().result.token },
    payload: {
      operations: [
        {
          kind: 'topup',
          id: randomUUID(),
          deviceTime: new Date().toISOString(),
          rfid: ANON.serial,
          codeCheck: ANON.checkCode,
          type: 'N',
          paymentType: 'S',
          amount: 1200,
          money: 1200,
        },
      ],
    },
  });
  expect(sync.json().result.accepted).toHaveLength(1);
}, 240_000);
afterAll(() => close());

const signIn = async (band: { serial: string; checkCode: string }) => {
  const res = await app.inject({
    method: 'POST',
    url: `/api/portal/${SLUG}/session`,
    payload: { method: 'rfid', ...band },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { authorization: `Bearer ${res.json().result.token}` };
};
const me = async (headers: Record<string, string>) =>
  (await app.inject({ method: 'GET', url: `/api/portal/${SLUG}/me`, headers })).json().result;
const ask = (headers: Record<string, string>, body: object) =>
  app.inject({ method: 'POST', url: `/api/portal/${SLUG}/refund`, headers, payload: body });

describe('POST /api/portal/{slug}/refund', () => {
  it('asks for the whole cash balance back, once, and shows where it stands', async () => {
    const luca = await signIn(LUCA);
    const before = await me(luca);
    expect(before.refund).toBeNull();
    expect(before.wristband.cash).toBeGreaterThan(0);

    // A BIC of another country than the IBAN's is refused under its field; nothing is made.
    const mismatch = await ask(luca, { ...ACCOUNT, ccBic: 'DEUTDEFF' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.body).toContain('ccBic');
    expect((await me(luca)).refund).toBeNull();

    const res = await ask({ ...luca, language: 'it' }, { ...ACCOUNT, ccEmail: 'luca.conto@example.com' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.refund).toMatchObject({
      amount: before.wristband.cash,
      fee: 0,
      status: 'pending',
    });
    const again = await ask(luca, ACCOUNT);
    expect(again.statusCode).toBe(409);
    expect(again.json().message ?? again.body).toContain('already asked for your money back');

    // Acknowledged once by e-mail, in the language asked in, to the address given.
    const toLuca = () => mailsTo('luca.conto@example.com');
    await vi.waitFor(() => expect(toLuca()).toHaveLength(1), { timeout: 20_000, interval: 200 });
    expect(toLuca()[0]!.subject).toBe('Sonora Festival 2026: abbiamo ricevuto la tua richiesta di rimborso');
    expect(toLuca()[0]!.text).toContain('Ciao Luca Ruiz');
    expect(toLuca()[0]!.text).toContain(`braccialetto ${LUCA.serial}`);
    expect(toLuca()[0]!.text).toContain('termina con 1332');
  });

  it('gives a wristband nobody registered its customer, named after the account holder', async () => {
    const anon = await signIn(ANON);
    const res = await ask(anon, { ccOwner: 'Ana Anónima', ccIban: 'ES9121000418450200051332' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.refund).toMatchObject({ amount: 1200, status: 'pending' });
    // No address given and none known: no e-mail.
    await new Promise((r) => setTimeout(r, 1500));
    expect(outboxMails(ctx.config.outboxDir).filter((m) => m.text.includes('Ana Anónima'))).toEqual([]);
  });

  it('refuses without a session', async () => {
    const res = await ask({}, ACCOUNT);
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/portal/{slug}/lost', () => {
  it('blocks the wristband for every terminal, once, and says so on the page', async () => {
    const anon = await signIn(ANON);
    expect((await me(anon)).wristband.blocked).toBe(false);
    const lost = () => app.inject({ method: 'POST', url: `/api/portal/${SLUG}/lost`, headers: anon });
    const [a, b] = await Promise.all([lost(), lost()]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().result.wristband.blocked).toBe(true);
    // The terminals refuse it: its lookup says banned from sales and top-ups.
    const seen = await app.inject({
      method: 'GET',
      url: `/api/device/wristband/${ANON.serial}`,
      headers: deviceHeaders,
    });
    expect(seen.json().result).toMatchObject({ bannedTerminals: true, bannedTopUps: true });
    expect((await lost()).statusCode).toBe(200);
  });

  it('tells the attendee by e-mail, in their language, that the wristband is blocked and its balance kept', async () => {
    const luca = await signIn(LUCA);
    const [customer] = await demoDb()
      .select({ email: customers.email })
      .from(customers)
      .innerJoin(wristbands, eq(wristbands.customerId, customers.id))
      .where(eq(wristbands.nSerie, LUCA.serial));
    expect(customer?.email).toMatch(/@/);
    const res = await app.inject({
      method: 'POST',
      url: `/api/portal/${SLUG}/lost`,
      headers: { ...luca, language: 'fr' },
    });
    expect(res.statusCode).toBe(200);
    await vi.waitFor(
      () => expect(mailsTo(customer!.email!).filter((m) => m.subject.includes('bloqué'))).toHaveLength(1),
      { timeout: 20_000, interval: 200 },
    );
    const [mail] = mailsTo(customer!.email!).filter((m) => m.subject.includes('bloqué'));
    expect(mail!.subject).toBe(`Sonora Festival 2026 : le bracelet ${LUCA.serial} est bloqué`);
    expect(mail!.text).toContain('personne ne peut payer ni recharger avec');
  });
});

const mailsTo = (to: string) => outboxMails(ctx.config.outboxDir).filter((m) => m.to === to);
