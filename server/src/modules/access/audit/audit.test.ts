import { PERMISSIONS } from '@pulsera/contracts';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { buildApp } from '../../../app';
import { auditChanges, auditLog, promoters } from '../../../core/db/schema';
import { fail } from '../../../core/lib/errors';

let t: TestApp;
let failing: Awaited<ReturnType<typeof buildApp>>['app'];
let admin: string;
let superAdmin: string;

const count = async () =>
  Number(
    (
      (await t.database.db.execute(sql`select count(*)::int as n from audit_log`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]!.n,
  );
const last = async () =>
  (await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0]!;
const changesOf = (id: number) =>
  t.database.db.select().from(auditChanges).where(eq(auditChanges.auditId, id));

beforeAll(async () => {
  t = await createTestApp();
  // A second app on the same database with one extra route that writes and then fails: the only way
  // to prove a failed write leaves nothing, whatever any service does before its refusal.
  const built = await buildApp({ database: t.database, logger: false, config: { seed: 'none' } });
  built.app.post('/api/test/write-then-fail', { config: { access: { route: 'promotors' } } }, async () => {
    await built.ctx.db.insert(promoters).values({ name: 'Written then refused' });
    await built.ctx.db.transaction(async (tx) => {
      await tx
        .update(promoters)
        .set({ name: 'Renamed then refused' })
        .where(eq(promoters.name, 'Written then refused'));
    });
    throw fail('conflict');
  });
  await built.app.ready();
  failing = built.app;
  admin = await t.login('admin@demo.test');
  superAdmin = await t.login('super@demo.test');
}, 240_000);

afterAll(async () => {
  await failing?.close();
  await t?.close();
});

describe('audit trail', () => {
  it('writes exactly one row per successful write, naming who, where, what and the fields', async () => {
    const before = await count();
    const created = await t.call('POST', '/api/global/promotors', {
      token: admin,
      ip: '10.1.2.3',
      headers: { 'x-console-screen': '/admin/configuration/promotors' },
      body: { promotor: { name: 'Audit Promoter', externalAnalytics: false } },
    });
    expect(created.status).toBe(200);
    expect(await count()).toBe(before + 1);
    const row = await last();
    expect(row).toMatchObject({
      actorKind: 'user',
      userEmail: 'admin@demo.test',
      ip: '10.1.2.3',
      method: 'POST',
      route: '/api/global/promotors',
      screen: '/admin/configuration/promotors',
      action: 'create',
      entity: 'promoters',
      entityId: String(created.body.result.id),
    });
    const [change] = await changesOf(row.id);
    expect(change).toMatchObject({ tableName: 'promoters', op: 'insert', before: null });
    expect(change!.after).toMatchObject({ name: 'Audit Promoter' });

    // An update: only the changed fields, before and after.
    const id = created.body.result.id as number;
    const updated = await t.call('POST', '/api/global/promotors', {
      token: admin,
      body: { promotor: { id, name: 'Audit Promoter 2', externalAnalytics: false } },
    });
    expect(updated.status).toBe(200);
    expect(await count()).toBe(before + 2);
    const up = await last();
    expect(up).toMatchObject({ action: 'update', entity: 'promoters', entityId: String(id) });
    const [upChange] = await changesOf(up.id);
    expect(upChange!.before).toMatchObject({ name: 'Audit Promoter' });
    expect(upChange!.after).toMatchObject({ name: 'Audit Promoter 2' });
    expect(Object.keys(upChange!.after as object)).not.toContain('external_analytics');

    // A delete.
    expect((await t.call('DELETE', `/api/global/promotors/${id}`, { token: admin })).status).toBe(200);
    expect(await count()).toBe(before + 3);
    expect(await last()).toMatchObject({ action: 'delete', entity: 'promoters', entityId: String(id) });

    // An event-scoped write names the event; closing an event is its own action.
    const ev = await t.activeEvent();
    const zone = await t.call('POST', '/api/zones', {
      token: admin,
      event: ev.token,
      body: { zone: { name: 'Audit zone', resetHour: '00:00:00' } },
    });
    expect(zone.status).toBe(200);
    expect(await count()).toBe(before + 4);
    expect(await last()).toMatchObject({ entity: 'zones', eventId: ev.id, action: 'create' });

    const gala = await t.eventByName('Sonora Winter 2025');
    const closed = await t.call('POST', '/api/closeEvent', { token: superAdmin, body: { idEvent: gala.id } });
    expect(closed.status).toBe(200);
    expect(await count()).toBe(before + 5);
    expect(await last()).toMatchObject({ action: 'closeEvent', entity: 'events', eventId: gala.id });
  });

  it('leaves no row for a refused write, nor for one that wrote and then failed', async () => {
    const before = await count();
    // Refused by the service before writing.
    const dup = await t.call('POST', '/api/global/promotors', {
      token: admin,
      body: { promotor: { name: 'Sonora Live' } },
    });
    expect(dup.status).toBe(409);
    // Refused by the schema.
    const bad = await t.call('POST', '/api/global/promotors', {
      token: admin,
      body: { promotor: { name: '' } },
    });
    expect(bad.status).toBe(400);
    // Wrote a row (and a savepoint) and then failed: everything rolls back, the audit row with it.
    const res = await failing.inject({
      method: 'POST',
      url: '/api/test/write-then-fail',
      headers: { token: admin },
    });
    expect(res.statusCode).toBe(409);
    expect(await count()).toBe(before);
    const left = await t.database.db
      .select()
      .from(promoters)
      .where(sql`${promoters.name} like '%then refused'`);
    expect(left).toEqual([]);
  });

  it('is append-only: the database refuses UPDATE, DELETE and TRUNCATE of audit rows', async () => {
    const db = t.database.db;
    await expect(db.execute(sql`update audit_log set action = 'forged'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(db.execute(sql`truncate audit_log`)).rejects.toThrow();
    await expect(db.execute(sql`update audit_changes set after = null`)).rejects.toThrow();
    await expect(db.execute(sql`delete from audit_changes`)).rejects.toThrow();
    await expect(db.execute(sql`truncate audit_changes`)).rejects.toThrow();
    expect(await count()).toBeGreaterThan(0);
  });

  it('records sign-ins and failed sign-ins, each in its own row', async () => {
    const before = await count();
    const bad = await t.call('POST', '/api/login', {
      body: { email: 'ops@demo.test', password: 'wrong-password' },
      ip: '10.7.7.7',
    });
    expect(bad.status).toBe(401);
    expect(await count()).toBe(before + 1);
    expect(await last()).toMatchObject({
      action: 'signInFailed',
      userEmail: 'ops@demo.test',
      ip: '10.7.7.7',
      detail: { reason: 'wrongPassword' },
    });
    await t.login('ops@demo.test');
    expect(await count()).toBe(before + 2);
    expect(await last()).toMatchObject({ action: 'signIn', userEmail: 'ops@demo.test', actorKind: 'user' });
  });

  it('never keeps a secret: password hashes, API key hashes and tokens are redacted', async () => {
    // A password change by the user (a console write like any other).
    const token = await t.login('users@demo.test');
    const changed = await t.call('POST', '/api/change-password', {
      token,
      body: { currentPassword: 'Festival-2026!', newPassword: 'Another-Festival-2027!' },
    });
    expect(changed.status).toBe(200);
    const row = await last();
    expect(row).toMatchObject({ action: 'passwordChange', entity: 'users', userEmail: 'users@demo.test' });
    const [change] = await changesOf(row.id);
    expect(change!.before).toMatchObject({ password_hash: '[redacted]' });
    expect(change!.after).toMatchObject({ password_hash: '[redacted]' });

    // An API key: its hash never reaches the trail, nor the key itself.
    const integrator = await t.call('POST', '/api/integrators', {
      token: admin,
      body: { name: 'Secret Checker', grants: [] },
    });
    const key = await t.call('POST', `/api/integrators/${integrator.body.result.id}/keys`, {
      token: admin,
      body: { label: 'main' },
    });
    expect(key.status).toBe(200);
    const keyRow = await last();
    expect(keyRow).toMatchObject({ action: 'apiKeyCreate', entity: 'api_keys' });
    const [keyChange] = await changesOf(keyRow.id);
    expect(keyChange!.after).toMatchObject({ key_hash: '[redacted]', label: 'main' });

    // Nothing anywhere in the trail looks like a hash, a key or a password.
    const all = JSON.stringify(await t.database.db.select().from(auditChanges));
    expect(all).not.toContain('$argon2');
    expect(all).not.toContain(key.body.result.secret);
    expect(all).not.toContain('Another-Festival-2027!');
    // The event token (the console's header tokenevent) is redacted too.
    expect(all).not.toContain((await t.activeEvent()).token);
  });

  it('audits every table but the terminal feed, the ledger, the rollups and itself', async () => {
    const res = (await t.database.db.execute(sql`
      select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r'
        and not exists (select 1 from pg_trigger g where g.tgrelid = c.oid and g.tgname = 'audit_capture')
      order by 1`)) as unknown as { rows: { name: string }[] };
    const left = res.rows.map((r) => r.name);
    for (const name of left)
      expect(name).toMatch(
        /^(report_|audit_|login_throttle$|ledger_entries$|top_ups$|sales$|sale_|access_records$|ticket_validations$|role_recordings$|wristband_changes$|presence_records$|order_errors$|processed_operations$|sync_batches$|refused_operations$|capacity_log|stock_wristbands$)/,
      );
    expect(left).toContain('ledger_entries');
    expect(left).not.toContain('promoters');
    expect(left).not.toContain('users');
  });

  it('serves the screen: filters, an item history, a detail, and scopes non-admins to their event', async () => {
    const ev = await t.activeEvent();
    const zone = await t.call('POST', '/api/zones', {
      token: admin,
      event: ev.token,
      headers: { 'x-console-screen': '/admin/access/zones' },
      body: { zone: { name: 'History zone', resetHour: '00:00:00' } },
    });
    const zoneId = zone.body.result as number;
    await t.call('POST', '/api/zones', {
      token: admin,
      event: ev.token,
      headers: { 'x-console-screen': '/admin/access/zones' },
      body: { zone: { id: zoneId, name: 'History zone renamed', resetHour: '00:00:00' } },
    });
    const history = await t.call(
      'GET',
      `/api/audit?screen=${encodeURIComponent('/admin/access/zones')}&entityId=${zoneId}`,
      { token: admin, event: ev.token },
    );
    expect(history.status).toBe(200);
    expect(history.body.result.total).toBe(2);
    expect(history.body.result.rows.map((r: { action: string }) => r.action)).toEqual(['update', 'create']);

    const detail = await t.call('GET', `/api/audit/${history.body.result.rows[0].id}`, {
      token: admin,
      event: ev.token,
    });
    expect(detail.body.result.changes[0]).toMatchObject({
      table: 'zones',
      op: 'update',
      before: { name: 'History zone' },
      after: { name: 'History zone renamed' },
    });

    const text = await t.call('GET', '/api/audit?text=renamed', { token: admin, event: ev.token });
    expect(text.body.result.rows[0].entityId).toBe(String(zoneId));

    // A user holding edicionDeEventos sees the selected event's rows only.
    await t.userWithPermissions('editor@demo.test', ev.id, [PERMISSIONS.edicionDeEventos]);
    const editor = await t.session('editor@demo.test');
    const scoped = await t.call('GET', '/api/audit?pageSize=200', editor);
    expect(scoped.status).toBe(200);
    expect(scoped.body.result.rows.length).toBeGreaterThan(0);
    expect(scoped.body.result.rows.every((r: { eventId: number }) => r.eventId === ev.id)).toBe(true);
    const noEventRow = (await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'signIn')))[0]!;
    expect((await t.call('GET', `/api/audit/${noEventRow.id}`, editor)).status).toBe(404);

    // Paged like every list (paginationLimit), and by the pageSize its first screen sent.
    const total = scoped.body.result.total as number;
    expect(total).toBeGreaterThan(2);
    for (const size of ['paginationLimit', 'pageSize']) {
      const first = await t.call('GET', `/api/audit?${size}=2`, editor);
      const second = await t.call('GET', `/api/audit?${size}=2&page=2`, editor);
      expect(first.body.result.rows).toHaveLength(2);
      expect(first.body.result.total).toBe(total);
      expect(second.body.result.rows[0].id).toBe(scoped.body.result.rows[2].id);
    }

    // Without it: refused.
    await t.userWithPermissions('nozones@demo.test', ev.id, [PERMISSIONS.zonas]);
    const other = await t.session('nozones@demo.test');
    expect((await t.call('GET', '/api/audit', other)).status).toBe(403);
  });
});
