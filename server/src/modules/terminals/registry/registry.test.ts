import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedNames, TEST_FEED_NAMES } from '../../../../test/feed-names';
import { createTestApp, type TestApp } from '../../../../test/helper';

/** The device registry (admin/configuration/devices) and its joins with the terminal API. */
let t: TestApp;
type Session = Awaited<ReturnType<TestApp['session']>>;
let admin: Session;
let eventId: number;
let otherEventId: number;

beforeAll(async () => {
  t = await createTestApp();
  eventId = (await t.activeEvent()).id;
  await feedNames(t.database.db, eventId, TEST_FEED_NAMES);
  otherEventId = (await t.eventByName('Sonora Festival 2027')).id;
  admin = await t.session('admin@demo.test');
});
afterAll(() => t.close());

const save = (device: Record<string, unknown>, lang?: string) =>
  t.call('POST', '/api/global/devices', { token: admin.token, body: { device }, ...(lang ? { lang } : {}) });
const auth = (serial: string, secretKey: string) =>
  t.call('POST', '/api/device/auth', { body: { serial, secretKey } });
const sync = (
  token: string,
  operations: unknown[] = [],
  extra: Record<string, unknown> = { pendingOperations: 0 },
) => t.call('POST', '/api/device/sync', { headers: { devicetoken: token }, body: { operations, ...extra } });
const topUp = (rfid: string, seq?: number) => ({
  kind: 'topup',
  id: randomUUID(),
  deviceTime: new Date().toISOString(),
  rfid,
  type: 'N',
  paymentType: 'S',
  amount: 1000,
  money: 1000,
  ...(seq ? { seq } : {}),
});

