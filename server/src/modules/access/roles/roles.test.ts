import { PERMISSIONS } from '@pulsera/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { userEventRoles, users } from '../../../core/db/schema';

let t: TestApp;
let superToken: string;

beforeAll(async () => {
  t = await createTestApp();
  superToken = await t.login('super@demo.test');
}, 240_000);
afterAll(async () => t?.close());

describe('who holds a permission role (issue 27 item 13)', () => {
  it('the role form lists its holders; a refused delete names them with the right plural', async () => {
    const created = await t.call('POST', '/api/permission-roles', {
      token: superToken,
      body: { name: 'Gate crew', permissions: [PERMISSIONS.puertas] },
    });
    const roleId = created.body.result.id as number;
    const none = await t.call('GET', `/api/permission-roles/${roleId}/holders`, { token: superToken });
    expect(none.status).toBe(200);
    expect(none.body.result).toEqual([]);

    const ev = await t.activeEvent();
    const [ops] = await t.database.db.select().from(users).where(eq(users.email, 'ops@demo.test'));
    await t.database.db.insert(userEventRoles).values({ userId: ops!.id, eventId: ev.id, roleId });
    const one = await t.call('GET', `/api/permission-roles/${roleId}/holders`, { token: superToken });
    expect(one.body.result).toEqual([
      {
        userId: ops!.id,
        name: ops!.name,
        email: 'ops@demo.test',
        eventId: ev.id,
        event: 'Sonora Festival 2026',
      },
    ]);
    const del = await t.call('DELETE', `/api/permission-roles/${roleId}`, { token: superToken });
    expect(del.status).toBe(409);
    expect(del.body.description).toBe(
      'It cannot be deleted: 1 person holds it (ops@demo.test (Sonora Festival 2026))',
    );
    const es = await t.call('DELETE', `/api/permission-roles/${roleId}`, { token: superToken, lang: 'es' });
    expect(es.body.description).toContain('lo tiene 1 persona');
    // Only the roles screen's guard (super admins) reads it.
    const usersAdmin = await t.login('users@demo.test');
    expect(
      (await t.call('GET', `/api/permission-roles/${roleId}/holders`, { token: usersAdmin })).status,
    ).toBe(403);
  });
});
