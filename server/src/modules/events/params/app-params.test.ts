import { PERMISSIONS } from '@pulsera/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { applications, appParams, devices, eventParams, locations } from '../../../core/db/schema';
import { eventTerminalParams } from '../../terminals';

type Session = Awaited<ReturnType<TestApp['session']>>;
let t: TestApp;
let sup: Session;
let terminalsApp: number;
beforeAll(async () => {
  t = await createTestApp();
  sup = await t.session('super@demo.test');
  const [app] = await t.database.db
    .select()
    .from(applications)
    .where(eq(applications.name, 'Android terminals'));
  terminalsApp = app!.id;
});
afterAll(() => t.close());

const list = async (s: Session = sup) => {
  const res = await t.call('GET', '/api/global/appParams', s);
  expect(res.status).toBe(200);
  return res.body.result as { appParams: any[]; aplis: any[]; modules: string[] };
};
const save = (appParam: Record<string, unknown>, s: Session = sup) =>
  t.call('POST', '/api/global/appParams', { ...s, body: { appParam } });
const valid = (extra: Record<string, unknown> = {}) => ({
  name: 'Receipt footer',
  nameUnique: 'RECEIPT_FOOTER',
  description: 'Text printed under every receipt',
  defaultValue: 'Thank you!',
  idApp: terminalsApp,
  module: 'printing',
  ...extra,
});

describe('GET /api/global/appParams', () => {
  it('answers every parameter with its application, the applications and the modules in use', async () => {
    const r = await list();
    const pm = r.appParams.find((p) => p.nameUnique === 'ALLOWED_PAYMENT_METHODS');
    expect(pm).toMatchObject({
      name: 'Allowed payment methods',
      defaultValue: 'CTL',
      idApp: terminalsApp,
      appName: 'Android terminals',
      module: 'payments',
      eventCount: 1,
      system: true,
      date_update: expect.any(String),
    });
    const refresh = r.appParams.find((p) => p.nameUnique === 'CONSOLE_REPORT_REFRESH_SECONDS');
    expect(refresh).toMatchObject({ appName: 'Console', module: null, eventCount: 0, system: false });
    expect(r.aplis.map((a) => a.name)).toEqual(['Console', 'Android terminals', 'Kiosks', 'Online services']);
    expect(r.modules).toEqual(['payments', 'sync']);
  });
});

describe('POST /api/global/appParams', () => {
  it('creates a parameter, then updates it by id; modules may be none', async () => {
    const created = await save(valid({ nameUnique: '  RECEIPT_FOOTER ', name: ' Receipt footer ' }));
    expect(created.status).toBe(200);
    const id = created.body.result as number;
    expect((await list()).appParams.find((p) => p.id === id)).toMatchObject({
      name: 'Receipt footer',
      nameUnique: 'RECEIPT_FOOTER',
      module: 'printing',
      appName: 'Android terminals',
      eventCount: 0,
      system: false,
    });
    expect((await list()).modules).toContain('printing');
    const updated = await save(valid({ id, defaultValue: 'See you next year', module: null }));
    expect(updated.body.result).toBe(id);
    expect((await list()).appParams.find((p) => p.id === id)).toMatchObject({
      defaultValue: 'See you next year',
      module: null,
    });
  });

  it('refuses a variable name already used, whatever its case', async () => {
    const res = await save(valid({ nameUnique: 'max_offline_minutes' }));
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(1850);
    expect(res.body.description).toBe(
      'A parameter with the variable name max_offline_minutes already exists',
    );
    const es = await t.call('POST', '/api/global/appParams', {
      ...sup,
      lang: 'es',
      body: { appParam: valid({ nameUnique: 'MAX_OFFLINE_MINUTES' }) },
    });
    expect(es.body.description).toBe('Ya existe un parámetro con el nombre de variable MAX_OFFLINE_MINUTES');
  });

  it('refuses each missing or invalid field with the field named', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '  ' }, 'appParam.name', 'validation.required'],
      [{ nameUnique: '' }, 'appParam.nameUnique', 'validation.required'],
      [{ nameUnique: '9 lives' }, 'appParam.nameUnique', 'validation.variableName'],
      [{ description: '' }, 'appParam.description', 'validation.required'],
      [{ defaultValue: ' ' }, 'appParam.defaultValue', 'validation.required'],
      [{ idApp: undefined }, 'appParam.idApp', 'validation.required'],
      [{ idApp: 987_654 }, 'appParam.idApp', 'validation.invalid'],
    ];
    for (const [extra, path, message] of cases) {
      const res = await save(valid({ nameUnique: 'CASE_PARAM', ...extra }));
      expect(res.status, path).toBe(400);
      expect(res.body.fields[0], path).toMatchObject({ path, message });
    }
    const [none] = await t.database.db.select().from(appParams).where(eq(appParams.nameUnique, 'CASE_PARAM'));
    expect(none).toBeUndefined();
    expect((await save(valid({ id: 987_654, nameUnique: 'CASE_PARAM' }))).status).toBe(404);
  });

  it('keeps the variable name of a parameter the console reads, but lets its other fields change', async () => {
    const pm = (await list()).appParams.find((p) => p.nameUnique === 'ALLOWED_PAYMENT_METHODS');
    const renamed = await save({ ...valid(), id: pm.id, nameUnique: 'PAYMENTS' });
    expect(renamed.status).toBe(409);
    expect(renamed.body.error).toBe(1851);
    const edited = await save({
      id: pm.id,
      name: 'Payment methods',
      nameUnique: 'ALLOWED_PAYMENT_METHODS',
      description: pm.description,
      defaultValue: 'CT',
      idApp: terminalsApp,
      module: 'payments',
    });
    expect(edited.status).toBe(200);
    expect((await list()).appParams.find((p) => p.id === pm.id)).toMatchObject({
      name: 'Payment methods',
      defaultValue: 'CT',
    });
  });
});

