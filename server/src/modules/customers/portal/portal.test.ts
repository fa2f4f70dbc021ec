import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { topUpAmounts } from '@pulsera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedNames } from '../../../../test/feed-names';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { saveOnlineServices } from '../../../../test/online-services';
import { seedDemoTopUpRules } from '../../catalogue';
import { registerDevice } from '../../terminals';

/**
 * The attendee portal's API (issue 28): the public site description, the sign-in by each login
 * method (one answer for an unknown serial and a wrong code), the throttle, reCAPTCHA checked against
 * a local server answering as Google's siteverify does, the attendee's token refused by the console,
 * and the balance and history of one's own wristband only.
 */
let t: TestApp;
let captcha: Server;
const captchaCalls: URLSearchParams[] = [];
type Session = Awaited<ReturnType<TestApp['session']>>;
let admin: Session;
let eventId: number;
const SLUG = 'sonora-2026';
const LUCIA = '04A1B2C3D4E501';
const MARCO = '04A1B2C3D4E502';
const SECRET = 'test-secret-0123456789abcdef';
const SITE_KEY = 'site-key-0123456789abcdef';

const op = (kind: string, deviceTime: string, rest: Record<string, unknown>) => ({
  kind,
  id: randomUUID(),
  deviceTime,
  ...rest,
});

beforeAll(async () => {
  // Google's siteverify, as its documentation shows it: a form POST, a JSON answer.
  captcha = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const form = new URLSearchParams(body);
      captchaCalls.push(form);
      const success = form.get('secret') === SECRET && form.get('response') === 'solved';
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify(
          success
            ? { success: true, challenge_ts: new Date().toISOString(), hostname: 'localhost' }
            : { success: false, 'error-codes': ['invalid-input-response'] },
        ),
      );
    });
  });
  await new Promise<void>((r) => captcha.listen(0, '127.0.0.1', r));
  const port = (captcha.address() as AddressInfo).port;
  // The portal's pages as a build would have them (the waiting room's page policy is on its pages).
  const portalDist = mkdtempSync(path.join(os.tmpdir(), 'pulsera-portal-dist-'));
  writeFileSync(path.join(portalDist, 'index.html'), '<!doctype html><title>portal</title>');
  t = await createTestApp({
    recaptchaVerifyUrl: `http://127.0.0.1:${port}/recaptcha/api/siteverify`,
    portalDist,
  });
  eventId = (await t.activeEvent()).id;
  admin = await t.session('admin@demo.test');
  // The feed takes only what the event sells: article 999 is one of its articles.
  await feedNames(t.database.db, eventId, { articles: [999] });
  const serial = 'PORTAL-PDA-1';
  const { secretKey } = await registerDevice(t.database.db, { n_serie: serial, idEvent: eventId });
  const token = (await t.call('POST', '/api/device/auth', { body: { serial, secretKey } })).body.result.token;
  const sync = await t.call('POST', '/api/device/sync', {
    headers: { devicetoken: token },
    body: {
      operations: [
        op('ticketValidation', '2026-07-10T18:00:00.000Z', {
          ticketCode: 'PTK-0001',
          rfid: LUCIA,
          codeCheck: 'K7Q2',
          customer: { name: 'Lucía Portal', email: 'lucia.portal@example.com' },
        }),
        op('ticketValidation', '2026-07-10T18:00:00.000Z', {
          ticketCode: 'PTK-0002',
          rfid: MARCO,
          codeCheck: 'M9X4',
          customer: { name: 'Marco Portal', email: 'marco.portal@example.com' },
        }),
        op('topup', '2026-07-10T20:00:00.000Z', {
          rfid: LUCIA,
          type: 'N',
          paymentType: 'S',
          amount: 5000,
          money: 5000,
        }),
        op('sale', '2026-07-10T21:00:00.000Z', {
          rfid: LUCIA,
          lines: [{ idArticle: 999, quantity: 2, price: 300 }],
          payments: [{ type: 'S', amount: 600 }],
        }),
        op('topup', '2026-07-10T20:00:00.000Z', {
          rfid: MARCO,
          type: 'N',
          paymentType: 'T',
          amount: 1000,
          money: 1000,
        }),
      ],
    },
  });
  expect(sync.body.result.refused).toEqual([]);
  await configure({ needsCodeCheck: 1, loginMethod: 'rfidAndTicket' });
});
afterAll(async () => {
  await t.close();
  await new Promise((r) => captcha.close(r));
});

