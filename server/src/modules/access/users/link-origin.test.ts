import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { users } from '../../../core/db/schema';

/**
 * The links the server e-mails name its configured public address, never the Host a request sent:
 * a forged Host on "Forgot your password?" must not put a genuine reset e-mail's link on another site.
 * The demo without PUBLIC_URL (the default setting) derives it from HOST and PORT.
 */
let t: TestApp;
const savedPublicUrl = process.env.PUBLIC_URL;
beforeAll(async () => {
  delete process.env.PUBLIC_URL;
  t = await createTestApp({ seed: 'demo', host: '127.0.0.1', port: 8181 });
  await t.ctx.jobs.start({ work: true, schedule: false, pollingSeconds: 0.5 });
});
afterAll(async () => {
  process.env.PUBLIC_URL = savedPublicUrl;
  await t.close();
});

/** The password links of the e-mails in the outbox for an address, oldest first. */
function linksTo(email: string) {
  const dir = t.ctx.config.outboxDir;
  return readdirSync(dir)
    .filter((f) => f.includes(email))
    .sort()
    .flatMap((f) => {
      const body = readFileSync(path.join(dir, f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      return [...body.matchAll(/(https?:\/\/[^\s/]+)\/auth\/password\?token=/g)].map((m) => m[1]);
    });
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

describe('the origin of e-mailed links', () => {
  it('a forged Host on "Forgot your password?" still sends the link of this server', async () => {
    const res = await t.call('POST', '/api/password/forgot', {
      body: { email: 'admin@demo.test' },
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    expect(res.status).toBe(200);
    const origins = await until(() =>
      linksTo('admin@demo.test').length ? linksTo('admin@demo.test') : undefined,
    );
    expect(origins).toEqual(['http://127.0.0.1:8181']);
  });

  it('an administrator invitation sent with a forged Host names this server too', async () => {
    const admin = await t.login('users@demo.test');
    const [ops] = await t.database.db.select().from(users).where(eq(users.email, 'ops@demo.test'));
    const res = await t.call('POST', `/api/users/${ops!.id}/invitation`, {
      token: admin,
      headers: { host: 'evil.example' },
    });
    expect(res.status).toBe(200);
    const origins = await until(() =>
      linksTo('ops@demo.test').length ? linksTo('ops@demo.test') : undefined,
    );
    expect(origins).toEqual(['http://127.0.0.1:8181']);
  });
});
