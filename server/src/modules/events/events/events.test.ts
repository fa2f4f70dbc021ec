import { PERMISSIONS } from '@pulsera/contracts';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { purposeKey } from '../../../core/lib/tokens';
import { OPS_PERMISSIONS } from '../../../seed/demo';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@demo.test');
});
afterAll(() => t.close());

const names = (body: { result: { events: { nombre: string }[] } }) => body.result.events.map((e) => e.nombre);

describe('GET /api/events/{status}', () => {
  it('lists active, pending and past events, closed ones only without a state filter', async () => {
    const active = await t.call('GET', '/api/events/active', { token: admin });
    expect(names(active.body)).toEqual(['Sonora Festival 2026']);
    expect(active.body.result.total).toBe(1);
    expect(active.body.result.events[0]).toMatchObject({
      status: 'active',
      onlineServicesUrl: expect.stringContaining('sonora-2026'),
    });
    const pending = await t.call('GET', '/api/events/pending', { token: admin });
    expect(names(pending.body)).toEqual(['Sonora Festival 2027']);
    const past = await t.call('GET', '/api/events/past', { token: admin });
    expect(names(past.body)).toEqual(['Mar Azul Beach 2026', 'Sonora Winter 2025']);
    // One rule for every place: every past event is inactive, whatever its stored flags.
    expect(past.body.result.events.map((e: { status: string }) => e.status)).toEqual([
      'inactive',
      'inactive',
    ]);
    const all = await t.call('GET', '/api/events/all', { token: admin });
    expect(all.body.result.total).toBe(5);
    expect(
      all.body.result.events.find((e: { nombre: string }) => e.nombre === 'Cancelled Gala 2026').status,
    ).toBe('closed');
  });

  it('searches by name, paginates and can disable pagination', async () => {
    const found = await t.call('GET', '/api/events/all?eventName=sonora', { token: admin });
    expect(found.body.result.total).toBe(3);
    const page2 = await t.call('GET', '/api/events/all?page=2&paginationLimit=2', { token: admin });
    expect(page2.body.result.events).toHaveLength(2);
    expect(page2.body.result.total).toBe(5);
    // A page past the end has no rows and still the count of every event.
    const past = await t.call('GET', '/api/events/all?page=9&paginationLimit=2', { token: admin });
    expect(past.body.result.events).toHaveLength(0);
    expect(past.body.result.total).toBe(5);
    const everything = await t.call('GET', '/api/events/all?paginationLimit=1&disablePagination=true', {
      token: admin,
    });
    expect(everything.body.result.events).toHaveLength(5);
    const percent = await t.call('GET', '/api/events/all?eventName=%25', { token: admin });
    expect(percent.body.result.total).toBe(0);
    const bad = await t.call('GET', '/api/events/all?page=0', { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.fields[0].path).toBe('querystring.page');
  });

  it('shows a non-admin only the events they hold permissions in', async () => {
    const ops = await t.login('ops@demo.test');
    const all = await t.call('GET', '/api/events/all', { token: ops });
    expect(names(all.body)).toEqual(['Sonora Festival 2026']);
    const search = await t.call('GET', '/api/search/events?search=sonora', { token: ops });
    expect(search.body.result.map((e: { nombre: string }) => e.nombre)).toEqual(['Sonora Festival 2026']);
  });
});

describe('POST /api/event (new event from the chooser)', () => {
  it('lets an admin create an event with a name and the defaults', async () => {
    const res = await t.call('POST', '/api/event', {
      token: admin,
      body: { event: { nombre: '  Autumn Fest  ' } },
    });
    expect(res.status).toBe(200);
    const id = res.body.result as number;
    const found = await t.call('GET', `/api/findEvent/${id}`, { token: admin });
    expect(found.body.result.event).toMatchObject({
      nombre: 'Autumn Fest',
      zona_horaria: 'Europe/Madrid',
      cashLabel: 'cash',
      businessTypeId: 'FE',
      financialCurrencyModel: { iso: 'EUR' },
      // It starts tomorrow: not active yet (01-console §3), and listed under pending.
      status: 'inactive',
    });
    const event = found.body.result.event as { f_inicio: string; f_fin: string };
    // Tomorrow at local midnight in Madrid for three days (00:00 – 23:59:59 local), not UTC midnight.
    const wall = (iso: string) =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/Madrid',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      }).format(new Date(iso));
    expect(wall(event.f_inicio)).toBe('00:00:00');
    expect(wall(event.f_fin)).toBe('23:59:59');
    const hours = (Date.parse(event.f_fin) - Date.parse(event.f_inicio)) / 3_600_000;
    expect(Math.round(hours)).toBe(72);
    expect(Date.parse(event.f_inicio)).toBeGreaterThan(Date.now());
    expect(Date.parse(event.f_inicio) - Date.now()).toBeLessThan(2 * 86_400_000);
    const pending = await t.call('GET', '/api/events/pending', { token: admin });
    expect(pending.body.result.events).toContainEqual(
      expect.objectContaining({ id, nombre: 'Autumn Fest', status: 'inactive' }),
    );
    expect(found.body.result.articles).toEqual([]);
    expect(found.body.result.params.map((p: { nameUnique: string }) => p.nameUnique)).toContain(
      'ALLOWED_PAYMENT_METHODS',
    );
  });

  it('refuses a blank name and a non-admin', async () => {
    const blank = await t.call('POST', '/api/event', { token: admin, body: { event: { nombre: '   ' } } });
    expect(blank.status).toBe(400);
    expect(blank.body.fields).toEqual([
      expect.objectContaining({ path: 'event.nombre', message: 'validation.required' }),
    ]);
    const ops = await t.login('ops@demo.test');
    const denied = await t.call('POST', '/api/event', { token: ops, body: { event: { nombre: 'Mine' } } });
    expect(denied.status).toBe(403);
    expect(denied.body.error).toBe(403);
  });
});

describe('GET /api/event/types (01-console §7)', () => {
  it('serves the twelve event types with their names in the caller’s language', async () => {
    const en = await t.call('GET', '/api/event/types', { token: admin });
    expect(en.status).toBe(200);
    expect(en.body.result).toHaveLength(12);
    expect(en.body.result[0]).toEqual({ id: 'FE', name: 'Festival' });
    expect(en.body.result).toContainEqual({ id: 'PA', name: 'Padel courts' });
    const es = await t.call('GET', '/api/event/types', { token: admin, lang: 'es' });
    expect(es.body.result).toContainEqual({ id: 'PA', name: 'Pistas de pádel' });
    expect((await t.call('GET', '/api/event/types')).status).toBe(401);
  });
});

describe('selecting an event', () => {
  it('gives a non-admin a trust token with their permissions in the event', async () => {
    const ops = await t.login('ops@demo.test');
    const ev = await t.activeEvent();
    const res = await t.call('GET', `/api/event/trusts/${ev.id}`, { token: ops });
    expect(res.status).toBe(200);
    expect(res.body.result.permissions.sort()).toEqual(OPS_PERMISSIONS.map((p) => PERMISSIONS[p]).sort());
    const other = await t.eventByName('Sonora Festival 2027');
    expect((await t.call('GET', `/api/event/trusts/${other.id}`, { token: ops })).status).toBe(403);
    expect((await t.call('GET', `/api/findEvent/${other.id}`, { token: ops })).status).toBe(403);
    expect((await t.call('GET', '/api/event/trusts/99999', { token: ops })).status).toBe(404);
  });

  it('reads the current event from tokenevent, and needs trusts for non-admins', async () => {
    const s = await t.session('ops@demo.test');
    const ok = await t.call('GET', '/api/event', s);
    expect(ok.status).toBe(200);
    expect(ok.body.result).toMatchObject({
      nombre: 'Sonora Festival 2026',
      paymentMethods: 'CTLP',
      teamIds: expect.any(Array),
    });
    const noTrusts = await t.call('GET', '/api/event', { token: s.token, event: s.event });
    expect(noTrusts.status).toBe(403);
    const noEvent = await t.call('GET', '/api/event', { token: s.token });
    expect(noEvent.status).toBe(400);
    expect(noEvent.body.error).toBe(420);
    const unknownEvent = await t.call('GET', '/api/event', {
      token: s.token,
      event: 'forged',
      trusts: s.trusts,
    });
    expect(unknownEvent.body.error).toBe(420);
  });

  it('answers tokenEventTrustsExpired for expired trusts or trusts of another event', async () => {
    const s = await t.session('ops@demo.test');
    const claims = JSON.parse(Buffer.from(s.trusts!.split('.')[1]!, 'base64url').toString());
    const expired = await new SignJWT({ sub: claims.sub, evt: claims.evt, p: claims.p })
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience('trusts')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(purposeKey(t.ctx.config.sessionSecret, 'trusts'));
    const res = await t.call('GET', '/api/event', { ...s, trusts: expired, lang: 'it' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      error: 419,
      description: 'La sessione dell’evento è scaduta, seleziona di nuovo l’evento',
    });
    const otherEvent = await t.eventByName('Sonora Festival 2027');
    const wrong = await t.call('GET', '/api/event', { ...s, event: otherEvent.token });
    expect(wrong.body.error).toBe(419);
  });

  it('takes effect at once when a permission is revoked', async () => {
    const ev = await t.activeEvent();
    await t.userWithPermissions('revoked@demo.test', ev.id, [PERMISSIONS.clientes]);
    const s = await t.session('revoked@demo.test');
    await t.userWithPermissions('revoked@demo.test', ev.id, []);
    const res = await t.call('GET', '/api/event', s);
    expect(res.status).toBe(200); // the event itself needs no permission…
    const sales = await t.call('GET', '/api/api-server/sales-schedule', s);
    expect(sales.status).toBe(403); // …but every rule is read from the current permissions.
  });
});

describe('POST /api/closeEvent', () => {
  it('lets a super admin close an event, twice without harm, and moves it out of the active list', async () => {
    const created = await t.call('POST', '/api/event', {
      token: admin,
      body: { event: { nombre: 'To Close' } },
    });
    const id = created.body.result as number;
    const adminTry = await t.call('POST', '/api/closeEvent', { token: admin, body: { idEvent: id } });
    expect(adminTry.status).toBe(403);
    const sup = await t.login('super@demo.test');
    const first = await t.call('POST', '/api/closeEvent', { token: sup, body: { idEvent: id } });
    expect(first.status).toBe(200);
    const second = await t.call('POST', '/api/closeEvent', { token: sup, body: { idEvent: id } });
    expect(second.status).toBe(200);
    const found = await t.call('GET', `/api/findEvent/${id}`, { token: sup });
    expect(found.body.result.event).toMatchObject({ isClosed: 1, isActive: 0, status: 'closed' });
    const active = await t.call('GET', '/api/events/active?eventName=To%20Close', { token: sup });
    expect(active.body.result.total).toBe(0);
    expect((await t.call('POST', '/api/closeEvent', { token: sup, body: { idEvent: 424242 } })).status).toBe(
      404,
    );
    expect((await t.call('POST', '/api/closeEvent', { token: sup, body: { idEvent: 'x' } })).status).toBe(
      400,
    );
  });
});

describe('GET /api/events/{status}: the closed list and the default', () => {
  it('has a closed list (01-console §4) and answers active without a status or with an unknown one', async () => {
    const closed = await t.call('GET', '/api/events/closed', { token: admin });
    expect(names(closed.body)).toContain('Cancelled Gala 2026');
    expect(names(closed.body)).not.toContain('Sonora Festival 2026');
    expect(closed.body.result.events.every((e: { status: string }) => e.status === 'closed')).toBe(true);
    for (const path of ['/api/events', '/api/events/anything']) {
      const res = await t.call('GET', path, { token: admin });
      expect(res.status, path).toBe(200);
      expect(names(res.body), path).toEqual(['Sonora Festival 2026']);
    }
    // Closing an event moves it from its list to the closed one.
    const made = await t.call('POST', '/api/event', {
      token: admin,
      body: { event: { nombre: 'Closing Fest' } },
    });
    const id = made.body.result as number;
    const before = await t.call('GET', '/api/events/all?eventName=closing', { token: admin });
    expect(before.body.result.events[0].status).not.toBe('closed');
    const superAdmin = await t.login('super@demo.test');
    expect(
      (await t.call('POST', '/api/closeEvent', { token: superAdmin, body: { idEvent: id } })).status,
    ).toBe(200);
    const after = await t.call('GET', '/api/events/closed', { token: admin });
    expect(names(after.body)).toContain('Closing Fest');
  });
});