describe('DELETE /api/global/appParams/{id}', () => {
  it('deletes a parameter with the values events gave it', async () => {
    const id = (await save(valid({ nameUnique: 'TO_DELETE' }))).body.result as number;
    const ev = await t.activeEvent();
    await t.database.db.insert(eventParams).values({ eventId: ev.id, paramId: id, value: 'x' });
    expect((await list()).appParams.find((p) => p.id === id).eventCount).toBe(1);
    const res = await t.call('DELETE', `/api/global/appParams/${id}`, sup);
    expect(res.status).toBe(200);
    expect((await list()).appParams.find((p) => p.id === id)).toBeUndefined();
    expect(await t.database.db.select().from(eventParams).where(eq(eventParams.paramId, id))).toEqual([]);
    expect((await t.call('DELETE', `/api/global/appParams/${id}`, sup)).status).toBe(404);
    expect((await t.call('DELETE', '/api/global/appParams/abc', sup)).status).toBe(400);
  });

  it('refuses to delete a parameter the console reads', async () => {
    const pm = (await list()).appParams.find((p) => p.nameUnique === 'ALLOWED_PAYMENT_METHODS');
    const res = await t.call('DELETE', `/api/global/appParams/${pm.id}`, sup);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(1851);
    expect((await list()).appParams.find((p) => p.id === pm.id)).toBeDefined();
  });
});

describe('who may use global mode', () => {
  it('is for super admins: admins and event editors are refused', async () => {
    const ev = await t.activeEvent();
    await t.userWithPermissions('params-editor@demo.test', ev.id, [PERMISSIONS.edicionDeEventos]);
    for (const email of ['admin@demo.test', 'params-editor@demo.test', 'ops@demo.test']) {
      const s = await t.session(email);
      expect((await t.call('GET', '/api/global/appParams', s)).status, email).toBe(403);
      expect((await save(valid({ nameUnique: 'NOT_ALLOWED' }), s)).status, email).toBe(403);
      expect((await t.call('DELETE', '/api/global/appParams/1', s)).status, email).toBe(403);
    }
    const mega = await t.session('mega@demo.test');
    expect((await t.call('GET', '/api/global/appParams', mega)).status).toBe(200);
    expect((await t.call('GET', '/api/global/appParams', {})).status).toBe(401);
  });
});

describe('GET /api/aplis (02-catalogue §7 Applications)', () => {
  const names = ['Console', 'Android terminals', 'Kiosks', 'Online services'];

  it('answers the applications, by id, to admins and to holders of the params rule', async () => {
    const admin = await t.session('admin@demo.test');
    const res = await t.call('GET', '/api/aplis', admin);
    expect(res.status).toBe(200);
    expect(res.body.result.map((a: { name: string }) => a.name)).toEqual(names);
    expect(res.body.result[1]).toEqual({ id: terminalsApp, name: 'Android terminals' });

    const ev = await t.activeEvent();
    await t.userWithPermissions('aplis-editor@demo.test', ev.id, [PERMISSIONS.edicionDeEventos]);
    const editor = await t.session('aplis-editor@demo.test');
    const allowed = await t.call('GET', '/api/aplis', editor);
    expect(allowed.status).toBe(200);
    expect(allowed.body.result.map((a: { name: string }) => a.name)).toEqual(names);
  });

  it('refuses a caller without the params rule, without a session or without a selected event', async () => {
    const ev = await t.activeEvent();
    await t.userWithPermissions('aplis-none@demo.test', ev.id, [PERMISSIONS.staff]);
    const s = await t.session('aplis-none@demo.test');
    expect((await t.call('GET', '/api/aplis', s)).status).toBe(403);
    expect((await t.call('GET', '/api/aplis')).status).toBe(401);
    const admin = await t.session('admin@demo.test');
    const noEvent = await t.call('GET', '/api/aplis', { token: admin.token });
    expect(noEvent.status).toBe(400);
    expect(noEvent.body.error).toBe(420);
  });
});

