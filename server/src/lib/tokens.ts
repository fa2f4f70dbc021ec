import { createSecretKey, type KeyObject, randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
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

  private async verify<T>(token: string, audience: string): Promise<Verified<T>> {
    try {
      const { payload } = await jwtVerify(token, this.key, { audience, algorithms: ['HS256'] });
      return { ok: true, claims: payload as T };
    } catch (e) {
      return { ok: false, reason: e instanceof errors.JWTExpired ? 'expired' : 'invalid' };
    }
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

export const randomToken = (bytes = 24) => randomBytes(bytes).toString('base64url');
