import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import fc from 'fast-check';
import { errors, jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { purposeKey, spanSeconds, Tokens } from './tokens';

/**
 * The tokens' own HS256 verification (node:crypto, in this thread) against a reference: jose's
 * jwtVerify with the audience's key, exp required, plus the one rule jose leaves out, a signature in
 * its canonical base64url spelling. Tokens are generated (fast-check) from every mix of header,
 * signing key, claims and alteration: both must accept and refuse the same tokens, for the same reason.
 */
const secret = 'a-session-secret-of-the-tests-0123456789abcdef';
const tokens = new Tokens({ sessionSecret: secret, tokenExpiryDays: 7, trustsExpiryHours: 12 });
const AUDIENCES = ['session', 'trusts', 'upload', 'device'] as const;
const now = () => Math.floor(Date.now() / 1000);
const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

async function reference(token: string, audience: string) {
  const sig = token.split('.')[2] ?? '';
  if (Buffer.from(sig, 'base64url').toString('base64url') !== sig) return { ok: false, reason: 'invalid' };
  try {
    const { payload } = await jwtVerify(token, purposeKey(secret, audience), {
      audience,
      algorithms: ['HS256'],
      requiredClaims: ['exp'],
    });
    return { ok: true, claims: payload };
  } catch (e) {
    return { ok: false, reason: e instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}

const hs256 = (key: KeyObject, h: string, p: string) =>
  createHmac('sha256', key).update(`${h}.${p}`).digest('base64url');

/** The last character's other spellings: a 32-byte MAC leaves its last 2 bits of 6 unused. */
const respell = (sig: string, k: number) => {
  const i = BASE64URL.indexOf(sig.at(-1)!);
  return sig.slice(0, -1) + BASE64URL[(i & ~3) + (k % 4)];
};

/** Mostly the valid choice (weight 4), so that every other rule is reached with the rest right. */
const mostly = <T>(valid: T, ...others: T[]) =>
  fc.oneof({ arbitrary: fc.constant(valid), weight: 4 }, fc.constantFrom(...others));

const header = mostly<Record<string, unknown>>(
  { alg: 'HS256' },
  { alg: 'HS256', typ: 'JWT' },
  { alg: 'none' },
  { alg: 'HS512' },
  { alg: 'HS256', crit: ['x'], x: 1 },
);
const signer = mostly('own', 'otherPurpose', 'rawSecret', 'otherSecret');
const claim = <T>(...values: T[]) => fc.constantFrom<T | undefined>(undefined, ...values);
const claims = fc.record({
  sub: claim<unknown>('7', 7),
  // 'match': the audience verified (alone or in a list).
  aud: mostly<unknown>('match', ['a', 'match'], undefined, 'session', 'trusts', 'upload', 'device', 'other'),
  exp: fc.oneof(
    fc.constant(undefined),
    fc.constant('soon'),
    fc.integer({ min: -86_400, max: -60 }),
    fc.integer({ min: 60, max: 86_400 }),
  ),
  nbf: claim(-120, 120),
  iat: claim<unknown>(-10, 'x'),
});
const alteration = mostly('none', 'respell1', 'respell2', 'respell3', 'flip', 'pad', 'empty', 'payload');

async function build(
  h: Record<string, unknown>,
  by: string,
  c: Record<string, unknown>,
  alter: string,
  audience: string,
) {
  const t = now();
  const body: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(c))
    if (v !== undefined) body[k] = typeof v === 'number' && k !== 'sub' ? t + v : v;
  if (body.aud === 'match') body.aud = audience;
  if (Array.isArray(body.aud)) body.aud = body.aud.map((a) => (a === 'match' ? audience : a));
  const hh = b64(h);
  let pp = b64(body);
  const key =
    by === 'own'
      ? purposeKey(secret, audience)
      : by === 'otherPurpose'
        ? purposeKey(secret, audience === 'session' ? 'trusts' : 'session')
        : by === 'rawSecret'
          ? createSecretKey(Buffer.from(secret))
          : purposeKey(`${secret}-other`, audience);
  let sig = hs256(key, hh, pp);
  if (alter.startsWith('respell')) sig = respell(sig, BASE64URL.indexOf(sig.at(-1)!) + Number(alter.at(-1)));
  else if (alter === 'flip') sig = (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1);
  else if (alter === 'pad') sig = `${sig}=`;
  else if (alter === 'empty') sig = '';
  else if (alter === 'payload') pp = b64({ ...body, sub: '1' });
  return `${hh}.${pp}.${sig}`;
}

describe('token verification', () => {
  it('accepts and refuses exactly what the reference accepts and refuses (generated tokens)', async () => {
    await fc.assert(
      fc.asyncProperty(
        header,
        signer,
        claims,
        alteration,
        fc.constantFrom(...AUDIENCES),
        async (h, by, c, alter, audience) => {
          const token = await build(h, by, c, alter, audience);
          expect(await tokens.verifyPurpose(audience, token)).toEqual(await reference(token, audience));
        },
      ),
      { numRuns: 600 },
    );
  });

  it('accepts the tokens it issues, for their purpose only', async () => {
    const session = await tokens.session(7, 3);
    expect((await tokens.verifySession(session)).ok).toBe(true);
    expect((await tokens.verifyTrusts(session)).ok).toBe(false);
    expect((await tokens.verifyTrusts(await tokens.trusts(7, 2, [1, 5]))).ok).toBe(true);
    const pos = await tokens.purpose('pos', { scheduleId: 4 }, '10m');
    expect((await tokens.verifyPurpose('pos', pos)).ok).toBe(true);
    expect(await tokens.verifyPurpose('pos', `${pos}=`)).toEqual({ ok: false, reason: 'invalid' });
    for (const bad of ['', 'a.b', 'a.b.c.d', `${session}.x`])
      expect(await tokens.verifySession(bad)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses a token without exp, a re-spelt signature and one signed with the secret itself', async () => {
    const h = b64({ alg: 'HS256' });
    const forever = b64({ sub: '7', v: 0, scope: 'session', aud: 'session' });
    const own = purposeKey(secret, 'session');
    expect(await tokens.verifySession(`${h}.${forever}.${hs256(own, h, forever)}`)).toEqual({
      ok: false,
      reason: 'invalid',
    });
    const [hh, pp, sig] = (await tokens.session(7, 3)).split('.') as [string, string, string];
    for (let k = 1; k < 4; k++)
      expect(
        (await tokens.verifySession(`${hh}.${pp}.${respell(sig, BASE64URL.indexOf(sig.at(-1)!) + k)}`)).ok,
      ).toBe(false);
    const raw = createSecretKey(Buffer.from(secret));
    expect((await tokens.verifySession(`${hh}.${pp}.${hs256(raw, hh, pp)}`)).ok).toBe(false);
  });

  it('signs the token that jose SignJWT writes: same header, claims in the same order, jose verifies it', async () => {
    const part = (t: string, i: number) => JSON.parse(Buffer.from(t.split('.')[i]!, 'base64url').toString());
    for (const span of ['12h', '7d', '90s', '10m', '-1s', '1.5 hours', '2 weeks']) {
      const claims = { evt: 4, rfid: 9, cus: null, tkt: 'T-1' };
      const ours = await tokens.purpose('portal', claims, span);
      const key = purposeKey(secret, 'portal');
      const theirs = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt()
        .setAudience('portal')
        .setJti(part(ours, 1).jti)
        .setExpirationTime(span)
        .sign(key);
      expect(ours.split('.')[0]).toBe(theirs.split('.')[0]);
      const [o, t] = [part(ours, 1), part(theirs, 1)];
      // The same second, unless the clock turned between the two.
      if (o.iat === t.iat) expect(ours.split('.').slice(0, 2)).toEqual(theirs.split('.').slice(0, 2));
      expect(Object.keys(o)).toEqual(Object.keys(t));
      expect(o.exp - o.iat).toBe(spanSeconds(span));
      expect(t.exp - t.iat).toBe(spanSeconds(span));
      if (spanSeconds(span) > 0) expect((await reference(ours, 'portal')).ok).toBe(true);
      else expect(await reference(ours, 'portal')).toEqual({ ok: false, reason: 'expired' });
    }
    expect(() => spanSeconds('soon')).toThrow();
  });
});
