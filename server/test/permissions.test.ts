import { ALL_PERMISSION_CODES, PERMISSIONS, type Role, type RouteRule } from '@pulsera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Access, ruleOf } from '../src/core/plugins/guard';
import { createTestApp, type TestApp } from './helper';

/**
 * Walks every API route the server registers and proves the server refuses a caller lacking its
 * rule: the wrong role, or the event trusts without the must / any-of permissions.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const fillParams = (url: string) => url.replace(/:(\w+)/g, (_, name) => (name === 'status' ? 'active' : '1'));

/** Who lacks a role: the strongest demo account that still does not have it. */
const lacking: Record<Role, string> = {
  admin: 'ops@demo.test',
  usersAdmin: 'admin@demo.test',
  superAdmin: 'admin@demo.test',
  megaAdmin: 'super@demo.test',
};

/** A permission set that fails the rule while holding every other permission. */
function permissionsLacking(rule: RouteRule): number[] {
  const drop = new Set<number>();
  if (rule.must?.length) drop.add(PERMISSIONS[rule.must[0]!]);
  else for (const p of rule.any ?? []) drop.add(PERMISSIONS[p]);
  return ALL_PERMISSION_CODES.filter((c) => !drop.has(c));
}

describe('the permission table on the server', () => {
  it('every API route declares who may call it', () => {
    expect(t.app.routeAccess.length).toBeGreaterThan(5);
    for (const r of t.app.routeAccess) expect(r.access, `${r.method} ${r.url}`).toBeDefined();
  });

  it('refuses a caller lacking each route rule', async () => {
    const ev = await t.activeEvent();
    const checked: string[] = [];
    for (const { method, url, access } of t.app.routeAccess as {
      method: string;
      url: string;
      access: Access;
    }[]) {
      const rule: RouteRule | null = ruleOf(access);
      const role = access.role ?? rule?.role;
      const target = fillParams(url);
      if (role) {
        const s = await t.session(lacking[role]);
        const res = await t.call(method, target, { ...s, body: method === 'GET' ? undefined : {} });
        expect(res.status, `${method} ${url} as ${lacking[role]}`).toBe(403);
        checked.push(`${method} ${url}`);
      }
      if (rule && !rule.role && (rule.must?.length || rule.any?.length)) {
        const email = `lacking-${checked.length}@demo.test`;
        await t.userWithPermissions(email, ev.id, permissionsLacking(rule));
        const s = await t.session(email);
        const res = await t.call(method, target, { ...s, body: method === 'GET' ? undefined : {} });
        expect(res.status, `${method} ${url} without ${JSON.stringify(rule.must ?? rule.any)}`).toBe(403);
        // …and the same call with the full set of permissions gets past the guard.
        await t.userWithPermissions(email, ev.id, [...ALL_PERMISSION_CODES]);
        const allowed = await t.call(method, target, { ...s, body: method === 'GET' ? undefined : {} });
        expect(allowed.status, `${method} ${url} with every permission`).not.toBe(403);
        checked.push(`${method} ${url}`);
      }
    }
    expect(checked.length).toBeGreaterThan(0);
    // Every route signs in twice: the walk grows with the API (slow under a loaded parallel run).
  }, 180_000);

  it('refuses a non-admin every configuration-level rule whatever their trusts', async () => {
    const ev = await t.activeEvent();
    await t.userWithPermissions('all-perms@demo.test', ev.id, [...ALL_PERMISSION_CODES]);
    const s = await t.session('all-perms@demo.test');
    const closing = await t.call('POST', '/api/closeEvent', { ...s, body: { idEvent: ev.id } });
    expect(closing.status).toBe(403);
    const creating = await t.call('POST', '/api/event', { ...s, body: { event: { nombre: 'x' } } });
    expect(creating.status).toBe(403);
  });
});
