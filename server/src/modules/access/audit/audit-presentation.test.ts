import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { users } from '../../../core/db/schema';

/** Issue 27 item 11: the trail says what happened in the console's words, with names for ids. */
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@demo.test');
}, 240_000);
afterAll(() => t?.close());

const read = async (url: string) =>
  (await t.call('GET', url, { token: admin, event: (await t.activeEvent()).token })).body.result;
const newest = async () => (await read('/api/audit?paginationLimit=5')).rows[0];

describe('the audit trail as the console tells it', () => {
  it('a new API key is "API key created" about the integrator, by name', async () => {
    const ev = await t.activeEvent();
    const saved = await t.call('POST', '/api/integrators', {
      token: admin,
      body: {
        name: 'Ticket House',
        contactEmail: 'a@b.example',
        grants: [{ eventId: ev.id, permissions: [3] }],
      },
    });
    await t.call('POST', `/api/integrators/${saved.body.result.id}/keys`, { token: admin, body: {} });
    const row = await newest();
    expect(row).toMatchObject({ action: 'apiKeyCreate', entity: 'api_keys' });
    expect(row.subject).toMatch(/^\w{6,}$/); // the key's visible prefix (its label is empty)

    // The integrator's save: its grant's event by name in the detail, not "event_id 1".
    const list = (await read('/api/audit?paginationLimit=5')).rows;
    const create = list.find((r: { action: string }) => r.action === 'create');
    expect(create.subject).toBe('Ticket House');
    const detail = await read(`/api/audit/${create.id}`);
    expect(detail.names.events[String(ev.id)]).toBe('Sonora Festival 2026');
  });

  it('a refused escalation is recorded: who tried, on whom, why', async () => {
    const usersAdmin = await t.login('users@demo.test');
    const [mega] = await t.database.db.select().from(users).where(eq(users.email, 'mega@demo.test'));
    const res = await t.call('POST', `/api/users/${mega!.id}/password-reset`, { token: usersAdmin });
    expect(res.status).toBe(403);
    const row = await newest();
    expect(row).toMatchObject({
      action: 'refused',
      userEmail: 'users@demo.test',
      entity: 'users',
      entityId: String(mega!.id),
      subject: 'mega@demo.test',
      detail: { reason: 'userAbove' },
    });
  });
});
