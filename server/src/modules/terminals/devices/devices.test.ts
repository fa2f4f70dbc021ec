import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { devices } from '../../../core/db/schema';
import { registerDevice } from '../feed/device.service';

/** The devices of the selected event (admin/status/devices, permission dispositivos_generales). */
let t: TestApp;
type Session = Awaited<ReturnType<TestApp['session']>>;
let admin: Session;
let eventId: number;

beforeAll(async () => {
  t = await createTestApp();
  eventId = (await t.activeEvent()).id;
  admin = await t.session('admin@demo.test');
});
afterAll(() => t.close());

const save = (device: Record<string, unknown>, s: Session = admin) =>
  t.call('POST', '/api/devices', { ...s, body: { device } });
const auth = (serial: string, secretKey: string) =>
  t.call('POST', '/api/device/auth', { body: { serial, secretKey } });

describe('the devices of the event', () => {
  it('creates a device (PDA by default) and answers its made key once; the key works', async () => {
    const res = await save({ n_serie: 'DEV-PDA-0001', model: 'Sunmi V2s', description: 'Bar 1, left' });
    expect(res.status).toBe(200);
    const { device, secretKey } = res.body.result;
    expect(device).toMatchObject({
      n_serie: 'DEV-PDA-0001',
      model: 'Sunmi V2s',
      description: 'Bar 1, left',
      type: 'PDA',
      configured: 0,
      idEvent: eventId,
      lastContact: null,
    });
    expect(secretKey).toEqual(expect.any(String));
    expect(JSON.stringify(device)).not.toContain(secretKey);
    expect((await auth('DEV-PDA-0001', secretKey)).status).toBe(200);

    const list = await t.call('GET', '/api/devices', admin);
    const listed = list.body.result.find((d: { id: number }) => d.id === device.id);
    expect(listed).toMatchObject({ n_serie: 'DEV-PDA-0001', configured: 1 });
    expect(listed.lastContact).toEqual(expect.any(String));
    expect(JSON.stringify(list.body)).not.toContain(secretKey);
  });

  it('updates every field; the server makes the key, a new one only when asked, and the old one stops working', async () => {
    // A typed key is refused on its field (02-catalogue §3: the server makes it, as in the registry).
    const typed = await save({
      n_serie: 'DEV-KIOSK-01',
      type: 'CASH_KIOSK',
      secretKey: 'a-key-of-twenty-chars',
    });
    expect(typed.status).toBe(400);
    expect(typed.body.fields[0]).toMatchObject({
      path: 'device.secretKey',
      message: 'validation.serverMadeKey',
    });
    const created = (await save({ n_serie: 'DEV-KIOSK-01', type: 'CASH_KIOSK' })).body.result;
    const first = created.secretKey as string;
    expect(first).toEqual(expect.any(String));
    const id = created.device.id;
    const edit = {
      id,
      n_serie: 'DEV-KIOSK-01',
      model: 'Kiosk C1',
      description: 'Entrance kiosk',
      notes: 'Moved to the entrance on day 2',
      type: 'CARD_KIOSK',
      owner: 'Rent-a-Kiosk S.L.',
      dateInactive: '2099-08-01T10:00:00.000Z',
      configured: 1,
    };
    const updated = await save(edit);
    expect(updated.status).toBe(200);
    expect(updated.body.result).toEqual({
      device: expect.objectContaining({ ...edit, id }),
      secretKey: null,
    });
    expect((await auth('DEV-KIOSK-01', first)).status).toBe(200);
    expect((await save({ ...edit, secretKey: 'another-key-of-twenty' })).status).toBe(400);
    expect((await auth('DEV-KIOSK-01', first)).status).toBe(200);

    const regenerated = await save({ ...edit, regenerateKey: true });
    const fresh = regenerated.body.result.secretKey;
    expect(fresh).toEqual(expect.any(String));
    expect((await auth('DEV-KIOSK-01', first)).status).toBe(401);
    expect((await auth('DEV-KIOSK-01', fresh)).status).toBe(200);

    // An inactive date reached deactivates the device.
    await save({ ...edit, dateInactive: new Date(Date.now() - 60_000).toISOString() });
    expect((await auth('DEV-KIOSK-01', fresh)).status).toBe(403);
  });

  it('validates the form', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ n_serie: '' }, 'device.n_serie', 'validation.required'],
      [{ n_serie: 'X'.repeat(65) }, 'device.n_serie', 'validation.maxLength|{"maxLength":64}'],
      [{ n_serie: 'DEV-BAD', type: 'PHONE' }, 'device.type', 'validation.oneOf'],
      [{ n_serie: 'DEV-BAD', secretKey: 'short' }, 'device.secretKey', 'validation.serverMadeKey'],
      [{ n_serie: 'DEV-BAD', dateInactive: 'tomorrow' }, 'device.dateInactive', 'validation.invalid'],
      [{ n_serie: 'DEV-BAD', configured: 2 }, 'device.configured', 'validation'],
    ];
    for (const [device, path, message] of cases) {
      const res = await save(device);
      expect(res.status, JSON.stringify(device)).toBe(400);
      expect(res.body.fields[0].path, JSON.stringify(device)).toBe(path);
      expect(res.body.fields[0].message.startsWith(message), res.body.fields[0].message).toBe(true);
    }
    const rows = await t.database.db.select().from(devices).where(eq(devices.nSerie, 'DEV-BAD'));
    expect(rows).toEqual([]);
  });

  it('keeps the serial unique, also against devices of other events', async () => {
    const dup = await save({ n_serie: 'DEV-PDA-0001' });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({
      error: 1505,
      description: 'A device with this serial number already exists',
    });
    const other = await t.eventByName('Sonora Festival 2027');
    await registerDevice(t.database.db, { n_serie: 'DEV-OTHER-01', idEvent: other.id });
    expect((await save({ n_serie: 'DEV-OTHER-01' })).status).toBe(409);
    const [foreign] = await t.database.db.select().from(devices).where(eq(devices.nSerie, 'DEV-OTHER-01'));
    // A device of another event is not this event's: not listed, not editable, not deletable.
    const list = await t.call('GET', '/api/devices', admin);
    expect(list.body.result.map((d: { n_serie: string }) => d.n_serie)).not.toContain('DEV-OTHER-01');
    expect((await save({ id: foreign!.id, n_serie: 'DEV-OTHER-01' })).status).toBe(404);
    expect((await t.call('DELETE', `/api/devices/${foreign!.id}`, admin)).status).toBe(404);
  });

  it('deletes a device that never worked; one that did is deactivated instead', async () => {
    const unused = (await save({ n_serie: 'DEV-UNUSED-1' })).body.result.device;
    const del = await t.call('DELETE', `/api/devices/${unused.id}`, admin);
    expect(del.status).toBe(200);
    expect(await t.database.db.select().from(devices).where(eq(devices.id, unused.id))).toEqual([]);

    const [worked] = await t.database.db.select().from(devices).where(eq(devices.nSerie, 'DEV-PDA-0001'));
    const refused = await t.call('DELETE', `/api/devices/${worked!.id}`, admin);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(1506);
    expect(await t.database.db.select().from(devices).where(eq(devices.id, worked!.id))).toHaveLength(1);
  });

  it('needs dispositivos_generales: ops@demo.test lacks it', async () => {
    const ops = await t.session('ops@demo.test');
    expect((await t.call('GET', '/api/devices', ops)).status).toBe(403);
    expect((await save({ n_serie: 'DEV-OPS-1' }, ops)).status).toBe(403);
    const [any] = await t.database.db.select().from(devices).where(eq(devices.nSerie, 'DEV-PDA-0001'));
    expect((await t.call('DELETE', `/api/devices/${any!.id}`, ops)).status).toBe(403);
    await t.userWithPermissions('devices-only@demo.test', eventId, [22]);
    const allowed = await t.session('devices-only@demo.test');
    expect((await t.call('GET', '/api/devices', allowed)).status).toBe(200);
    const created = await save({ n_serie: 'DEV-PERM-1', type: 'VENDING' }, allowed);
    expect(created.status).toBe(200);
    expect(created.body.result.device.type).toBe('VENDING');
  });
});
