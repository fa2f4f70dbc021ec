import { PERMISSIONS } from '@pulsera/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { appParams, devices, eventParamExceptions, locations } from '../../../core/db/schema';

let t: TestApp;
let s: Awaited<ReturnType<TestApp['session']>>;
let paymentId: number;
beforeAll(async () => {
  t = await createTestApp();
  s = await t.session('admin@demo.test');
  const [p] = await t.database.db
    .select()
    .from(appParams)
    .where(eq(appParams.nameUnique, 'ALLOWED_PAYMENT_METHODS'));
  paymentId = p!.id;
});
afterAll(() => t.close());

const saveParam = (appParam: unknown, headers = s) =>
  t.call('POST', '/api/event/params', { ...headers, body: { appParam } });

describe('GET /api/event/params', () => {
  it('answers the event’s parameters with their exceptions, the applications, locations and devices', async () => {
    const ev = await t.activeEvent();
    const [loc] = await t.database.db
      .insert(locations)
      .values({ eventId: ev.id, idUnique: 1, name: 'Main bar' })
      .returning();
    await t.database.db
      .insert(devices)
      .values({ nSerie: 'PDA-PARAMS-1', description: 'Bar handheld', assignedEventId: ev.id });
    const res = await t.call('GET', '/api/event/params', s);
    expect(res.status).toBe(200);
    const pm = res.body.result.params.find(
      (p: { nameUnique: string }) => p.nameUnique === 'ALLOWED_PAYMENT_METHODS',
    );
    expect(pm).toMatchObject({
      value: 'CTLP',
      defaultValue: 'CTL',
      appName: 'Android terminals',
      module: 'payments',
      exceptions: [],
    });
    expect(res.body.result.aplis.map((a: { name: string }) => a.name)).toContain('Kiosks');
    expect(res.body.result.locations).toEqual([{ id: loc!.id, nombre: 'Main bar' }]);
    expect(res.body.result.devices).toEqual([expect.objectContaining({ name: 'Bar handheld' })]);
  });
});

describe('POST /api/event/params', () => {
  it('saves the value and adds it as the all-all exception when it differs from the default', async () => {
    const ev = await t.activeEvent();
    const [loc] = await t.database.db
      .insert(locations)
      .values({ eventId: ev.id, idUnique: 2, name: 'Top-up point' })
      .returning();
    const res = await saveParam({
      id: paymentId,
      value: 'CL',
      exceptions: [
        { idLocation: loc!.id, idDevice: null, value: 'C' },
        // A submitted all-all exception is replaced by the value.
        { idLocation: null, idDevice: null, value: 'T' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ value: 'CL' });
    expect(res.body.result.exceptions).toEqual([
      { idLocation: null, idDevice: null, value: 'CL' },
      { idLocation: loc!.id, idDevice: null, value: 'C' },
    ]);
    const event = await t.call('GET', '/api/event', s);
    expect(event.body.result.paymentMethods).toBe('CL');

    // The default value needs no all-all exception; an empty set of letters is a single space.
    const back = await saveParam({ id: paymentId, value: 'CTL', exceptions: [] });
    expect(back.body.result.exceptions).toEqual([]);
    const empty = await saveParam({ id: paymentId, value: ' ', exceptions: [] });
    expect(empty.body.result).toMatchObject({
      value: ' ',
      exceptions: [{ idLocation: null, idDevice: null, value: ' ' }],
    });
  });

  it('refuses exceptions without a value, two sharing location and device, and foreign locations', async () => {
    const ev = await t.activeEvent();
    const before = await t.database.db
      .select()
      .from(eventParamExceptions)
      .where(and(eq(eventParamExceptions.eventId, ev.id), eq(eventParamExceptions.paramId, paymentId)));
    const noValue = await saveParam({
      id: paymentId,
      value: 'C',
      exceptions: [{ idLocation: null, idDevice: null, value: '' }],
    });
    expect(noValue.status).toBe(400);
    expect(noValue.body.fields[0]).toMatchObject({
      path: 'appParam.exceptions.0.value',
      message: 'validation.required',
    });
    const [device] = await t.database.db.insert(devices).values({ nSerie: 'PDA-PARAMS-2' }).returning();
    const twice = await saveParam({
      id: paymentId,
      value: 'C',
      exceptions: [
        { idLocation: null, idDevice: device!.id, value: 'C' },
        { idLocation: null, idDevice: device!.id, value: 'T' },
      ],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.fields[0]).toMatchObject({
      path: 'appParam.exceptions.1',
      message: 'validation.duplicateException',
    });
    const other = await t.eventByName('Sonora Festival 2027');
    const [foreign] = await t.database.db
      .insert(locations)
      .values({ eventId: other.id, idUnique: 1, name: 'Elsewhere' })
      .returning();
    const foreignLoc = await saveParam({
      id: paymentId,
      value: 'C',
      exceptions: [{ idLocation: foreign!.id, idDevice: null, value: 'C' }],
    });
    expect(foreignLoc.status).toBe(400);
    expect(foreignLoc.body.fields[0].path).toBe('appParam.exceptions.0.idLocation');
    const unknownDevice = await saveParam({
      id: paymentId,
      value: 'C',
      exceptions: [{ idLocation: null, idDevice: 987_654, value: 'C' }],
    });
    expect(unknownDevice.body.fields[0].path).toBe('appParam.exceptions.0.idDevice');
    expect((await saveParam({ id: 987_654, value: 'x', exceptions: [] })).status).toBe(404);
    const after = await t.database.db
      .select()
      .from(eventParamExceptions)
      .where(and(eq(eventParamExceptions.eventId, ev.id), eq(eventParamExceptions.paramId, paymentId)));
    expect(after).toEqual(before);
  });

  it('refuses a malformed parameter: no id, a value too long, exceptions that are not a list or name no place', async () => {
    const cases: [unknown, string][] = [
      [{ value: 'C', exceptions: [] }, 'appParam.id'],
      [{ id: paymentId, value: 'x'.repeat(2001), exceptions: [] }, 'appParam.value'],
      [{ id: paymentId, value: 'C', exceptions: 'all' }, 'appParam.exceptions'],
      [
        { id: paymentId, value: 'C', exceptions: [{ idLocation: 0, idDevice: null, value: 'C' }] },
        'appParam.exceptions.0.idLocation',
      ],
      [
        { id: paymentId, value: 'C', exceptions: [{ idLocation: null, value: 'C' }] },
        'appParam.exceptions.0.idDevice',
      ],
    ];
    for (const [appParam, path] of cases) {
      const res = await saveParam(appParam);
      expect(res.status, path).toBe(400);
      expect(res.body.fields[0].path, path).toBe(path);
    }
  });

  it('is open to holders of edicionDeEventos and refused to others', async () => {
    const ev = await t.activeEvent();
    await t.userWithPermissions('editor@demo.test', ev.id, [PERMISSIONS.edicionDeEventos]);
    const editor = await t.session('editor@demo.test');
    expect((await t.call('GET', '/api/event/params', editor)).status).toBe(200);
    expect((await saveParam({ id: paymentId, value: 'CT', exceptions: [] }, editor)).status).toBe(200);
    const ops = await t.session('ops@demo.test');
    expect((await t.call('GET', '/api/event/params', ops)).status).toBe(403);
    expect((await saveParam({ id: paymentId, value: 'C', exceptions: [] }, ops)).status).toBe(403);
  });
});
