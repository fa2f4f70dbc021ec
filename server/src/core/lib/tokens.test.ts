import { createSecretKey } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { Tokens } from './tokens';

/**
 * The tokens' own HS256 verification (node:crypto, in this thread) against jose's jwtVerify, on
 * the tokens the console issues and on forged, altered, expired and not-yet-valid ones: both must
 * accept and refuse the same tokens, for the same reason.
 */
const secret = 'a-session-secret-of-the-tests-0123456789abcdef';
const tokens = new Tokens({ sessionSecret: secret, tokenExpiryDays: 7, trustsExpiryHours: 12 });
const key = createSecretKey(Buffer.from(secret, 'utf8'));
const other = createSecretKey(Buffer.from(`${secret}-other`, 'utf8'));
const now = () => Math.floor(Date.now() / 1000);

async function jose(token: string, audience: string) {
  try {
    const { payload } = await jwtVerify(token, key, { audience, algorithms: ['HS256'] });
    return { ok: true, claims: payload };
  } catch (e) {
    return { ok: false, reason: e instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
}
const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');

describe('token verification', () => {
  it('accepts and refuses exactly what jose accepts and refuses', async () => {
    const session = await tokens.session(7, 3);
    const [h, p, s] = session.split('.') as [string, string, string];
    const cases: [string, string][] = [
      [session, 'session'],
      [session, 'trusts'],
      [await tokens.trusts(7, 2, [1, 5]), 'trusts'],
      [await tokens.purpose('pos', { scheduleId: 4 }, '10m'), 'pos'],
      // Altered payload, altered or missing signature, a signature of another key.
      [`${h}.${b64({ sub: '1', v: 3, scope: 'session', aud: 'session', exp: now() + 60 })}.${s}`, 'session'],
      [`${h}.${p}.${s.slice(0, -2)}AA`, 'session'],
      [`${h}.${p}.`, 'session'],
      [
        await new SignJWT({ sub: '7' })
          .setProtectedHeader({ alg: 'HS256' })
          .setAudience('session')
          .setExpirationTime('1h')
          .sign(other),
        'session',
      ],
      // alg none, another algorithm named, a critical header.
      [`${b64({ alg: 'none' })}.${p}.`, 'session'],
      [`${b64({ alg: 'HS512' })}.${p}.${s}`, 'session'],
      [
        await new SignJWT({ sub: '7' })
          .setProtectedHeader({ alg: 'HS256', crit: ['x'], x: 1 } as never)
          .setAudience('session')
          .sign(key)
          .catch(() => 'x.y.z'),
        'session',
      ],
      // Expired, expiring now, not yet valid, a claim of the wrong type, no audience.
      [
        await new SignJWT({ sub: '7' })
          .setProtectedHeader({ alg: 'HS256' })
          .setAudience('session')
          .setExpirationTime(now() - 5)
          .sign(key),
        'session',
      ],
      [
        await new SignJWT({ sub: '7' })
          .setProtectedHeader({ alg: 'HS256' })
          .setAudience('session')
          .setExpirationTime(now())
          .sign(key),
        'session',
      ],
      [
        await new SignJWT({ sub: '7' })
          .setProtectedHeader({ alg: 'HS256' })
          .setAudience('session')
          .setNotBefore(now() + 60)
          .sign(key),
        'session',
      ],
      [
        await new SignJWT({ sub: '7', exp: 'soon' } as never)
          .setProtectedHeader({ alg: 'HS256' })
          .setAudience('session')
          .sign(key),
        'session',
      ],
      [
        await new SignJWT({ sub: '7' })
          .setProtectedHeader({ alg: 'HS256' })
          .setExpirationTime('1h')
          .sign(key),
        'session',
      ],
      [
        await new SignJWT({ sub: '7' })
          .setProtectedHeader({ alg: 'HS256' })
          .setAudience(['a', 'session'])
          .setExpirationTime('1h')
          .sign(key),
        'session',
      ],
      // Not a token at all.
      ['', 'session'],
      ['a.b', 'session'],
      ['a.b.c.d', 'session'],
    ];
    for (const [token, audience] of cases) {
      const ours = await tokens.verifyPurpose(audience, token);
      expect(ours, `${token} for ${audience}`).toEqual(await jose(token, audience));
    }
    expect((await tokens.verifySession(session)).ok).toBe(true);
    // Stricter than jose: a padded signature is not base64url, and is refused.
    expect(await tokens.verifySession(`${session}=`)).toEqual({ ok: false, reason: 'invalid' });
  });
});
