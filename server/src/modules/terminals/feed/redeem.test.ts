import { randomUUID } from 'node:crypto';
import { DEVICE_QR_PREFIX, ERRORS } from '@pulsera/contracts';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedNames } from '../../../../test/feed-names';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { devices, events, topUps } from '../../../core/db/schema';
import { purposeKey } from '../../../core/lib/tokens';
import { seedDemoVenue } from '../../../seed/demo';
import { simulateFestival } from '../../../seed/simulator';
import { registerDevice } from './device.service';
import { appTarget } from './device-client';
import { ledgerMismatches } from './ledger.repo';

/**
 * POST /api/device/redeem: a terminal scans the event's configuration QR (01-console §5 Generate QR)
 * and gets registered and credentials, which then sync.
 */
let t: TestApp;
let admin: Awaited<ReturnType<TestApp['session']>>;
let eventId: number;
const HOST = 'pulsera.festival.test';
beforeAll(async () => {
  // The server's public address (PUBLIC_URL), which its codes name and redeem checks.
  t = await createTestApp({ publicUrl: `http://${HOST}` });
  admin = await t.session('admin@demo.test');
  eventId = (await t.activeEvent()).id;
});
afterAll(() => t.close());

const generate = async (body: object = {}, session = admin) => {
  const res = await t.call('POST', '/api/event/generateQr', { ...session, body, headers: { host: HOST } });
  expect(res.status).toBe(200);
  return res.body.result as string;
};
const redeem = (body: object, host = HOST, lang?: string) =>
  t.call('POST', '/api/device/redeem', { body, headers: { host }, ...(lang ? { lang } : {}) });
const deviceRow = async (serial: string) =>
  (await t.database.db.select().from(devices).where(eq(devices.nSerie, serial)))[0]!;
const topUp = (rfid: string, amount: number) => ({
  kind: 'topup',
  id: randomUUID(),
  deviceTime: new Date().toISOString(),
  rfid,
  type: 'N',
  paymentType: 'S',
  amount,
  money: amount,
});

/** A code shaped like ours but signed with another secret, or already expired. */
async function handMade(secret: string, claims: Record<string, unknown>, exp: number) {
  const token = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer('pulsera')
    .setAudience('device-config')
    .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
    .setExpirationTime(exp)
    .sign(purposeKey(secret, 'device-config'));
  return `${DEVICE_QR_PREFIX}${token}`;
}

