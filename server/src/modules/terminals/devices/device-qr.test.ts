import { DEVICE_QR_PREFIX } from '@pulsera/contracts';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { buildApp } from '../../../app';
import { loadConfig } from '../../../core/config';
import { events } from '../../../core/db/schema';
import { purposeKey } from '../../../core/lib/tokens';
import { readDeviceQr, sameServer, verifyDeviceQr } from './device-qr.service';

let t: TestApp;
let s: Awaited<ReturnType<TestApp['session']>>;
/** The console and the terminals reach the server at its public address, which the code names. */
const HOST = 'console.pulsera.test:8443';
beforeAll(async () => {
  t = await createTestApp({ publicUrl: `http://${HOST}` });
  s = await t.session('admin@demo.test');
});
afterAll(() => t.close());

const generate = (body: unknown, headers: Record<string, string | undefined> = s) =>
  t.call('POST', '/api/event/generateQr', {
    ...headers,
    body,
    headers: { host: HOST, 'x-forwarded-proto': 'https' },
  });
const verify = (qr: string, host = HOST) =>
  t.call('POST', '/api/device/qr/verify', { body: { qr }, headers: { host } });

/** A code with the right shape, signed by someone else or already expired. */
async function handMade(secret: string, claims: Record<string, unknown>, expSeconds: number) {
  const token = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer('pulsera')
    .setAudience('device-config')
    .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
    .setExpirationTime(expSeconds)
    .sign(purposeKey(secret, 'device-config'));
  return `${DEVICE_QR_PREFIX}${token}`;
}

describe('POST /api/event/generateQr and POST /api/device/qr/verify', () => {
  it('generates a device-configuration code that a terminal redeems', async () => {
    const res = await generate({ qrExpiration: 60, authExpiration: 48 });
    expect(res.status).toBe(200);
    const qr = res.body.result as string;
    expect(qr.startsWith(DEVICE_QR_PREFIX)).toBe(true);
    const ev = await t.activeEvent();
    const before = Date.now();
    const ok = await verify(qr);
    expect(ok.status).toBe(200);
    expect(ok.body.result).toMatchObject({
      eventId: ev.id,
      eventName: 'Sonora Festival 2026',
      eventToken: ev.token,
      serverUrl: 'http://console.pulsera.test:8443',
      authExpiration: 48,
    });
    const auth = Date.parse(ok.body.result.authExpiresAt);
    expect(auth).toBeGreaterThanOrEqual(before + 48 * 3_600_000 - 1000);
    expect(auth).toBeLessThanOrEqual(Date.now() + 48 * 3_600_000 + 1000);
    const qrExp = Date.parse(ok.body.result.qrExpiresAt);
    expect(Math.abs(qrExp - (before + 60 * 60_000))).toBeLessThan(5000);
    // The code without its prefix (as the console shows it) is accepted too.
    expect((await verify(qr.slice(DEVICE_QR_PREFIX.length))).status).toBe(200);
  });

  it('takes the defaults (1440 minutes, 7 days) and refuses values out of range', async () => {
    const res = await generate({});
    const claims = await readDeviceQr(t.ctx.config, res.body.result);
    expect(claims.auth).toBe(7 * 24);
    expect(claims.exp - Math.floor(Date.now() / 1000)).toBeGreaterThan(1440 * 60 - 10);
    for (const [body, path] of [
      [{ qrExpiration: 0 }, 'qrExpiration'],
      [{ qrExpiration: 7201 }, 'qrExpiration'],
      [{ qrExpiration: 1.5 }, 'qrExpiration'],
      [{ authExpiration: 12 }, 'authExpiration'],
    ] as const) {
      const bad = await generate(body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.fields[0].path).toBe(path);
    }
  });

  it('answers a clear error for a forged, a tampered or an expired code', async () => {
    const ev = await t.activeEvent();
    const claims = { evt: ev.id, tok: ev.token, url: 'https://evil.test', auth: 24 };
    const forged = await verify(await handMade('not-the-secret-0123456789abcdef', claims, 4_000_000_000));
    expect(forged.status).toBe(400);
    expect(forged.body).toEqual({ error: 1201, description: 'This configuration code is not valid' });

    const genuine = (await generate({ qrExpiration: 5 })).body.result as string;
    const [h, p, sig] = genuine.slice(DEVICE_QR_PREFIX.length).split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...payload, auth: 99999 })).toString('base64url')}.${sig}`;
    expect((await verify(tampered)).body.error).toBe(1201);
    expect((await verify('PULSERA-DEVCFG:nonsense')).body.error).toBe(1201);

    const expired = await verify(
      await handMade(t.ctx.config.qrSecret, claims, Math.floor(Date.now() / 1000) - 60),
    );
    expect(expired.status).toBe(400);
    expect(expired.body.error).toBe(1202);
    const es = await t.call('POST', '/api/device/qr/verify', {
      lang: 'es',
      headers: { host: HOST },
      body: { qr: await handMade(t.ctx.config.qrSecret, claims, Math.floor(Date.now() / 1000) - 60) },
    });
    expect(es.body.description).toBe('Este código de configuración ha caducado; genera uno nuevo');
  });

  it('refuses a code of a closed event and one whose event token does not match', async () => {
    const other = await t.session('admin@demo.test', 'Sonora Festival 2027');
    const qr = (await generate({}, other)).body.result as string;
    const ev = await t.eventByName('Sonora Festival 2027');
    await t.database.db.update(events).set({ isClosed: 1 }).where(eq(events.id, ev.id));
    const closed = await verifyDeviceQr(t.ctx, qr).catch((e) => e);
    expect(closed.key).toBe('eventClosed');
    await t.database.db.update(events).set({ isClosed: 0 }).where(eq(events.id, ev.id));
    const wrongToken = await handMade(
      t.ctx.config.qrSecret,
      { evt: ev.id, tok: 'other', url: `http://${HOST}`, auth: 24 },
      4e9,
    );
    expect((await verify(wrongToken)).body.error).toBe(1201);
  });

  it('checks the code against PUBLIC_URL, whatever Host the terminal sent', async () => {
    const qr = (await generate({})).body.result as string;
    // The Host header is the caller's to choose: it neither makes nor breaks a code.
    const elsewhere = await verify(qr, 'staging.pulsera.test:8443');
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body.result.serverUrl).toBe(`http://${HOST}`);
    // Same server: host name without regard to letter case, and the same port.
    expect(sameServer(`http://${HOST}`, 'https://CONSOLE.pulsera.test:8443')).toBe(true);
    expect(sameServer(`http://${HOST}`, 'http://console.pulsera.test:9443')).toBe(false);
  });

  it('needs the generateQr rule (admins) to generate', async () => {
    const ops = await t.session('ops@demo.test');
    expect((await generate({}, ops)).status).toBe(403);
    const noSession = await t.call('POST', '/api/event/generateQr', { body: {} });
    expect(noSession.status).toBe(401);
  });
});

