import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { DEMO_PASSWORD } from '../../../seed/demo';

/**
 * The credentials' lifecycle (issue 26 §5): "Forgot your password?" answers before any work that
 * depends on the account (the job queue sends), and a password change ends every outstanding link.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://console.example.test' });
});
afterAll(() => t.close());

const outbox = () => readdirSync(t.ctx.config.outboxDir).sort();
/** The token of the newest password link e-mailed to an address. */
function lastLinkTo(email: string) {
  const file = outbox()
    .filter((f) => f.includes(email))
    .at(-1);
  if (!file) return undefined;
  const body = readFileSync(path.join(t.ctx.config.outboxDir, file), 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=');
  const m = body.match(/https:\/\/console\.example\.test\/auth\/password\?token=([A-Za-z0-9_%-]+)/);
  return m ? decodeURIComponent(m[1]!) : undefined;
}
async function until<T>(what: () => T | undefined, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = what();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}
const queued = async () =>
  (
    (await t.database.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = 'password-reset-mail' and state = 'created'`,
    )) as unknown as { rows: { n: number }[] }
  ).rows[0]!.n;

describe('"Forgot your password?"', () => {
  it('answers a known and an unknown address alike, before looking the account up: the queue sends', async () => {
    const unknown = await t.call('POST', '/api/password/forgot', { body: { email: 'nobody@nowhere.test' } });
    const known = await t.call('POST', '/api/password/forgot', { body: { email: 'ops@demo.test' } });
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    // Answered: nothing sent yet, the same work queued for both addresses.
    expect(outbox()).toEqual([]);
    expect(await queued()).toBe(2);
    await t.ctx.jobs.start({ work: true, schedule: false, pollingSeconds: 0.5 });
    await until(() => lastLinkTo('ops@demo.test'));
    for (let i = 0; i < 100 && (await queued()) > 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await queued()).toBe(0);
    expect(outbox()).toHaveLength(1);
  });
});

describe('a password change ends every outstanding link', () => {
  it('a reset link issued before a voluntary change no longer works after it', async () => {
    const link = await until(() => lastLinkTo('ops@demo.test'));
    expect((await t.call('GET', `/api/password/token?token=${encodeURIComponent(link)}`)).status).toBe(200);
    const token = await t.login('ops@demo.test');
    const changed = await t.call('POST', '/api/change-password', {
      token,
      body: { currentPassword: DEMO_PASSWORD, newPassword: 'Quiet-Harbour-Lamp-81!' },
    });
    expect(changed.status).toBe(200);
    const info = await t.call('GET', `/api/password/token?token=${encodeURIComponent(link)}`);
    expect(info.body.error).toBe(1003);
    const used = await t.call('POST', '/api/password/token', {
      body: { token: link, newPassword: 'Taken-Over-Account-99!' },
    });
    expect(used.body.error).toBe(1003);
    await t.login('ops@demo.test', 'Quiet-Harbour-Lamp-81!');
  });
});

describe('no takeover of a peer or above (docs/decisions/access.md, "Takeover")', () => {
  /** PATCH /api/users with the detail as GET answers it, and changes. */
  async function save(token: string, email: string, change: object) {
    const found = await t.call('GET', `/api/users?search=${encodeURIComponent(email)}`, { token });
    const id = found.body.result.users[0].id;
    const d = (await t.call('GET', `/api/users/${id}`, { token })).body.result;
    const { eventAccess, invitationPending, otpEnabled, lastSignInAt, ...rest } = d;
    const body = {
      ...rest,
      eventAccess: eventAccess.map((a: { eventId: number; permissions: number[]; roleIds: number[] }) => ({
        eventId: a.eventId,
        permissions: a.permissions,
        roleIds: a.roleIds,
      })),
      ...change,
    };
    return { id, res: await t.call('PATCH', '/api/users', { token, body, lang: 'es' }) };
  }

  it("a users admin cannot move a peer's e-mail, so a reset of the peer goes to the address on file", async () => {
    const usersAdmin = await t.login('users@demo.test');
    const { id, res } = await save(usersAdmin, 'admin@demo.test', { email: 'attacker@evil.test' });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe(3009);
    expect(res.body.fields).toEqual([
      {
        path: 'email',
        message: 'errors.peerEmail',
        text: 'No puedes cambiar el correo de un usuario de tu rango o superior: solo puede hacerlo él',
      },
    ]);
    const before = outbox().length;
    expect((await t.call('POST', `/api/users/${id}/password-reset`, { token: usersAdmin })).status).toBe(200);
    expect(outbox()).toHaveLength(before + 1);
    expect(outbox().at(-1)).toContain('admin@demo.test');
  });

  it('a new address is confirmed from that address and announced to the old one; until then nothing changes', async () => {
    const usersAdmin = await t.login('users@demo.test');
    const before = outbox().length;
    // A user of a lower rank: the change is asked for, not made.
    const { id, res } = await save(usersAdmin, 'ops@demo.test', { email: 'olga@demo.test' });
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({ id, sent: true, emailPending: 'olga@demo.test' });
    const detail = async () => (await t.call('GET', `/api/users/${id}`, { token: usersAdmin })).body.result;
    expect((await detail()).email).toBe('ops@demo.test');
    expect(outbox()).toHaveLength(before + 2);
    const mail = (to: string) =>
      readFileSync(
        path.join(
          t.ctx.config.outboxDir,
          outbox()
            .filter((f) => f.includes(to))
            .at(-1)!,
        ),
        'utf8',
      )
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
    // The notice to the address on file, in the language of the request (Spanish), naming who asked.
    expect(mail('ops@demo.test')).toContain('olga@demo.test');
    expect(mail('ops@demo.test')).toMatch(/avisa a tu administrador/);
    const link = mail('olga@demo.test').match(
      /https:\/\/console\.example\.test\/auth\/confirm-email\?token=([A-Za-z0-9_.%-]+)/,
    );
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link![1]!);
    // The link is not a password link.
    expect((await t.call('GET', `/api/password/token?token=${encodeURIComponent(token)}`)).status).toBe(400);
    const confirmed = await t.call('POST', '/api/users/email-confirm', { body: { token } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.result).toEqual({ email: 'olga@demo.test' });
    expect((await detail()).email).toBe('olga@demo.test');
    // Once only; a forged token is refused too.
    expect((await t.call('POST', '/api/users/email-confirm', { body: { token } })).body.error).toBe(1003);
    const forged = `${token.slice(0, -2)}xx`;
    expect((await t.call('POST', '/api/users/email-confirm', { body: { token: forged } })).status).toBe(400);
  });
});
