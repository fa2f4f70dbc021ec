import { ALL_PERMISSION_CODES, PERMISSIONS } from '@pulsera/contracts';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { apiKeys, auditLog } from '../../../core/db/schema';
import { type Access, ruleOf } from '../../../core/plugins/guard';

let t: TestApp;
let admin: string;
const RATE = 6;

beforeAll(async () => {
  t = await createTestApp({ apiKeyRateLimit: { max: RATE, windowSeconds: 60 } });
  admin = await t.login('admin@demo.test');
}, 240_000);
afterAll(() => t?.close());

/** An integrator granted `permissions` in the active event, and one fresh key of it. */
async function integratorWithKey(name: string, permissions: number[]) {
  const ev = await t.activeEvent();
  const saved = await t.call('POST', '/api/integrators', {
    token: admin,
    body: { name, contactEmail: 'ops@ticketing.example', grants: [{ eventId: ev.id, permissions }] },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const key = await t.call('POST', `/api/integrators/${saved.body.result.id}/keys`, {
    token: admin,
    body: {},
  });
  expect(key.status, JSON.stringify(key.body)).toBe(200);
  return {
    id: saved.body.result.id as number,
    secret: key.body.result.secret as string,
    keyId: key.body.result.key.id,
  };
}

const withKey = (secret: string, eventId: number | string, extra: Record<string, string> = {}) => ({
  headers: { 'x-api-key': secret, 'x-event-id': String(eventId), ...extra },
});

describe('integrators and API keys', () => {
  it('shows a key once, stores only its hash and keeps its prefix visible', async () => {
    const { id, secret, keyId } = await integratorWithKey('Box Office Partner', [PERMISSIONS.zonas]);
    expect(secret).toMatch(/^pk_[a-z0-9]{10}_[A-Za-z0-9_-]{43}$/);
    const [stored] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, keyId));
    expect(stored!.keyHash).not.toContain(secret);
    expect(secret.startsWith(`pk_${stored!.prefix}_`)).toBe(true);
    const list = await t.call('GET', '/api/integrators', { token: admin });
    const shown = list.body.result.integrators.find((i: { id: number }) => i.id === id);
    expect(shown.keys[0].prefix).toBe(`pk_${stored!.prefix}_`);
    expect(JSON.stringify(list.body)).not.toContain(secret);
    expect(shown.grants).toEqual([{ eventId: (await t.activeEvent()).id, permissions: [PERMISSIONS.zonas] }]);
  });

  it('acts in its granted event with exactly its codes, like a person; never on admin routes', async () => {
    const ev = await t.activeEvent();
    const { secret } = await integratorWithKey('Gate Partner', [PERMISSIONS.zonas]);
    // Granted: lists the event's zones.
    const zones = await t.call('GET', '/api/zones', withKey(secret, ev.id));
    expect(zones.status).toBe(200);
    expect(Array.isArray(zones.body.result)).toBe(true);
    // The console's header for the event works too.
    expect(
      (await t.call('GET', '/api/zones', { headers: { 'x-api-key': secret, tokenevent: ev.token } })).status,
    ).toBe(200);
    // A code it does not hold.
    expect((await t.call('GET', '/api/locations', withKey(secret, ev.id))).status).toBe(403);
    // An event it was not granted.
    const other = await t.eventByName('Sonora Festival 2027');
    expect((await t.call('GET', '/api/zones', withKey(secret, other.id))).status).toBe(403);
    // No event named.
    expect((await t.call('GET', '/api/zones', { headers: { 'x-api-key': secret } })).status).toBe(400);
    // Admin-only and person-only routes.
    expect((await t.call('GET', '/api/global/promotors', withKey(secret, ev.id))).status).toBe(403);
    expect((await t.call('GET', '/api/integrators', withKey(secret, ev.id))).status).toBe(403);
    expect((await t.call('GET', '/api/me', withKey(secret, ev.id))).status).toBe(403);
  });

  it('writes in the audit trail under the integrator', async () => {
    const ev = await t.activeEvent();
    const { id, secret } = await integratorWithKey('Writer Partner', [PERMISSIONS.zonas]);
    const made = await t.call('POST', '/api/zones', {
      ...withKey(secret, ev.id),
      ip: '192.0.2.10',
      body: { zone: { name: 'Partner zone', resetHour: '00:00:00' } },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const [row] = await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(row).toMatchObject({
      actorKind: 'integrator',
      integratorId: id,
      integratorName: 'Writer Partner',
      userId: null,
      ip: '192.0.2.10',
      eventId: ev.id,
      entity: 'zones',
      action: 'create',
    });
  });

  it('refuses a revoked, an expired, a wrong or a disabled integrator key at the next request (401)', async () => {
    const ev = await t.activeEvent();
    const { id, secret, keyId } = await integratorWithKey('Revoked Partner', [PERMISSIONS.zonas]);
    expect((await t.call('GET', '/api/zones', withKey(secret, ev.id))).status).toBe(200);
    const revoked = await t.call('POST', `/api/integrators/keys/${keyId}/revoke`, { token: admin });
    expect(revoked.status).toBe(200);
    expect(revoked.body.result.revokedAt).not.toBeNull();
    const after = await t.call('GET', '/api/zones', withKey(secret, ev.id));
    expect(after.status).toBe(401);
    expect(after.body.error).toBe(3101);

    // Expired: a key whose expiry has passed.
    const second = await t.call('POST', `/api/integrators/${id}/keys`, {
      token: admin,
      body: { expiresAt: new Date(Date.now() + 60_000).toISOString() },
    });
    expect((await t.call('GET', '/api/zones', withKey(second.body.result.secret, ev.id))).status).toBe(200);
    await t.database.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, second.body.result.key.id));
    const expired = await t.call('GET', '/api/zones', withKey(second.body.result.secret, ev.id));
    expect(expired.status).toBe(401);
    expect(expired.body.error).toBe(3102);

    // A key that is not one of ours, or was altered.
    const wrong = await t.call('GET', '/api/zones', withKey(`${secret.slice(0, -1)}A`, ev.id));
    expect(wrong.status).toBe(401);
    expect((await t.call('GET', '/api/zones', withKey('nonsense', ev.id))).body.error).toBe(3100);

    // A grant removed bites at once too.
    const live = await integratorWithKey('Ungranted Partner', [PERMISSIONS.zonas]);
    expect((await t.call('GET', '/api/zones', withKey(live.secret, ev.id))).status).toBe(200);
    await t.call('POST', '/api/integrators', {
      token: admin,
      body: { id: live.id, name: 'Ungranted Partner' },
    });
    expect((await t.call('GET', '/api/zones', withKey(live.secret, ev.id))).status).toBe(403);
  });

  it('holds at most two live keys, for a rotation', async () => {
    const { id } = await integratorWithKey('Rotating Partner', []);
    expect((await t.call('POST', `/api/integrators/${id}/keys`, { token: admin, body: {} })).status).toBe(
      200,
    );
    const third = await t.call('POST', `/api/integrators/${id}/keys`, { token: admin, body: {} });
    expect(third.status).toBe(409);
    expect(third.body.error).toBe(3105);
  });

  it("refuses a key whose expiry has already passed, in the user's language", async () => {
    const { id } = await integratorWithKey('Late Partner', []);
    const past = new Date(Date.now() - 60_000).toISOString();
    for (const [lang, text] of [
      ['en', 'The expiry must be in the future'],
      ['es', 'La caducidad debe ser una fecha futura'],
      ['fr', 'L’expiration doit être dans le futur'],
      ['it', 'La scadenza deve essere nel futuro'],
    ] as const) {
      const res = await t.call('POST', `/api/integrators/${id}/keys`, {
        token: admin,
        lang,
        body: { label: 'born expired', expiresAt: past },
      });
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual([{ path: 'expiresAt', message: 'validation.expiryInPast', text }]);
    }
    expect(await t.database.db.select().from(apiKeys).where(eq(apiKeys.label, 'born expired'))).toEqual([]);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const ok = await t.call('POST', `/api/integrators/${id}/keys`, {
      token: admin,
      body: { expiresAt: future },
    });
    expect(ok.status).toBe(200);
  });

  it('limits each key: past the limit, 429 in the envelope with Retry-After', async () => {
    const ev = await t.activeEvent();
    const { secret } = await integratorWithKey('Busy Partner', [PERMISSIONS.zonas]);
    for (let i = 0; i < RATE; i++)
      expect((await t.call('GET', '/api/zones', withKey(secret, ev.id))).status).toBe(200);
    const over = await t.call('GET', '/api/zones', withKey(secret, ev.id));
    expect(over.status).toBe(429);
    expect(over.body.error).toBe(3104);
    expect(over.body.description).toMatch(/Too many requests/);
    expect(Number(over.raw.headers['retry-after'])).toBeGreaterThan(0);
    // Another key, and people, are not affected.
    const other = await integratorWithKey('Quiet Partner', [PERMISSIONS.zonas]);
    expect((await t.call('GET', '/api/zones', withKey(other.secret, ev.id))).status).toBe(200);
    expect((await t.call('GET', '/api/zones', { token: admin, event: ev.token })).status).toBe(200);
  });

  it('walks every route: a key holding every code reaches no admin-only nor person-only route', async () => {
    const ev = await t.activeEvent();
    const { secret } = await integratorWithKey('Walking Partner', [...ALL_PERMISSION_CODES]);
    const fill = (url: string) => url.replace(/:(\w+)/g, (_, n) => (n === 'status' ? 'active' : '1'));
    let walked = 0;
    for (const { method, url, access } of t.app.routeAccess as {
      method: string;
      url: string;
      access: Access;
    }[]) {
      if (access.auth === 'none') continue;
      const rule = ruleOf(access);
      const peopleOnly =
        access.auth === 'password' ||
        !!access.role ||
        !!rule?.role ||
        !!rule?.conf ||
        !(rule?.event || access.event);
      if (!peopleOnly) continue;
      // Refused by the guard, before the rate limit counts the call.
      const res = await t.call(method, fill(url), {
        ...withKey(secret, ev.id),
        body: method === 'GET' ? undefined : {},
      });
      expect(res.status, `${method} ${url}`).toBe(403);
      walked++;
    }
    expect(walked).toBeGreaterThan(20);
  });

  it('refuses a duplicate name and an unknown event, and non-admins', async () => {
    await integratorWithKey('Unique Partner', []);
    const dup = await t.call('POST', '/api/integrators', { token: admin, body: { name: 'unique partner' } });
    expect(dup.status).toBe(409);
    const unknown = await t.call('POST', '/api/integrators', {
      token: admin,
      body: { name: 'Nowhere Partner', grants: [{ eventId: 999999, permissions: [] }] },
    });
    expect(unknown.status).toBe(404);
    const badCode = await t.call('POST', '/api/integrators', {
      token: admin,
      body: {
        name: 'Bad Code Partner',
        grants: [{ eventId: (await t.activeEvent()).id, permissions: [9999] }],
      },
    });
    expect(badCode.status).toBe(400);
    const ops = await t.session('ops@demo.test');
    expect((await t.call('GET', '/api/integrators', ops)).status).toBe(403);
  });
});
