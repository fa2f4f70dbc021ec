import { eq } from 'drizzle-orm';
import { createGuardrails, generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { users } from '../../../core/db/schema';
import { hashPassword } from '../../../core/lib/passwords';
import { DEMO_OTP_SECRET, DEMO_PASSWORD } from '../../../seed/demo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ tokenRefreshMinutes: 0 });
});
afterAll(() => t.close());

const guardrails = createGuardrails({ MIN_SECRET_BYTES: 10 });
const codeOf = (secret: string) => generate({ secret, guardrails });
const login = (body: object, ip = '10.50.0.1', lang?: string) =>
  t.call('POST', '/api/login', { body, ip, lang });

describe('the sign-in throttle under concurrency', () => {
  it('checks at most the limit of a burst of 40, and refuses the right password inside it', async () => {
    const email = 'super@demo.test';
    const burst = Array.from({ length: 40 }, (_, i) =>
      login({ email, password: i === 39 ? DEMO_PASSWORD : `Wrong-${i}-pass!` }, '10.60.0.1'),
    );
    const answers = await Promise.all(burst);
    const checked = answers.filter((a) => a.body.error === 1001).length;
    const refused = answers.filter((a) => a.status === 429).length;
    expect(checked).toBeLessThanOrEqual(5);
    expect(checked + refused).toBe(answers.length - (answers[39]!.status === 429 ? 0 : 1));
    // The right password came after the limit was reached: refused, never signed in.
    expect(answers[39]!.status).toBe(429);
    expect(answers.every((a) => a.status !== 200)).toBe(true);
    // The real user signs in from another address.
    expect((await login({ email, password: DEMO_PASSWORD }, '10.60.0.2')).status).toBe(200);
  });

  it('gives the attempt back when the password was right but the one-time code is missing', async () => {
    const body = { email: 'otp@demo.test', password: DEMO_PASSWORD };
    for (let i = 0; i < 8; i++) expect((await login(body, '10.61.0.1')).status).toBe(401);
    expect((await login(body, '10.61.0.1')).body.error).toBe(532);
  });
});

describe('one-time codes are accepted once', () => {
  it('two sign-ins racing with the same code from two addresses: exactly one succeeds', async () => {
    const code = await codeOf(DEMO_OTP_SECRET);
    const body = { email: 'otp@demo.test', password: DEMO_PASSWORD, otp: code };
    const [a, b] = await Promise.all([login(body, '10.62.0.1'), login(body, '10.62.0.2')]);
    expect([a.status, b.status].sort()).toEqual([200, 401]);
    expect([a.body.error, b.body.error]).toContain(1002);
    // And afterwards, from a third address, the used code is refused.
    const again = await login(body, '10.62.0.3');
    expect(again.status).toBe(401);
    expect(again.body.error).toBe(1002);
  });
});

