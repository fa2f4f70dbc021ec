import { createHmac, createSecretKey, type KeyObject, randomBytes, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';
import type { Config } from '../config';

export type SessionScope = 'session' | 'password';
export interface SessionClaims {
  sub: string;
  v: number;
  scope: SessionScope;
  iat: number;
}
export interface TrustClaims {
  sub: string;
  evt: number;
  p: number[];
}

export type VerifyFailure = 'expired' | 'invalid';
export type Verified<T> = { ok: true; claims: T } | { ok: false; reason: VerifyFailure };

/** Signed tokens: the session, the event trusts, the POS state and other one-purpose tokens. */
export class Tokens {
  /** Imported once: a raw secret would be imported again by every sign and verify. */
  private readonly key: KeyObject;
  constructor(private readonly cfg: Pick<Config, 'sessionSecret' | 'tokenExpiryDays' | 'trustsExpiryHours'>) {
    this.key = createSecretKey(Buffer.from(cfg.sessionSecret, 'utf8'));
  }

  private sign(claims: Record<string, unknown>, audience: string, expiresIn: string) {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setAudience(audience)
      .setJti(randomBytes(8).toString('hex'))
      .setExpirationTime(expiresIn)
      .sign(this.key);
  }

  /**
   * HS256 verification done in this thread with node:crypto (jose verifies through WebCrypto, which
   * hands every HMAC to the thread pool: a tenth of a busy server's time went there). The same checks
   * as jose's jwtVerify with { audience, algorithms: ['HS256'] }: the header's alg, no `crit`, the
   * signature (compared in constant time), then the claims: the audience, exp (expired at or after
   * it), nbf and iat as numbers.
   */
  private async verify<T>(token: string, audience: string): Promise<Verified<T>> {
    const invalid = { ok: false, reason: 'invalid' } as const;
    if (typeof token !== 'string' || token.length > 4096) return invalid;
    const parts = token.split('.');
    if (parts.length !== 3) return invalid;
    const [h, p, sig] = parts as [string, string, string];
    const header = parseJson(h);
    if (!header || header.alg !== 'HS256' || 'crit' in header || header.b64 === false) return invalid;
    const expected = createHmac('sha256', this.key).update(`${h}.${p}`).digest();
    if (!/^[A-Za-z0-9_-]*$/.test(sig)) return invalid;
    const given = Buffer.from(sig, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return invalid;
    const claims = parseJson(p);
    if (!claims) return invalid;
    const aud = claims.aud;
    if (!(aud === audience || (Array.isArray(aud) && aud.includes(audience)))) return invalid;
    const now = Math.floor(Date.now() / 1000);
    for (const k of ['exp', 'nbf', 'iat'] as const)
      if (k in claims && (typeof claims[k] !== 'number' || !Number.isFinite(claims[k]))) return invalid;
    if (typeof claims.nbf === 'number' && claims.nbf > now) return invalid;
    if (typeof claims.exp === 'number' && claims.exp <= now) return { ok: false, reason: 'expired' };
    return { ok: true, claims: claims as T };
  }

  /** A password-scope token only lets its holder change the password, for at most one hour. */
  session(userId: number, version: number, scope: SessionScope = 'session') {
    const ttl = scope === 'password' ? '1h' : `${this.cfg.tokenExpiryDays}d`;
    return this.sign({ sub: String(userId), v: version, scope }, 'session', ttl);
  }
  verifySession(token: string) {
    return this.verify<SessionClaims>(token, 'session');
  }

  trusts(userId: number, eventId: number, permissions: number[]) {
    return this.sign(
      { sub: String(userId), evt: eventId, p: permissions },
      'trusts',
      `${this.cfg.trustsExpiryHours}h`,
    );
  }
  verifyTrusts(token: string) {
    return this.verify<TrustClaims>(token, 'trusts');
  }

  /** Generic one-purpose token (POS authorisation state, …). */
  purpose(purpose: string, claims: Record<string, unknown>, expiresIn: string) {
    return this.sign(claims, purpose, expiresIn);
  }
  verifyPurpose<T>(purpose: string, token: string) {
    return this.verify<T & { jti: string }>(token, purpose);
  }
}

/** A base64url JSON object, or null. */
function parseJson(part: string): Record<string, unknown> | null {
  if (!/^[A-Za-z0-9_-]+$/.test(part)) return null;
  try {
    const v: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export const randomToken = (bytes = 24) => randomBytes(bytes).toString('base64url');
