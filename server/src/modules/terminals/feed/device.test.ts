import { randomUUID } from 'node:crypto';
import { ERRORS } from '@pulsera/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedNames, TEST_FEED_NAMES } from '../../../../test/feed-names';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { devices } from '../../../core/db/schema';
import { registerDevice } from './device.service';

let t: TestApp;
let eventId: number;
beforeAll(async () => {
  t = await createTestApp();
  eventId = (await t.activeEvent()).id;
  await feedNames(t.database.db, eventId, TEST_FEED_NAMES);
});
afterAll(() => t.close());

const SECRET = 'device-secret-0123456789';
const register = (serial: string, idEvent = eventId, secretKey = SECRET) =>
  registerDevice(t.database.db, { n_serie: serial, idEvent, secretKey, model: 'Sunmi V2s', type: 'PDA' });
const auth = (serial: string, secretKey = SECRET) =>
  t.call('POST', '/api/device/auth', { body: { serial, secretKey } });
const presence = () => ({
  kind: 'presence',
  id: randomUUID(),
  deviceTime: new Date().toISOString(),
  staffId: 7,
  type: 'in',
});
const sync = (headers: Record<string, string>, operations: unknown[] = [presence()]) =>
  t.call('POST', '/api/device/sync', { headers, body: { operations } });
const deviceRow = async (serial: string) =>
  (await t.database.db.select().from(devices).where(eq(devices.nSerie, serial)))[0]!;

describe('POST /api/device/auth', () => {
  it('gives a device token for the assigned event, which the sync accepts', async () => {
    await register('PDA-AUTH-1');
    const res = await auth('PDA-AUTH-1');
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({
      token: expect.any(String),
      expiresIn: 12 * 3600,
      device: { n_serie: 'PDA-AUTH-1', type: 'PDA', model: 'Sunmi V2s' },
      event: { id: eventId, name: 'Sonora Festival 2026', zona_horaria: 'Europe/Madrid' },
    });
    const row = await deviceRow('PDA-AUTH-1');
    expect(row.lastContactAt).toBeInstanceOf(Date);
    expect(row.configured).toBe(1);
    expect(row.secretKeyHash).not.toContain(SECRET);

    const synced = await sync({ devicetoken: res.body.result.token });
    expect(synced.status).toBe(200);
    expect(synced.body.result.accepted).toHaveLength(1);
    const bearer = await sync({ authorization: `Bearer ${res.body.result.token}` });
    expect(bearer.status).toBe(200);
  });

  it('refuses a wrong secret key or an unknown serial alike', async () => {
    await register('PDA-AUTH-2');
    const wrong = await auth('PDA-AUTH-2', 'not-the-secret-key-000');
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe(ERRORS.deviceAuthFailed.code);
    expect(wrong.body.description).toBe('Wrong device serial or secret key');
    const unknown = await auth('PDA-NOBODY');
    expect(unknown.status).toBe(401);
    expect(unknown.body.error).toBe(ERRORS.deviceAuthFailed.code);
    const missing = await t.call('POST', '/api/device/auth', { body: { serial: 'PDA-AUTH-2' } });
    expect(missing.status).toBe(400);
    expect(missing.body.fields[0]).toMatchObject({ path: 'secretKey', message: 'validation.required' });
  });

  it('refuses an inactive device, an unassigned one and a closed event', async () => {
    await register('PDA-AUTH-3');
    await t.database.db
      .update(devices)
      .set({ dateInactive: new Date(Date.now() - 60_000) })
      .where(eq(devices.nSerie, 'PDA-AUTH-3'));
    const inactive = await auth('PDA-AUTH-3');
    expect(inactive.status).toBe(403);
    expect(inactive.body.error).toBe(ERRORS.deviceInactive.code);

    await register('PDA-AUTH-4');
    await t.database.db
      .update(devices)
      .set({ assignedEventId: null })
      .where(eq(devices.nSerie, 'PDA-AUTH-4'));
    const unassigned = await auth('PDA-AUTH-4');
    expect(unassigned.status).toBe(409);
    expect(unassigned.body.error).toBe(ERRORS.deviceNotAssigned.code);

    const closed = await t.eventByName('Cancelled Gala 2026');
    await register('PDA-AUTH-5', closed.id);
    const refused = await auth('PDA-AUTH-5');
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(ERRORS.eventClosed.code);
  });
});