async function configure(changes: Record<string, unknown>) {
  const res = await saveOnlineServices(t, admin, changes);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

let ipCounter = 0;
const freshIp = () => `10.77.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;
const signIn = (body: Record<string, unknown>, ip = freshIp(), lang?: string) =>
  t.call('POST', `/api/portal/${SLUG}/session`, { body, ip, ...(lang ? { lang } : {}) });
const me = (token: string, slug = SLUG) =>
  t.call('GET', `/api/portal/${slug}/me`, { headers: { authorization: `Bearer ${token}` } });

describe('the public site', () => {
  it('answers the look, the sign-in method and the currency display, and no secret', async () => {
    const res = await t.call('GET', `/api/portal/${SLUG}`);
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({
      slug: SLUG,
      eventName: 'Sonora Festival 2026',
      state: 'open',
      loginMethod: 'rfidAndTicket',
      needsCodeCheck: 1,
      currency: { financial: { iso: 'EUR' }, rate: 2 },
    });
    expect(JSON.stringify(res.body)).not.toMatch(/secret/i);
    expect((await t.call('GET', '/api/portal/no-such-festival')).status).toBe(404);
  });
});

describe('sign-in', () => {
  it('by wristband serial and check code; an unknown serial and a wrong code get the same answer', async () => {
    const good = await signIn({ method: 'rfid', serial: LUCIA.toLowerCase(), checkCode: 'k7q2' });
    expect(good.status).toBe(200);
    expect(good.body.result.token).toEqual(expect.any(String));
    const wrong = await signIn({ method: 'rfid', serial: LUCIA, checkCode: 'AAAA' }, freshIp(), 'es');
    const unknown = await signIn(
      { method: 'rfid', serial: '04FFFFFFFFFFFF', checkCode: 'K7Q2' },
      freshIp(),
      'es',
    );
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body.description).toMatch(/No encontramos ninguna pulsera/);
    // Without the code while the event asks for it: refused the same way.
    expect((await signIn({ method: 'rfid', serial: LUCIA }, freshIp(), 'es')).body).toEqual(wrong.body);
  });

  it('by ticket code; only known tickets when the event says so; only the methods the event allows', async () => {
    const byTicket = await signIn({ method: 'ticket', ticketCode: 'PTK-0001' });
    expect(byTicket.status).toBe(200);
    expect((await me(byTicket.body.result.token)).body.result.wristband.serial).toBe(LUCIA);

    await configure({ loginMethod: 'ticket', knownTicketsOnly: 1 });
    const unknownTicket = await signIn({ method: 'ticket', ticketCode: 'NOPE-9999' });
    expect(unknownTicket.status).toBe(401);
    expect(unknownTicket.body.error).toBe(3900);
    const byWristband = await signIn({ method: 'rfid', serial: LUCIA, checkCode: 'K7Q2' });
    expect(byWristband.status).toBe(400);

    await configure({ loginMethod: 'ticket', knownTicketsOnly: 0 });
    const newTicket = await signIn({ method: 'ticket', ticketCode: 'NEW-12345' });
    expect(newTicket.status).toBe(200);
    const account = (await me(newTicket.body.result.token)).body.result;
    expect(account).toMatchObject({ wristband: null, ticketCode: 'NEW-12345', operations: [] });

    await configure({ loginMethod: 'rfid', needsCodeCheck: 0 });
    expect((await signIn({ method: 'rfid', serial: MARCO })).status).toBe(200);
    expect((await signIn({ method: 'ticket', ticketCode: 'PTK-0001' })).status).toBe(400);
    await configure({ loginMethod: 'rfidAndTicket', needsCodeCheck: 1 });
  });

  it('is throttled per serial and address, while the same serial still signs in from elsewhere', async () => {
    const ip = '10.88.0.1';
    for (let i = 0; i < 5; i++)
      expect((await signIn({ method: 'rfid', serial: MARCO, checkCode: 'WRONG' }, ip)).status).toBe(401);
    const blocked = await signIn({ method: 'rfid', serial: MARCO, checkCode: 'M9X4' }, ip);
    expect(blocked.status).toBe(429);
    expect(blocked.body.description).toMatch(/Too many failed attempts/);
    expect((await signIn({ method: 'rfid', serial: MARCO, checkCode: 'M9X4' }, '10.88.0.2')).status).toBe(
      200,
    );
  });

  it('checks the reCAPTCHA answer with the verification service when a site key is set', async () => {
    await configure({ recaptchaSiteKey: SITE_KEY, recaptchaSecret: SECRET });
    const site = (await t.call('GET', `/api/portal/${SLUG}`)).body.result;
    expect(site.recaptchaSiteKey).toBe(SITE_KEY);
    const none = await signIn({ method: 'rfid', serial: LUCIA, checkCode: 'K7Q2' });
    expect(none.status).toBe(400);
    expect(none.body.error).toBe(3901);
    const forged = await signIn({ method: 'rfid', serial: LUCIA, checkCode: 'K7Q2', captcha: 'forged' });
    expect(forged.status).toBe(400);
    const solved = await signIn(
      { method: 'rfid', serial: LUCIA, checkCode: 'K7Q2', captcha: 'solved' },
      '10.66.0.9',
    );
    expect(solved.status).toBe(200);
    const last = captchaCalls.at(-1)!;
    expect(last.get('secret')).toBe(SECRET);
    expect(last.get('remoteip')).toBe('10.66.0.9');
    await configure({ recaptchaSiteKey: null, clearRecaptchaSecret: true });
  });

  it('is refused outside the online-services dates, and the site says when it opened and closed', async () => {
    const ev = (await t.call('GET', '/api/event/online-services', admin)).body.result.eventWindow;
    await configure({
      servicesOnlineDateStart: ev.start,
      servicesOnlineDateEnd: new Date(Date.now() - 60_000).toISOString(),
    });
    const site = (await t.call('GET', `/api/portal/${SLUG}`)).body.result;
    expect(site.state).toBe('closed');
    expect(site.closesAt).toEqual(expect.any(String));
    const res = await signIn({ method: 'rfid', serial: LUCIA, checkCode: 'K7Q2' });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe(3902);
    await configure({ servicesOnlineDateStart: null, servicesOnlineDateEnd: null });
  });
});

describe('the attendee session', () => {
  it('shows the balance and history of its own wristband only', async () => {
    const lucia = (await signIn({ method: 'rfid', serial: LUCIA, checkCode: 'K7Q2' })).body.result.token;
    const marco = (await signIn({ method: 'rfid', serial: MARCO, checkCode: 'M9X4' })).body.result.token;
    const a = (await me(lucia)).body.result;
    expect(a.wristband).toEqual({ serial: LUCIA, cash: 4400, gift: 0, blocked: false });
    // Newest first: the sale of two articles, then the top-up; the running balance after each.
    expect(a.operations.map((o: any) => [o.operation, o.amount, o.accumulate])).toEqual([
      ['sale', -600, 4400],
      ['topUp', 5000, 5000],
    ]);
    expect(a.operations[0].articles).toEqual([{ quantity: 2, name: 'Article 999' }]);
    const b = (await me(marco)).body.result;
    expect(b.wristband).toEqual({ serial: MARCO, cash: 1000, gift: 0, blocked: false });
    expect(b.operations).toHaveLength(1);
  });

  it('is refused by every console route, and a console session opens nothing of the portal', async () => {
    const lucia = (await signIn({ method: 'rfid', serial: LUCIA, checkCode: 'K7Q2' })).body.result.token;
    const walked = t.app.routeAccess.filter(
      (r) => r.method === 'GET' && r.access.auth !== 'none' && !r.url.includes(':'),
    );
    expect(walked.length).toBeGreaterThan(20);
    for (const r of walked) {
      const res = await t.call('GET', r.url, { token: lucia, event: admin.event });
      expect(res.status, r.url).toBe(401);
      const bearer = await t.call('GET', r.url, { headers: { authorization: `Bearer ${lucia}` } });
      expect(bearer.status, r.url).toBe(401);
    }
    expect((await me(admin.token)).status).toBe(401);
    expect((await t.call('GET', `/api/portal/${SLUG}/me`)).status).toBe(401);
    const forged = `${lucia.slice(0, -4)}AAAA`;
    expect((await me(forged)).status).toBe(401);
    // Another event's portal does not take this event's session.
    expect((await me(lucia, 'sonora-2027')).status).toBe(401);
  });
});

describe('the top-up amounts screen', () => {
  it("offers the online bonuses and the fees for every terminal, with the wristband's next top-up number", async () => {
    await seedDemoTopUpRules(t.database.db, eventId);
    const lucia = (await signIn({ method: 'rfid', serial: LUCIA, checkCode: 'K7Q2' })).body.result.token;
    const res = await t.call('GET', `/api/portal/${SLUG}/top-up`, {
      headers: { authorization: `Bearer ${lucia}` },
    });
    expect(res.status).toBe(200);
    const o = res.body.result;
    expect(o).toMatchObject({
      minTopUp: 500,
      maxTopUp: 50_000,
      topUpNumber: 2,
      presets: [1000, 2000, 5000, 10_000],
    });
    // The demo's online bonus (2.50 on 50.00 or more) and its small top-up fee; not the kiosks' bonus.
    expect(o.bonuses.every((b: { applyServicesOnline: number }) => b.applyServicesOnline === 1)).toBe(true);
    const at = new Date();
    const quote = (amount: number) =>
      topUpAmounts(
        { amount, at, timeZone: o.timeZone, topUpNumber: o.topUpNumber, channel: 'online' },
        o.bonuses,
        o.fees,
      );
    expect(quote(5000)).toMatchObject({ amount: 5000, bonus: 250, fee: 0, money: 5000 });
    expect(quote(500)).toMatchObject({ amount: 500, bonus: 0, fee: 50, money: 550 });
    expect((await t.call('GET', `/api/portal/${SLUG}/top-up`)).status).toBe(401);
  });
});

describe('the waiting room (online services’ queue)', () => {
  const scripts = [
    { type: 'text/javascript', src: 'https://queue.example.net/loader.js', function: 'FestQueue.load' },
    { type: 'module', src: 'https://cdn.queue.example.org/admit.js', function: 'FestQueue.admit' },
  ];
  it('gives the site its scripts only when the queue is on, and lets only that event’s pages load them', async () => {
    expect((await t.call('GET', `/api/portal/${SLUG}`)).body.result.queue).toBeNull();
    await configure({ queue: { enabled: 1, scripts } });
    expect((await t.call('GET', `/api/portal/${SLUG}`)).body.result.queue).toEqual(scripts);

    const page = await t.app.inject({ method: 'GET', url: `/portal/${SLUG}` });
    const csp = String(page.headers['content-security-policy']);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(csp).toMatch(
      /script-src [^;]*https:\/\/queue\.example\.net [^;]*https:\/\/cdn\.queue\.example\.org/,
    );
    expect(csp).toMatch(/connect-src [^;]*https:\/\/queue\.example\.net/);
    for (const url of ['/portal/another-festival', '/admin/events', `/api/portal/${SLUG}`]) {
      const other = await t.app.inject({ method: 'GET', url });
      expect(String(other.headers['content-security-policy']), url).not.toContain('queue.example');
    }

    await configure({ queue: { enabled: 0, scripts } });
    expect((await t.call('GET', `/api/portal/${SLUG}`)).body.result.queue).toBeNull();
  });
});
