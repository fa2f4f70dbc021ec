import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { createGuardrails, generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { scheduleEmailTokens, users } from '../../../core/db/schema';
import { hashPassword } from '../../../core/lib/passwords';
import { purposeKey } from '../../../core/lib/tokens';
import { DEMO_OTP_SECRET, DEMO_PASSWORD } from '../../../seed/demo';
import { hashToken } from './auth.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ tokenRefreshMinutes: 0 });
});
afterAll(() => t.close());

const otpNow = () =>
  generate({ secret: DEMO_OTP_SECRET, guardrails: createGuardrails({ MIN_SECRET_BYTES: 10 }) });

describe('POST /api/login', () => {
  it('signs in a demo admin and answers the user and a session token', async () => {
    const res = await t.call('POST', '/api/login', {
      body: { email: 'admin@demo.test', password: DEMO_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(res.body.error).toBe(0);
    expect(res.body.result.user).toMatchObject({
      email: 'admin@demo.test',
      isAdmin: true,
      mustChangePassword: false,
    });
    expect(res.body.result.token).toMatch(/^ey/);
  });

  it('is case-insensitive on the e-mail', async () => {
    const res = await t.call('POST', '/api/login', {
      body: { email: 'Admin@Demo.TEST', password: DEMO_PASSWORD },
    });
    expect(res.status).toBe(200);
  });

  it('refuses a wrong password with the same answer as an unknown e-mail', async () => {
    const wrong = await t.call('POST', '/api/login', {
      body: { email: 'admin@demo.test', password: 'nope' },
      ip: '10.0.0.50',
    });
    const unknown = await t.call('POST', '/api/login', {
      body: { email: 'nobody@demo.test', password: 'nope' },
      ip: '10.0.0.51',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ error: 1001, description: 'Wrong e-mail or password' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('validates the fields and answers in the request language', async () => {
    const res = await t.call('POST', '/api/login', {
      body: { email: 'not-an-email', password: '' },
      lang: 'es',
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(400);
    expect(res.body.description).toBe('Algunos campos no son válidos');
    expect(res.body.fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          path: 'email',
          message: 'validation.email',
          text: 'Correo electrónico no válido',
        }),
        expect.objectContaining({ path: 'password', message: 'validation.required' }),
      ]),
    );
  });

  it('answers 532 until a valid one-time code comes with the password', async () => {
    const body = { email: 'otp@demo.test', password: DEMO_PASSWORD };
    const first = await t.call('POST', '/api/login', { body, ip: '10.0.1.1' });
    expect(first.status).toBe(401);
    expect(first.body.error).toBe(532);
    const bad = await t.call('POST', '/api/login', { body: { ...body, otp: '000000' }, ip: '10.0.1.1' });
    expect(bad.body.error).toBe(1002);
    const letters = await t.call('POST', '/api/login', { body: { ...body, otp: '12ab56' }, ip: '10.0.1.1' });
    expect(letters.status).toBe(400);
    const good = await t.call('POST', '/api/login', {
      body: { ...body, otp: await otpNow() },
      ip: '10.0.1.1',
    });
    expect(good.status).toBe(200);
    expect(good.body.result.user.email).toBe('otp@demo.test');
  });

  it('never reveals the one-time step for a wrong password', async () => {
    const res = await t.call('POST', '/api/login', {
      body: { email: 'otp@demo.test', password: 'wrong' },
      ip: '10.0.1.2',
    });
    expect(res.body.error).toBe(1001);
  });
});

describe('failed sign-ins are slowed without locking others out', () => {
  it('blocks the account from one address after 5 failures, but not from another address', async () => {
    const email = 'users@demo.test';
    for (let i = 0; i < 5; i++) {
      const r = await t.call('POST', '/api/login', { body: { email, password: 'bad' }, ip: '10.1.1.1' });
      expect(r.status).toBe(401);
    }
    const blocked = await t.call('POST', '/api/login', {
      body: { email, password: DEMO_PASSWORD },
      ip: '10.1.1.1',
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toBe(429);
    expect(blocked.body.retryAfter).toBeGreaterThan(0);
    expect(blocked.body.description).toMatch(/Too many failed attempts\. Wait \d+ seconds/);
    expect(blocked.raw.headers['retry-after']).toBeDefined();
    // The real user, elsewhere, still signs in.
    const elsewhere = await t.call('POST', '/api/login', {
      body: { email, password: DEMO_PASSWORD },
      ip: '10.2.2.2',
    });
    expect(elsewhere.status).toBe(200);
  });
});

describe('sessions', () => {
  it('refuses a call without a token, with an invalid one and with an expired one', async () => {
    const none = await t.call('GET', '/api/events/active');
    expect(none.status).toBe(401);
    expect(none.body.error).toBe(401);
    const garbage = await t.call('GET', '/api/events/active', { token: 'abc' });
    expect(garbage.status).toBe(401);
    const [admin] = await t.database.db.select().from(users).where(eq(users.email, 'admin@demo.test'));
    const expired = await new SignJWT({ sub: String(admin!.id), v: admin!.sessionVersion, scope: 'session' })
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience('session')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(purposeKey(t.ctx.config.sessionSecret, 'session'));
    const res = await t.call('GET', '/api/events/active', { token: expired, lang: 'fr' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 440, description: 'La session a expiré' });
  });

  it('refreshes the session token in answers', async () => {
    const token = await t.login('admin@demo.test');
    await new Promise((r) => setTimeout(r, 1100));
    const res = await t.call('GET', '/api/events/active', { token });
    expect(res.status).toBe(200);
    expect(res.body.token).toMatch(/^ey/);
    expect(res.body.token).not.toBe(token);
    const again = await t.call('GET', '/api/events/active', { token: res.body.token });
    expect(again.status).toBe(200);
  });
});

describe('password expiry and change', () => {
  it('answers 403/418 with a token that can only change the password', async () => {
    const email = 'expired@demo.test';
    await t.database.db.insert(users).values({
      email,
      name: 'Eva Expired',
      passwordHash: await hashPassword(DEMO_PASSWORD),
      passwordChangedAt: new Date(Date.now() - 400 * 86_400_000),
      neverChangedPassword: false,
    });
    const res = await t.call('POST', '/api/login', { body: { email, password: DEMO_PASSWORD } });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe(418);
    expect(res.body.description).toBe('Password expired, please enter a new one');
    const limited = res.body.token as string;
    expect(limited).toMatch(/^ey/);

    const elsewhere = await t.call('GET', '/api/events/active', { token: limited });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.error).toBe(418);

    const weak = await t.call('POST', '/api/change-password', {
      token: limited,
      body: { newPassword: 'short' },
    });
    expect(weak.status).toBe(400);
    const keys = weak.body.fields.map((f: { message: string }) => f.message.split('|')[0]);
    expect(keys).toEqual(
      expect.arrayContaining([
        'validation.passwordLength',
        'validation.passwordGroups',
        'validation.passwordSymbol',
      ]),
    );

    const personal = await t.call('POST', '/api/change-password', {
      token: limited,
      body: { newPassword: 'Expired-2027!x' },
    });
    expect(personal.status).toBe(400);
    expect(personal.body.fields.map((f: { message: string }) => f.message)).toContain(
      'validation.passwordPersonal',
    );

    const same = await t.call('POST', '/api/change-password', {
      token: limited,
      body: { newPassword: DEMO_PASSWORD },
    });
    expect(same.body.error).toBe(1005);

    const good = await t.call('POST', '/api/change-password', {
      token: limited,
      body: { newPassword: 'Blue-Harbour-77' },
    });
    expect(good.status).toBe(200);
    expect(good.body.result.user.mustChangePassword).toBe(false);
    const fresh = good.body.result.token as string;
    expect((await t.call('GET', '/api/events/active', { token: fresh })).status).toBe(200);
    // The limited token died with the old password.
    expect(
      (
        await t.call('POST', '/api/change-password', {
          token: limited,
          body: { newPassword: 'Other-Harbour-78' },
        })
      ).body.error,
    ).toBe(440);
    // And the new password signs in.
    expect(
      (await t.call('POST', '/api/login', { body: { email, password: 'Blue-Harbour-77' } })).status,
    ).toBe(200);
  });

  it('sends a user who must change the password to change it before anything else', async () => {
    const email = 'newadmin@demo.test';
    await t.database.db.insert(users).values({
      email,
      name: 'New Admin',
      passwordHash: await hashPassword(DEMO_PASSWORD),
      isAdmin: true,
      mustChangePassword: true,
      neverChangedPassword: true,
    });
    const res = await t.call('POST', '/api/login', { body: { email, password: DEMO_PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body.result.user).toMatchObject({ mustChangePassword: true, neverChangedPassword: true });
    const blocked = await t.call('GET', '/api/events/active', { token: res.body.result.token });
    expect(blocked.status).toBe(403);
    expect(blocked.body.error).toBe(418);
  });
});

describe('GET /api/enableSchedule', () => {
  it('verifies a valid token once and refuses unknown or expired ones', async () => {
    const ev = await t.activeEvent();
    await t.database.db.insert(scheduleEmailTokens).values([
      {
        eventId: ev.id,
        email: 'tickets@sonora.test',
        tokenHash: hashToken('good-token'),
        expiresAt: new Date(Date.now() + 3600_000),
      },
      {
        eventId: ev.id,
        email: 'old@sonora.test',
        tokenHash: hashToken('old-token'),
        expiresAt: new Date(Date.now() - 1000),
      },
    ]);
    const ok = await t.call('GET', '/api/enableSchedule?apiScheduleToken=good-token');
    expect(ok.status).toBe(200);
    expect(ok.body.result).toEqual({ verified: true, email: 'tickets@sonora.test' });
    const [row] = await t.database.db
      .select()
      .from(scheduleEmailTokens)
      .where(eq(scheduleEmailTokens.email, 'tickets@sonora.test'));
    expect(row!.verifiedAt).not.toBeNull();
    const unknown = await t.call('GET', '/api/enableSchedule?apiScheduleToken=forged', { lang: 'es' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.description).toMatch(/^Lo sentimos, tu token no es válido/);
    const expired = await t.call('GET', '/api/enableSchedule?apiScheduleToken=old-token');
    expect(expired.body.error).toBe(1003);
    const missing = await t.call('GET', '/api/enableSchedule');
    expect(missing.status).toBe(400);
  });
});