describe('POST /api/change-password', () => {
  it('asks the current password for a voluntary change', async () => {
    const token = await t.login('admin@demo.test');
    const none = await t.call('POST', '/api/change-password', {
      token,
      body: { newPassword: 'Harbour-Lights-2026!' },
    });
    expect(none.status).toBe(400);
    expect(none.body.fields[0]).toMatchObject({
      path: 'currentPassword',
      message: 'validation.currentPasswordWrong',
    });
    const wrong = await t.call('POST', '/api/change-password', {
      token,
      body: { currentPassword: 'Not-my-password-1!', newPassword: 'Harbour-Lights-2026!' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe(3006);
  });

  it('refuses common and breached passwords with a translated message', async () => {
    const token = await t.login('admin@demo.test');
    for (const newPassword of ['Passw0rd!', 'Welcome1!', 'Qwerty12!']) {
      const res = await t.call('POST', '/api/change-password', {
        token,
        lang: 'es',
        body: { currentPassword: DEMO_PASSWORD, newPassword },
      });
      expect(res.status, newPassword).toBe(400);
      expect(res.body.fields).toEqual([
        expect.objectContaining({ path: 'newPassword', message: 'validation.passwordCommon' }),
      ]);
      expect(res.body.fields[0].text).toMatch(/demasiado común/);
    }
  });

  it('changes the password with the current one, and ends the older sessions', async () => {
    const token = await t.login('ops@demo.test');
    const res = await t.call('POST', '/api/change-password', {
      token,
      body: { currentPassword: DEMO_PASSWORD, newPassword: 'Harbour-Lights-2026!' },
    });
    expect(res.status).toBe(200);
    expect((await t.call('GET', '/api/me', { token })).status).toBe(401);
    expect((await t.call('GET', '/api/me', { token: res.body.result.token })).status).toBe(200);
  });

  it('does not ask the current password on the forced change of a new account', async () => {
    await t.database.db.insert(users).values({
      email: 'forced@demo.test',
      name: 'Forced Change',
      passwordHash: await hashPassword('Temporary-Pass-77!'),
      mustChangePassword: true,
    });
    const res = await t.call('POST', '/api/login', {
      body: { email: 'forced@demo.test', password: 'Temporary-Pass-77!' },
    });
    expect(res.body.result.user.mustChangePassword).toBe(true);
    const changed = await t.call('POST', '/api/change-password', {
      token: res.body.result.token,
      body: { newPassword: 'Marble-Kite-2031?' },
    });
    expect(changed.status).toBe(200);
  });
});

describe('the user own one-time code', () => {
  it('enables it with a first valid code, then signs in once with each recovery code', async () => {
    const token = await t.login('mega@demo.test');
    const setup = await t.call('POST', '/api/me/otp/setup', { token, body: {} });
    expect(setup.status).toBe(200);
    const { secret, uri } = setup.body.result;
    expect(uri).toMatch(/^otpauth:\/\/totp\/Pulsera:mega%40demo\.test\?/);
    const bad = await t.call('POST', '/api/me/otp/confirm', { token, body: { otp: '000000' } });
    expect(bad.status).toBe(400);
    const ok = await t.call('POST', '/api/me/otp/confirm', { token, body: { otp: await codeOf(secret) } });
    expect(ok.status).toBe(200);
    const codes: string[] = ok.body.result.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect((await t.call('GET', '/api/me/otp', { token })).body.result).toEqual({
      enabled: true,
      required: false,
      recoveryCodesLeft: 10,
    });

    const body = { email: 'mega@demo.test', password: DEMO_PASSWORD };
    expect((await login(body, '10.63.0.1')).body.error).toBe(532);
    const first = await login({ ...body, recoveryCode: codes[0]!.toUpperCase() }, '10.63.0.1');
    expect(first.status).toBe(200);
    const second = await login({ ...body, recoveryCode: codes[0] }, '10.63.0.1');
    expect(second.status).toBe(401);
    expect(second.body).toMatchObject({
      error: 1012,
      description: 'This recovery code has already been used',
    });
    expect((await t.call('GET', '/api/me/otp', { token })).body.result.recoveryCodesLeft).toBe(9);

    // New recovery codes and switching it off ask the password again.
    expect((await t.call('POST', '/api/me/otp/recovery-codes', { token, body: {} })).status).toBe(400);
    const fresh = await t.call('POST', '/api/me/otp/recovery-codes', {
      token,
      body: { password: DEMO_PASSWORD },
    });
    expect(fresh.body.result.recoveryCodes).toHaveLength(10);
    expect((await login({ ...body, recoveryCode: codes[1] }, '10.63.0.2')).status).toBe(401);
    expect(
      (await t.call('POST', '/api/me/otp/disable', { token, body: { password: DEMO_PASSWORD } })).status,
    ).toBe(200);
    expect((await login(body, '10.63.0.3')).status).toBe(200);
  });

  it('a code required by an administrator must be set up before anything else, and stays on', async () => {
    await t.database.db.update(users).set({ otpRequired: true }).where(eq(users.email, 'admin@demo.test'));
    const res = await login({ email: 'admin@demo.test', password: DEMO_PASSWORD }, '10.64.0.1');
    expect(res.body.result.user.otpSetupRequired).toBe(true);
    const token = res.body.result.token;
    const blocked = await t.call('GET', '/api/events/active', { token });
    expect(blocked.status).toBe(403);
    expect(blocked.body.error).toBe(3000);
    const { secret } = (await t.call('POST', '/api/me/otp/setup', { token, body: {} })).body.result;
    await t.call('POST', '/api/me/otp/confirm', { token, body: { otp: await codeOf(secret) } });
    expect((await t.call('GET', '/api/events/active', { token })).status).toBe(200);
    const off = await t.call('POST', '/api/me/otp/disable', { token, body: { password: DEMO_PASSWORD } });
    expect(off.status).toBe(409);
    expect(off.body.error).toBe(3001);
  });
});
