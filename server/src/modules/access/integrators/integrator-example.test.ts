import { EXAMPLE_API_CALLS, exampleApiCall, PERMISSIONS, ROUTES } from '@pulsera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';

/** Issue 27 item 12: the new key's example call uses a path the integrator was granted. */
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@demo.test');
}, 240_000);
afterAll(() => t?.close());

async function keyFor(name: string, permissions: number[]) {
  const ev = await t.activeEvent();
  const saved = await t.call('POST', '/api/integrators', {
    token: admin,
    body: { name, contactEmail: 'ops@ticketing.example', grants: [{ eventId: ev.id, permissions }] },
  });
  const id = saved.body.result.id as number;
  const key = await t.call('POST', `/api/integrators/${id}/keys`, { token: admin, body: {} });
  return { secret: key.body.result.secret as string, grants: saved.body.result.grants };
}

describe('the example call of a new API key', () => {
  it('answers 200 for an integrator granted only locations (the zones example answered 403)', async () => {
    const { secret, grants } = await keyFor('Locations only', [PERMISSIONS.locations]);
    const example = exampleApiCall(grants)!;
    expect(example.path).toBe('/api/locations');
    const res = await t.call('GET', example.path, {
      headers: { 'x-api-key': secret, 'x-event-id': String(example.eventId) },
    });
    expect(res.status).toBe(200);
  });

  it('every example path answers 200 with only the permission its rule needs', async () => {
    for (const call of EXAMPLE_API_CALLS) {
      const codes = (ROUTES[call.route].must ?? []).map((p) => PERMISSIONS[p]);
      const { secret, grants } = await keyFor(`Only ${call.route}`, codes);
      const example = exampleApiCall(grants)!;
      expect(example).not.toBeNull();
      // The path itself (rooms share the locations permission, whose example comes first) and the example.
      for (const path of [call.path, example.path]) {
        const res = await t.call('GET', path, {
          headers: { 'x-api-key': secret, 'x-event-id': String(example.eventId) },
        });
        expect(res.status, path).toBe(200);
      }
    }
  });

  it('offers no example to an integrator without a grant that opens one', () => {
    expect(exampleApiCall([])).toBeNull();
  });
});