describe('PUBLIC_URL: the server address of the codes', () => {
  const PUBLIC = 'https://console.example.com';
  let pub: Awaited<ReturnType<typeof buildApp>>['app'];
  beforeAll(async () => {
    // A second process of the same deployment, with PUBLIC_URL set, on the same database.
    ({ app: pub } = await buildApp({
      database: t.database,
      logger: false,
      config: { seed: 'none', publicUrl: PUBLIC },
    }));
    await pub.ready();
  });
  afterAll(() => pub.close());

  const inject = async (url: string, body: unknown, host: string, headers: Record<string, string> = {}) => {
    const res = await pub.inject({
      method: 'POST',
      url,
      payload: body as object,
      headers: { ...headers, host },
    });
    return { status: res.statusCode, body: res.json() };
  };

  it('names PUBLIC_URL in the code whatever Host the console reached, and checks it on redeem', async () => {
    const res = await inject('/api/event/generateQr', {}, 'internal-node-7:8080', {
      token: s.token,
      tokenevent: s.event!,
    });
    expect(res.status).toBe(200);
    const qr = res.body.result as string;
    expect((await readDeviceQr(t.ctx.config, qr)).url).toBe(PUBLIC);
    // A terminal reaching this deployment by any internal address is accepted…
    const ok = await inject('/api/device/qr/verify', { qr }, 'internal-node-3:8080');
    expect(ok.status).toBe(200);
    expect(ok.body.result.serverUrl).toBe(PUBLIC);
    const redeemed = await inject(
      '/api/device/redeem',
      { qr, serial: 'PUBLIC-URL-PDA-1', model: 'Sunmi V2s' },
      '10.0.0.12:8080',
    );
    expect(redeemed.status).toBe(200);
    expect(redeemed.body.result.event.name).toBe('Sonora Festival 2026');
    // …and a code naming another address (another deployment sharing the secret) is refused.
    const byHost = (await generate({})).body.result as string;
    const refused = await inject('/api/device/qr/verify', { qr: byHost }, 'console.pulsera.test:8443');
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      error: 1404,
      description:
        'This configuration code was made for another server (http://console.pulsera.test:8443); scan a code generated on this console',
    });
    const notRedeemed = await inject(
      '/api/device/redeem',
      { qr: byHost, serial: 'PUBLIC-URL-PDA-2' },
      'console.example.com',
    );
    expect(notRedeemed.body.error).toBe(1404);
  });

  it('refuses a malformed setting', () => {
    const before = process.env.PUBLIC_URL;
    try {
      process.env.PUBLIC_URL = 'https://console.example.com/';
      expect(loadConfig().publicUrl).toBe('https://console.example.com');
      process.env.PUBLIC_URL = 'console.example.com';
      expect(() => loadConfig()).toThrow(/PUBLIC_URL/);
      process.env.PUBLIC_URL = 'ftp://console.example.com';
      expect(() => loadConfig()).toThrow(/PUBLIC_URL/);
    } finally {
      if (before === undefined) delete process.env.PUBLIC_URL;
      else process.env.PUBLIC_URL = before;
    }
  });
});
