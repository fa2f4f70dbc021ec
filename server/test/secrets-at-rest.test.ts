import { eq } from 'drizzle-orm';
import { createGuardrails, generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventOnlineServices, users } from '../src/core/db/schema';
import { sealClearRecaptchaSecrets } from '../src/modules/events/online-services/recaptcha-secret';
import { DEMO_OTP_SECRET, DEMO_PASSWORD } from '../src/seed/demo';
import { createTestApp, type TestApp } from './helper';
import { saveOnlineServices } from './online-services';

/**
 * Secrets the server must read back are sealed at rest (lib/secret-box.ts), as the integrations' are:
 * the users' TOTP secrets and the events' reCAPTCHA secrets. The columns no longer hold them in clear,
 * rows written in clear before are sealed at start, and sign-in with a code and the reCAPTCHA
 * settings work as before.
 */
let t: TestApp;
beforeAll(async () => {
  // The demo seed writes the OTP user's secret in clear, as rows from before sealing were: the app's
  // start seals it.
  t = await createTestApp({ tokenRefreshMinutes: 0 });
});
afterAll(() => t.close());

const codeOf = (secret: string) =>
  generate({ secret, guardrails: createGuardrails({ MIN_SECRET_BYTES: 10 }) });
const userRow = async (email: string) =>
  (await t.database.db.select().from(users).where(eq(users.email, email)))[0]!;

describe('TOTP secrets', () => {
  it('a secret stored in clear before is sealed at start, and its codes still sign in', async () => {
    const row = await userRow('otp@demo.test');
    expect(row.otpSecret).not.toContain(DEMO_OTP_SECRET);
    expect(row.otpSecret).toMatch(/^v1\./);
    const signIn = await t.call('POST', '/api/login', {
      body: { email: 'otp@demo.test', password: DEMO_PASSWORD, otp: await codeOf(DEMO_OTP_SECRET) },
      ip: '10.80.0.1',
    });
    expect(signIn.status).toBe(200);
  });

  it('a secret set up now is stored sealed, pending and enabled, and signs in', async () => {
    const token = await t.login('super@demo.test');
    const setup = await t.call('POST', '/api/me/otp/setup', { token, body: {} });
    expect(setup.status).toBe(200);
    const { secret } = setup.body.result as { secret: string };
    expect((await userRow('super@demo.test')).otpPendingSecret).not.toContain(secret);
    const ok = await t.call('POST', '/api/me/otp/confirm', { token, body: { otp: await codeOf(secret) } });
    expect(ok.status).toBe(200);
    const row = await userRow('super@demo.test');
    expect(row.otpSecret).toMatch(/^v1\./);
    expect(row.otpSecret).not.toContain(secret);
    // A sealed secret copied into another user's row does not open there.
    await t.database.db
      .update(users)
      .set({ otpSecret: row.otpSecret })
      .where(eq(users.email, 'otp@demo.test'));
    const copied = await t.call('POST', '/api/login', {
      body: { email: 'otp@demo.test', password: DEMO_PASSWORD, otp: await codeOf(secret) },
      ip: '10.80.0.2',
    });
    expect(copied.status).not.toBe(200);
    // The confirming code's step is spent (no replay): the sign-in below may use the same step.
    await t.database.db.update(users).set({ otpLastStep: 0 }).where(eq(users.email, 'super@demo.test'));
    const signIn = await t.call('POST', '/api/login', {
      body: { email: 'super@demo.test', password: DEMO_PASSWORD, otp: await codeOf(secret) },
      ip: '10.80.0.3',
    });
    expect(signIn.status).toBe(200);
  });
});

describe('reCAPTCHA secrets', () => {
  const URL_ = '/api/event/online-services';
  const secret = '6LcSECRETSECRETSECRETSECRETSECRETSECRETxx';
  const stored = async (eventId: number) =>
    (
      await t.database.db.select().from(eventOnlineServices).where(eq(eventOnlineServices.eventId, eventId))
    )[0]?.recaptchaSecret;

  it('is stored sealed, answered only as set, kept by a save without one; one in clear is sealed', async () => {
    const admin = await t.session('admin@demo.test');
    const ev = await t.activeEvent();
    /** The save body from what GET answers now (as the console does), with changes. */
    const save = (changes: object) => saveOnlineServices(t, admin, changes);
    const set = await save({
      recaptchaSiteKey: '6LcSITEKEYSITEKEYSITEKEYSITEKEYSITEKEYxx',
      recaptchaSecret: secret,
    });
    expect(set.status).toBe(200);
    expect(set.body.result.recaptchaSecretSet).toBe(true);
    expect(await stored(ev.id)).toMatch(/^v1\./);
    expect(await stored(ev.id)).not.toContain(secret);
    const keep = await save({ recaptchaSecret: '' });
    expect(keep.status).toBe(200);
    expect(keep.body.result.recaptchaSecretSet).toBe(true);

    // A row saved in clear before sealing: sealed by the start-up step, and still counts as set.
    await t.database.db
      .update(eventOnlineServices)
      .set({ recaptchaSecret: secret })
      .where(eq(eventOnlineServices.eventId, ev.id));
    expect(await sealClearRecaptchaSecrets(t.ctx)).toBe(1);
    expect(await stored(ev.id)).not.toContain(secret);
    expect((await t.call('GET', URL_, admin)).body.result.recaptchaSecretSet).toBe(true);
    expect(await sealClearRecaptchaSecrets(t.ctx)).toBe(0);
  });
});