describe('POST /api/device/redeem', () => {
  it('registers the terminal for the event from the code, which then syncs a batch', async () => {
    const qr = await generate({ qrExpiration: 30, authExpiration: 72 });
    const before = Date.now();
    const res = await redeem({ qr, serial: 'QR-PDA-0001', model: 'Sunmi V2s', type: 'PDA' });
    expect(res.status).toBe(200);
    const r = res.body.result;
    expect(r).toMatchObject({
      token: expect.any(String),
      expiresIn: 12 * 3600,
      secretKey: expect.any(String),
      serverUrl: `http://${HOST}`,
      device: { n_serie: 'QR-PDA-0001', type: 'PDA', model: 'Sunmi V2s' },
      event: { id: eventId, name: 'Sonora Festival 2026', zona_horaria: 'Europe/Madrid' },
    });
    expect(r.secretKey.length).toBeGreaterThanOrEqual(16);
    const until = Date.parse(r.authorizedUntil);
    expect(until).toBeGreaterThanOrEqual(before + 72 * 3_600_000 - 1000);
    expect(until).toBeLessThanOrEqual(Date.now() + 72 * 3_600_000 + 1000);

    const row = await deviceRow('QR-PDA-0001');
    expect(row).toMatchObject({ assignedEventId: eventId, configured: 1, type: 'PDA', model: 'Sunmi V2s' });
    expect(row.authorizedUntil?.toISOString()).toBe(r.authorizedUntil);
    expect(row.lastContactAt).toBeInstanceOf(Date);
    expect(row.secretKeyHash).not.toContain(r.secretKey);
    // The console's devices screen lists it, configured, with the end of its authorisation.
    const listed = (await t.call('GET', '/api/devices', admin)).body.result.find(
      (d: { n_serie: string }) => d.n_serie === 'QR-PDA-0001',
    );
    expect(listed).toMatchObject({ configured: 1, idEvent: eventId, authorizedUntil: r.authorizedUntil });

    // The token answered syncs at once…
    const op = topUp('04C0DE00000001', 2500);
    const synced = await t.call('POST', '/api/device/sync', {
      headers: { devicetoken: r.token },
      body: { operations: [op] },
    });
    expect(synced.status).toBe(200);
    expect(synced.body.result).toMatchObject({ accepted: [op.id], refused: [] });
    const [recorded] = await t.database.db.select().from(topUps).where(eq(topUps.operationId, op.id));
    expect(recorded).toMatchObject({ deviceId: row.id, eventId, amount: 2500 });
    // …and serial + secret key sign in later (POST /api/device/auth).
    const auth = await t.call('POST', '/api/device/auth', {
      body: { serial: 'QR-PDA-0001', secretKey: r.secretKey },
    });
    expect(auth.status).toBe(200);
    expect(auth.body.result.event.id).toBe(eventId);
  });

  it('accepts the code without its prefix, as the console shows it', async () => {
    const qr = await generate();
    const res = await redeem({
      qr: qr.slice(DEVICE_QR_PREFIX.length),
      serial: 'QR-KIOSK-0002',
      type: 'CASH_KIOSK',
    });
    expect(res.status).toBe(200);
    expect(res.body.result.device).toMatchObject({ n_serie: 'QR-KIOSK-0002', type: 'CASH_KIOSK' });
  });

  it('re-configures a known device: moved to the code’s event, a fresh key, older tokens stop', async () => {
    const { secretKey: oldKey } = await registerDevice(t.database.db, {
      n_serie: 'QR-MOVE-0003',
      idEvent: eventId,
      type: 'ACCESS_TOTEM',
      model: 'Totem T1',
    });
    const oldToken = (
      await t.call('POST', '/api/device/auth', { body: { serial: 'QR-MOVE-0003', secretKey: oldKey } })
    ).body.result.token as string;

    const other = await t.session('admin@demo.test', 'Sonora Festival 2027');
    const otherId = (await t.eventByName('Sonora Festival 2027')).id;
    const res = await redeem({ qr: await generate({}, other), serial: 'QR-MOVE-0003' });
    expect(res.status).toBe(200);
    // Without a type in the request the device keeps its own; the model stays when none is sent.
    expect(res.body.result.device).toMatchObject({ type: 'ACCESS_TOTEM', model: 'Totem T1' });
    expect(res.body.result.event.id).toBe(otherId);
    expect((await deviceRow('QR-MOVE-0003')).assignedEventId).toBe(otherId);

    const stale = await t.call('POST', '/api/device/sync', {
      headers: { devicetoken: oldToken },
      body: { operations: [topUp('04C0DE00000003', 100)] },
    });
    expect(stale.status).toBe(401);
    const oldAuth = await t.call('POST', '/api/device/auth', {
      body: { serial: 'QR-MOVE-0003', secretKey: oldKey },
    });
    expect(oldAuth.body.error).toBe(ERRORS.deviceAuthFailed.code);
  });

  it('refuses expired, tampered, forged and wrong-server codes with clear errors', async () => {
    const ev = await t.activeEvent();
    const claims = { evt: ev.id, tok: ev.token, url: `http://${HOST}`, auth: 24 };
    const expired = await redeem({
      qr: await handMade(t.ctx.config.qrSecret, claims, Math.floor(Date.now() / 1000) - 60),
      serial: 'QR-BAD-0001',
    });
    expect(expired.status).toBe(400);
    expect(expired.body).toEqual({
      error: ERRORS.qrExpired.code,
      description: 'This configuration code has expired; generate a new one',
    });

    const forged = await redeem({
      qr: await handMade('someone-elses-secret-0123456789abcdef', claims, 4e9),
      serial: 'QR-BAD-0001',
    });
    expect(forged.body).toEqual({
      error: ERRORS.qrInvalid.code,
      description: 'This configuration code is not valid',
    });

    // Longer authorisation written into a genuine code: the signature no longer matches.
    const genuine = await generate({ qrExpiration: 5 });
    const [h, p, sig] = genuine.slice(DEVICE_QR_PREFIX.length).split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...payload, auth: 87_600 })).toString('base64url')}.${sig}`;
    expect((await redeem({ qr: tampered, serial: 'QR-BAD-0001' })).body.error).toBe(ERRORS.qrInvalid.code);

    // A code of another deployment sharing the secret (a staging copy) names its own address.
    const staging = await handMade(
      t.ctx.config.qrSecret,
      { ...claims, url: 'http://staging.festival.test' },
      Math.floor(Date.now() / 1000) + 600,
    );
    const elsewhere = await redeem({ qr: staging, serial: 'QR-BAD-0001' });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body).toEqual({
      error: ERRORS.deviceQrWrongServer.code,
      description:
        'This configuration code was made for another server (http://staging.festival.test); scan a code generated on this console',
    });
    const es = await redeem({ qr: staging, serial: 'QR-BAD-0001' }, HOST, 'es');
    expect(es.body.description).toBe(
      'Este código de configuración se hizo para otro servidor (http://staging.festival.test); escanea un código generado en esta consola',
    );
    // The Host the terminal sends does not matter: the genuine code is checked against PUBLIC_URL.
    expect((await redeem({ qr: genuine, serial: 'QR-HOST-0009' }, 'evil.example')).status).toBe(200);

    const missing = await redeem({ qr: genuine });
    expect(missing.status).toBe(400);
    expect(missing.body.fields[0]).toMatchObject({ path: 'serial', message: 'validation.required' });
    const badType = await redeem({ qr: genuine, serial: 'QR-BAD-0001', type: 'TOASTER' });
    expect(badType.body.fields[0].path).toBe('type');

    // None of these registered anything.
    expect(await t.database.db.select().from(devices).where(eq(devices.nSerie, 'QR-BAD-0001'))).toEqual([]);
  });

  it('refuses the code of a closed event and a device deactivated in the console', async () => {
    const qr = await generate();
    const { secretKey } = await registerDevice(t.database.db, { n_serie: 'QR-OFF-0001', idEvent: eventId });
    await t.database.db
      .update(devices)
      .set({ dateInactive: new Date(Date.now() - 60_000) })
      .where(eq(devices.nSerie, 'QR-OFF-0001'));
    const off = await redeem({ qr, serial: 'QR-OFF-0001' });
    expect(off.status).toBe(403);
    expect(off.body.error).toBe(ERRORS.deviceInactive.code);
    expect((await deviceRow('QR-OFF-0001')).secretKeyHash).not.toBeNull();
    expect(
      (await t.call('POST', '/api/device/auth', { body: { serial: 'QR-OFF-0001', secretKey } })).body.error,
    ).toBe(ERRORS.deviceInactive.code);

    const other = await t.session('admin@demo.test', 'Sonora Festival 2027');
    const closedQr = await generate({}, other);
    const ev = await t.eventByName('Sonora Festival 2027');
    await t.database.db.update(events).set({ isClosed: 1 }).where(eq(events.id, ev.id));
    try {
      const closed = await redeem({ qr: closedQr, serial: 'QR-CLOSED-0001' });
      expect(closed.status).toBe(409);
      expect(closed.body).toEqual({ error: ERRORS.eventClosed.code, description: 'The event is closed' });
    } finally {
      await t.database.db.update(events).set({ isClosed: 0 }).where(eq(events.id, ev.id));
    }
  });

  it('ends the authorisation after the granted time: no sign-in, and no token outlives it', async () => {
    const qr = await generate({ authExpiration: 24 });
    const r = (await redeem({ qr, serial: 'QR-AUTH-0001' })).body.result;
    // 24 hours granted: the first token still lasts its 12 hours.
    expect(r.expiresIn).toBe(12 * 3600);

    const soon = new Date(Date.now() + 3600_000);
    await t.database.db
      .update(devices)
      .set({ authorizedUntil: soon })
      .where(eq(devices.nSerie, 'QR-AUTH-0001'));
    const auth = await t.call('POST', '/api/device/auth', {
      body: { serial: 'QR-AUTH-0001', secretKey: r.secretKey },
    });
    expect(auth.status).toBe(200);
    expect(auth.body.result.expiresIn).toBeLessThanOrEqual(3600);
    expect(auth.body.result.expiresIn).toBeGreaterThan(3500);

    await t.database.db
      .update(devices)
      .set({ authorizedUntil: new Date(Date.now() - 1000) })
      .where(eq(devices.nSerie, 'QR-AUTH-0001'));
    const ended = await t.call('POST', '/api/device/auth', {
      body: { serial: 'QR-AUTH-0001', secretKey: r.secretKey },
    });
    expect(ended.status).toBe(403);
    expect(ended.body).toEqual({
      error: ERRORS.deviceAuthorizationExpired.code,
      description: 'The authorisation of this device has expired; scan a new configuration code of the event',
    });
    // A new code authorises it again.
    const renewed = await redeem({ qr: await generate(), serial: 'QR-AUTH-0001' });
    expect(renewed.status).toBe(200);
    const again = await t.call('POST', '/api/device/auth', {
      body: { serial: 'QR-AUTH-0001', secretKey: renewed.body.result.secretKey },
    });
    expect(again.status).toBe(200);
  });

  it('drives the festival simulator: every terminal configured from the QR', async () => {
    const event = await t.eventByName('Sonora Festival 2027');
    const other = await t.session('admin@demo.test', 'Sonora Festival 2027');
    const qr = await generate({}, other);
    // The terminals name the event's own places (the feed refuses others).
    await seedDemoVenue(t.database.db, event.id);
    await feedNames(t.database.db, event.id, { articles: [7101, 7102, 7103] });
    const report = await simulateFestival(appTarget(t.app, t.database.db, { qr, host: HOST }), {
      eventId: event.id,
      wristbands: 12,
      days: 1,
      seed: 11,
      syncEveryMinutes: 60,
      start: new Date('2027-07-10T12:00:00Z'),
    });
    expect(report.devices).toBeGreaterThan(3);
    expect(report.accepted).toBe(report.operations);
    expect(report.refused).toBe(0);
    const terminals = await t.database.db.select().from(devices).where(eq(devices.assignedEventId, event.id));
    // (QR-MOVE-0003 was moved to this event by an earlier test.)
    const simulated = terminals.filter((d) => d.authorizedUntil !== null && !d.nSerie.startsWith('QR-'));
    expect(simulated.length).toBe(report.devices);
    expect(simulated.every((d) => d.configured === 1)).toBe(true);
    expect(await ledgerMismatches(t.database.db, event.id)).toEqual([]);
  }, 120_000);
});