describe('device tokens on POST /api/device/sync', () => {
  it('refuses a missing or forged token', async () => {
    const none = await sync({});
    expect(none.status).toBe(401);
    expect(none.body.error).toBe(ERRORS.deviceTokenInvalid.code);
    const forged = await sync({ devicetoken: 'eyJhbGciOiJIUzI1NiJ9.e30.x' });
    expect(forged.status).toBe(401);
    // A console session token is not a device token.
    const session = await t.login('admin@demo.test');
    expect((await sync({ devicetoken: session })).status).toBe(401);
  });

  it('stops old tokens when the device is re-keyed, moved or deactivated, recording nothing', async () => {
    await register('PDA-TOKEN-1');
    const first = (await auth('PDA-TOKEN-1')).body.result.token as string;
    await register('PDA-TOKEN-1', eventId, 'another-secret-key-0123456');
    const op = presence();
    const stale = await sync({ devicetoken: first }, [op]);
    expect(stale.status).toBe(401);
    expect(stale.body.error).toBe(ERRORS.deviceTokenInvalid.code);
    expect((await auth('PDA-TOKEN-1')).status).toBe(401);

    const second = (await auth('PDA-TOKEN-1', 'another-secret-key-0123456')).body.result.token as string;
    await t.database.db
      .update(devices)
      .set({ dateInactive: new Date(Date.now() - 1000) })
      .where(eq(devices.nSerie, 'PDA-TOKEN-1'));
    const off = await sync({ devicetoken: second }, [op]);
    expect(off.status).toBe(403);
    expect(off.body.error).toBe(ERRORS.deviceInactive.code);
    // Nothing of the refused calls was recorded: the operation is still new elsewhere.
    await register('PDA-TOKEN-2');
    const other = (await auth('PDA-TOKEN-2')).body.result.token as string;
    expect((await sync({ devicetoken: other }, [op])).body.result.accepted).toEqual([op.id]);
  });
});

describe('POST /api/device/register', () => {
  it('lets admins register a device for an event and answers its secret key once', async () => {
    const admin = await t.login('admin@demo.test');
    const res = await t.call('POST', '/api/device/register', {
      token: admin,
      body: { n_serie: 'KIOSK-REG-1', type: 'CASH_KIOSK', model: 'Kiosk C1', idEvent: eventId },
    });
    expect(res.status).toBe(200);
    expect(res.body.result.device).toMatchObject({
      n_serie: 'KIOSK-REG-1',
      type: 'CASH_KIOSK',
      idEvent: eventId,
      configured: 1,
    });
    expect(res.body.result.secretKey.length).toBeGreaterThanOrEqual(16);
    expect((await auth('KIOSK-REG-1', res.body.result.secretKey)).status).toBe(200);

    const badType = await t.call('POST', '/api/device/register', {
      token: admin,
      body: { n_serie: 'KIOSK-REG-2', type: 'TOASTER', idEvent: eventId },
    });
    expect(badType.status).toBe(400);
    expect(badType.body.fields[0].path).toBe('type');
    const noEvent = await t.call('POST', '/api/device/register', {
      token: admin,
      body: { n_serie: 'KIOSK-REG-3', idEvent: 999_999 },
    });
    expect(noEvent.status).toBe(404);
    const shortKey = await t.call('POST', '/api/device/register', {
      token: admin,
      body: { n_serie: 'KIOSK-REG-4', idEvent: eventId, secretKey: 'short' },
    });
    expect(shortKey.status).toBe(400);
  });

  it('refuses users who are not admins', async () => {
    const s = await t.session('ops@demo.test');
    const res = await t.call('POST', '/api/device/register', {
      ...s,
      body: { n_serie: 'KIOSK-REG-9', idEvent: eventId },
    });
    expect(res.status).toBe(403);
    expect((await auth('KIOSK-REG-9')).status).toBe(401);
  });
});