describe('the global parameter’s exceptions (02-catalogue §3, issue 27 item 29)', () => {
  it('saves, lists and keeps them; refuses the value itself, a repeated place and unknown places', async () => {
    const eventId = (await t.activeEvent()).id;
    const [location] = await t.database.db
      .insert(locations)
      .values({ eventId, idUnique: 9901, name: 'Global exception bar' })
      .returning();
    const [device] = await t.database.db.insert(devices).values({ nSerie: 'GLOBAL-EXC-01' }).returning();
    const created = await save(
      valid({
        nameUnique: 'RECEIPT_FOOTER_EXC',
        exceptions: [
          { idLocation: location!.id, idDevice: null, value: 'See you at the bar' },
          { idLocation: null, idDevice: device!.id, value: 'Kiosk' },
        ],
      }),
    );
    expect(created.status).toBe(200);
    const id = created.body.result as number;
    const r = await list();
    const listed = r.appParams.find((p) => p.id === id);
    expect(listed.exceptions).toEqual([
      { idLocation: location!.id, idDevice: null, value: 'See you at the bar' },
      { idLocation: null, idDevice: device!.id, value: 'Kiosk' },
    ]);
    expect((r as any).locations).toContainEqual(
      expect.objectContaining({ id: location!.id, eventName: expect.any(String) }),
    );
    expect((r as any).devices).toContainEqual({ id: device!.id, name: device!.nSerie });
    // A body without exceptions (a client written before them) keeps them.
    expect((await save(valid({ id, nameUnique: 'RECEIPT_FOOTER_EXC', name: 'Footer' }))).status).toBe(200);
    expect((await list()).appParams.find((p) => p.id === id).exceptions).toHaveLength(2);

    const refused: [unknown[], string, string][] = [
      [
        [{ idLocation: null, idDevice: null, value: 'x' }],
        'appParam.exceptions.0.idLocation',
        'validation.exceptionIsValue',
      ],
      [
        [
          { idLocation: location!.id, idDevice: null, value: 'a' },
          { idLocation: location!.id, idDevice: null, value: 'b' },
        ],
        'appParam.exceptions.1.idDevice',
        'validation.duplicateException',
      ],
      [
        [{ idLocation: 987_654, idDevice: null, value: 'x' }],
        'appParam.exceptions.0.idLocation',
        'validation.invalid',
      ],
      [
        [{ idLocation: null, idDevice: 987_654, value: 'x' }],
        'appParam.exceptions.0.idDevice',
        'validation.invalid',
      ],
      [
        [{ idLocation: location!.id, idDevice: null, value: '' }],
        'appParam.exceptions.0.value',
        'validation.required',
      ],
    ];
    for (const [exceptions, path, message] of refused) {
      const res = await save(valid({ id, nameUnique: 'RECEIPT_FOOTER_EXC', exceptions }));
      expect(res.status, JSON.stringify(exceptions)).toBe(400);
      expect(res.body.fields[0]).toMatchObject({ path, message });
    }
    expect((await save(valid({ id, nameUnique: 'RECEIPT_FOOTER_EXC', exceptions: [] }))).status).toBe(200);
    expect((await list()).appParams.find((p) => p.id === id).exceptions).toEqual([]);
  });

  it('reaches the terminals: a device’s global payment exception, unless the event has its own', async () => {
    const eventId = (await t.activeEvent()).id;
    const [device] = await t.database.db.insert(devices).values({ nSerie: 'GLOBAL-EXC-02' }).returning();
    const pm = (await list()).appParams.find((p) => p.nameUnique === 'ALLOWED_PAYMENT_METHODS');
    const saved = await save({
      id: pm.id,
      name: pm.name,
      nameUnique: pm.nameUnique,
      description: pm.description || 'Payment methods',
      defaultValue: pm.defaultValue,
      idApp: pm.idApp,
      module: pm.module,
      exceptions: [{ idLocation: null, idDevice: device!.id, value: 'C' }],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const config = await eventTerminalParams(t.database.db, eventId);
    expect(config.paymentMethods.exceptions).toContainEqual({
      idLocation: null,
      idDevice: device!.id,
      value: 'C',
    });
  });
});