describe('the device registry', () => {
  it('creates a terminal (PDA by default) with a key shown once, lists it with its event, and keeps its history', async () => {
    const res = await save({
      n_serie: 'REG-PDA-0001',
      model: 'Sunmi V2s',
      idEvent: eventId,
      owner: 'Rentals SL',
    });
    expect(res.status).toBe(200);
    const { device, secretKey } = res.body.result;
    expect(device).toMatchObject({
      n_serie: 'REG-PDA-0001',
      type: 'PDA',
      idEvent: eventId,
      eventName: 'Sonora Festival 2026',
      owner: 'Rentals SL',
      hasKey: true,
      configured: 0,
    });
    expect(secretKey).toEqual(expect.any(String));
    const list = await t.call('GET', '/api/global/devices', { token: admin.token });
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(secretKey);
    expect(list.body.result.devices.map((d: { n_serie: string }) => d.n_serie)).toContain('REG-PDA-0001');
    expect(list.body.result.events.map((e: { name: string }) => e.name)).toContain('Sonora Festival 2026');

    // The terminal signs in with the key; moved to another event its token stops working.
    const signedIn = await auth('REG-PDA-0001', secretKey);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.result.event.id).toBe(eventId);
    const moved = await save({ id: device.id, n_serie: 'REG-PDA-0001', idEvent: otherEventId });
    expect(moved.status).toBe(200);
    expect(moved.body.result.secretKey).toBeNull();
    expect((await sync(signedIn.body.result.token)).body.error).toBe(1403);
    expect((await auth('REG-PDA-0001', secretKey)).body.result.event.id).toBe(otherEventId);

    const detail = await t.call('GET', `/api/global/devices/${device.id}`, { token: admin.token });
    expect(detail.body.result.assignments).toEqual([
      expect.objectContaining({
        idEvent: otherEventId,
        eventName: 'Sonora Festival 2027',
        unassignedAt: null,
      }),
      expect.objectContaining({ idEvent: eventId, unassignedAt: expect.any(String) }),
    ]);
  });

  it('keeps the serial unique ignoring letter case', async () => {
    expect((await save({ n_serie: 'Reg-Case-01' })).status).toBe(200);
    const again = await save({ n_serie: 'REG-CASE-01', model: 'X' }, 'es');
    expect(again.status).toBe(409);
    expect(again.body.description).toBe('Ya existe un dispositivo con este número de serie');
    // The event screen's own save keeps the same rule.
    const fromEvent = await t.call('POST', '/api/devices', {
      ...admin,
      body: { device: { n_serie: 'reg-case-01' } },
    });
    expect(fromEvent.status).toBe(409);
  });

  it('refuses bad input with its field and an unknown event', async () => {
    const bad = await save({ n_serie: '', type: 'PHONE' });
    expect(bad.status).toBe(400);
    const paths = bad.body.fields.map((f: { path: string }) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['device.n_serie', 'device.type']));
    const unknown = await save({ n_serie: 'REG-NOEVENT', idEvent: 999_999 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields[0].path).toBe('device.idEvent');
    // The server makes the key; a typed one is refused, as on the event's devices.
    const typed = await save({ n_serie: 'REG-TYPED', secretKey: 'a-key-of-twenty-chars' });
    expect(typed.status).toBe(400);
    expect(typed.body.fields[0]).toMatchObject({
      path: 'device.secretKey',
      message: 'validation.serverMadeKey',
    });
    expect((await t.call('GET', '/api/global/devices/999999', { token: admin.token })).status).toBe(404);
  });

  it('rotates the key: the old key and its tokens stop working, the new one signs in', async () => {
    const { device, secretKey } = (await save({ n_serie: 'REG-ROT-01', idEvent: eventId })).body.result;
    const token = (await auth('REG-ROT-01', secretKey)).body.result.token;
    expect((await sync(token, [topUp('04A0B0C0D0E0F1')])).status).toBe(200);
    const rotated = await t.call('POST', `/api/global/devices/${device.id}/key`, {
      token: admin.token,
      body: {},
    });
    expect(rotated.status).toBe(200);
    const fresh = rotated.body.result.secretKey;
    expect(fresh).not.toBe(secretKey);
    expect((await auth('REG-ROT-01', secretKey)).status).toBe(401);
    expect((await sync(token, [topUp('04A0B0C0D0E0F1')])).status).toBe(401);
    expect((await auth('REG-ROT-01', fresh)).status).toBe(200);
  });

  it('refuses an inactive or unassigned terminal at the terminal API with a reason it can show', async () => {
    const { device, secretKey } = (await save({ n_serie: 'REG-OFF-01', idEvent: eventId })).body.result;
    const token = (await auth('REG-OFF-01', secretKey)).body.result.token;
    // Unassigned: no sign-in, and the token it holds is refused with the same reason.
    expect((await save({ id: device.id, n_serie: 'REG-OFF-01', idEvent: null })).status).toBe(200);
    const unassigned = await auth('REG-OFF-01', secretKey);
    expect(unassigned.status).toBe(409);
    expect(unassigned.body).toMatchObject({
      error: 1402,
      description: 'This device is not assigned to an open event',
    });
    expect((await sync(token, [topUp('04A0B0C0D0E0F2')])).body.error).toBe(1402);
    expect((await sync(token)).body.error).toBe(1402);
    // Back in the event, then deactivated: refused at sign-in and at sync, in the terminal's language.
    await save({ id: device.id, n_serie: 'REG-OFF-01', idEvent: eventId });
    const again = (await auth('REG-OFF-01', secretKey)).body.result.token;
    expect((await sync(again)).status).toBe(200);
    const past = new Date(Date.now() - 60_000).toISOString();
    await save({ id: device.id, n_serie: 'REG-OFF-01', idEvent: eventId, dateInactive: past });
    const refused = await t.call('POST', '/api/device/sync', {
      headers: { devicetoken: again },
      body: { operations: [topUp('04A0B0C0D0E0F2')] },
      lang: 'fr',
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: 1401, description: 'Cet appareil est désactivé' });
    expect((await sync(again)).body.error).toBe(1401);
    expect((await auth('REG-OFF-01', secretKey)).body.error).toBe(1401);
  });

  it('deletes a terminal that never worked, and refuses one that did', async () => {
    const fresh = (await save({ n_serie: 'REG-DEL-01' })).body.result.device;
    expect((await t.call('DELETE', `/api/global/devices/${fresh.id}`, { token: admin.token })).status).toBe(
      200,
    );
    const worked = (await save({ n_serie: 'REG-DEL-02', idEvent: eventId })).body.result;
    await auth('REG-DEL-02', worked.secretKey);
    const refused = await t.call('DELETE', `/api/global/devices/${worked.device.id}`, { token: admin.token });
    expect(refused.status).toBe(409);
  });

  it('imports a file row by row: the good rows are created, each bad row is named with its line and reason', async () => {
    await save({ n_serie: 'IMP-TAKEN-1' });
    const res = await t.call('POST', '/api/global/devices/import', {
      token: admin.token,
      body: {
        rows: [
          { line: 2, n_serie: 'IMP-0001', model: 'Sunmi V2s', type: '' },
          { line: 3, n_serie: 'IMP-0002', type: 'cash kiosk', owner: 'Rentals SL' },
          { line: 4, n_serie: '', model: 'no serial' },
          { line: 5, n_serie: 'IMP-0003', type: 'PHONE' },
          { line: 6, n_serie: 'imp-0001' },
          { line: 7, n_serie: 'imp-taken-1' },
          { line: 8, n_serie: 'IMP-0004', type: 'access_totem' },
        ],
      },
    });
    expect(res.status).toBe(200);
    const { created, refused } = res.body.result;
    expect(created).toBe(3);
    expect(refused.map((r: { line: number; reason: string }) => [r.line, r.reason])).toEqual([
      [4, 'invalid'],
      [5, 'invalid'],
      [6, 'duplicateInFile'],
      [7, 'serialTaken'],
    ]);
    expect(refused[2].description).toContain('already in line 2');
    expect(refused[3].description).toContain('imp-taken-1 is already registered');
    const list = (await t.call('GET', '/api/global/devices', { token: admin.token })).body.result.devices;
    const imported = list.filter((d: { n_serie: string }) => d.n_serie.startsWith('IMP-0'));
    expect(imported.map((d: { n_serie: string; type: string }) => [d.n_serie, d.type])).toEqual([
      ['IMP-0001', 'PDA'],
      ['IMP-0002', 'CASH_KIOSK'],
      ['IMP-0004', 'ACCESS_TOTEM'],
    ]);
    // Imported terminals are unassigned and keyless until configured.
    expect(imported.every((d: { idEvent: null; hasKey: boolean }) => d.idEvent === null && !d.hasKey)).toBe(
      true,
    );
    // The same file again: nothing new, every row named.
    const again = await t.call('POST', '/api/global/devices/import', {
      token: admin.token,
      body: { rows: [{ line: 2, n_serie: 'IMP-0001' }] },
    });
    expect(again.body.result).toMatchObject({ created: 0, refused: [{ line: 2, reason: 'serialTaken' }] });
  });

  it('checks a file without importing it: the preview learns which serials are already registered', async () => {
    await save({ n_serie: 'DRY-TAKEN-1' });
    const res = await t.call('POST', '/api/global/devices/import', {
      token: admin.token,
      body: {
        dryRun: true,
        rows: [
          { line: 2, n_serie: 'dry-taken-1' },
          { line: 3, n_serie: 'DRY-NEW-1' },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ created: 1, refused: [{ line: 2, reason: 'serialTaken' }] });
    expect(res.body.result.refused[0].fields).toEqual([
      expect.objectContaining({ path: 'n_serie', text: 'The serial dry-taken-1 is already registered' }),
    ]);
    // Nothing was written.
    const list = (await t.call('GET', '/api/global/devices', { token: admin.token })).body.result.devices;
    expect(list.some((d: { n_serie: string }) => d.n_serie === 'DRY-NEW-1')).toBe(false);
  });

  it('configures a registered terminal by redeeming the event QR: assigned, configured, keyed', async () => {
    const { device } = (await save({ n_serie: 'Reg-Qr-01', model: 'Sunmi L2' })).body.result;
    const qr = (
      await t.call('POST', '/api/event/generateQr', {
        ...admin,
        body: { qrExpiration: 30, authExpiration: 24 },
        headers: { host: 'pulsera.test' },
      })
    ).body.result as string;
    const redeemed = await t.call('POST', '/api/device/redeem', {
      body: { qr, serial: 'REG-QR-01' },
      headers: { host: 'pulsera.test' },
    });
    expect(redeemed.status).toBe(200);
    expect(redeemed.body.result.device).toMatchObject({
      id: device.id,
      n_serie: 'Reg-Qr-01',
      model: 'Sunmi L2',
    });
    const detail = (await t.call('GET', `/api/global/devices/${device.id}`, { token: admin.token })).body
      .result;
    expect(detail.device).toMatchObject({ idEvent: eventId, configured: 1, hasKey: true });
    expect(detail.assignments).toEqual([expect.objectContaining({ idEvent: eventId, unassignedAt: null })]);
    expect((await auth('reg-qr-01', redeemed.body.result.secretKey)).status).toBe(200);
  });
});