describe('GET /api/device/config and /api/device/wristband/:serial', () => {
  it('answers the configuration with its version, and 304 with no body while nothing changed', async () => {
    await register('PDA-CONFIG-1');
    const token = (await auth('PDA-CONFIG-1')).body.result.token as string;
    const first = await t.call('GET', '/api/device/config', { headers: { devicetoken: token } });
    expect(first.status).toBe(200);
    const config = first.body.result;
    expect(config.event).toMatchObject({
      id: eventId,
      name: 'Sonora Festival 2026',
      timeZone: 'Europe/Madrid',
    });
    // Amounts show as the console shows them: the demo's tokens at 2 per euro.
    expect(config.event.currency).toMatchObject({
      financial: { iso: 'EUR', symbol: '€' },
      display: { iso: 'SNT', symbol: 'T' },
      rate: 2,
    });
    expect(first.raw.headers.etag).toBe(`"${config.version}"`);
    // The offline limits' defaults (settings TERMINAL_OFFLINE_HOURS, TERMINAL_OFFLINE_WRISTBAND_CENTS)
    // and the top-up point's amount buttons, with the event's bonuses and fees in the rule's shape.
    expect(config.offlineLimits).toEqual({ maxOfflineSeconds: 24 * 3600, maxWristbandSpend: 10_000 });
    expect(config.topUp.presets).toEqual([500, 1000, 2000, 5000]);
    for (const b of config.topUp.bonuses) {
      expect(b).toMatchObject({
        locationsAvailable: expect.any(Array),
        timeStart: expect.stringMatching(/^\d\d:\d\d/),
      });
    }
    const again = await t.call('GET', '/api/device/config', {
      headers: { devicetoken: token, 'if-none-match': first.raw.headers.etag as string },
    });
    expect(again.status).toBe(304);
    expect(again.raw.body).toBe('');
    const stale = await t.call('GET', '/api/device/config', {
      headers: { devicetoken: token, 'if-none-match': '"older"' },
    });
    expect(stale.status).toBe(200);
  });

  it('answers a wristband balances as recorded, zero for an unknown serial', async () => {
    await register('PDA-BAND-1');
    const token = (await auth('PDA-BAND-1')).body.result.token as string;
    const topUp = {
      kind: 'topup',
      id: randomUUID(),
      deviceTime: new Date().toISOString(),
      rfid: '04C0FFEE000001',
      type: 'N',
      paymentType: 'S',
      amount: 2500,
      bonus: 300,
      money: 2500,
    };
    expect((await sync({ devicetoken: token }, [topUp])).body.result.accepted).toHaveLength(1);
    const band = await t.call('GET', '/api/device/wristband/04c0ffee000001', {
      headers: { devicetoken: token },
    });
    expect(band.body.result).toEqual({
      serial: '04C0FFEE000001',
      known: true,
      cash: 2500,
      gift: 300,
      bannedTerminals: false,
      bannedTopUps: false,
      replaced: false,
      topUps: 1,
      roleId: null,
      flags: [],
      lastZone: null,
      entries: [],
    });
    const unknown = await t.call('GET', '/api/device/wristband/04C0FFEE000999', {
      headers: { devicetoken: token },
    });
    expect(unknown.body.result).toMatchObject({ known: false, cash: 0, gift: 0, topUps: 0 });
    const noToken = await t.call('GET', '/api/device/wristband/04C0FFEE000001');
    expect(noToken.status).toBe(401);
  });
});
