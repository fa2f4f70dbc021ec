import {
  createHmac,
  createSecretKey,
  hkdfSync,
  type KeyObject,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
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

/**
 * The key of one purpose (a token's audience: session, trusts, upload, device, device-config…):
 * HKDF-SHA-256 of the secret, so a token of one purpose never verifies as another even if the
 * audience check were lost, and no purpose signs with the secret itself.
 */
export const purposeKey = (secret: string, purpose: string): KeyObject =>
  createSecretKey(Buffer.from(hkdfSync('sha256', secret, 'pulsera tokens', `purpose ${purpose}`, 32)));

const HS256_HEADER = Buffer.from(JSON.stringify({ alg: 'HS256' })).toString('base64url');

/** A time span as jose's setExpirationTime reads it ("12h", "30d", "90s", "-1s", "1.5 hours"), in seconds. */
const SPAN =
  /^(\+|-)? ?(\d+|\d+\.\d+) ?(seconds?|secs?|s|minutes?|mins?|m|hours?|hrs?|h|days?|d|weeks?|w|years?|yrs?|y)$/i;
const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400, w: 604_800, y: 31_557_600 };
export function spanSeconds(span: string) {
  const m = SPAN.exec(span);
  if (!m) throw new TypeError(`Invalid time span: ${span}`);
  const seconds = Math.round(Number.parseFloat(m[2]!) * UNIT_SECONDS[m[3]!.toLowerCase()[0]!]!);
  return m[1] === '-' ? -seconds : seconds;
}

/** Signed tokens: the session, the event trusts, the POS state and other one-purpose tokens. */
export class Tokens {
  /** One key per purpose, derived once: deriving again at every sign and verify would cost. */
  private readonly keys = new Map<string, KeyObject>();
  constructor(
    private readonly cfg: Pick<Config, 'sessionSecret' | 'tokenExpiryDays' | 'trustsExpiryHours'>,
  ) {}

  private keyOf(audience: string) {
    let key = this.keys.get(audience);
    if (!key) {
      key = purposeKey(this.cfg.sessionSecret, audience);
      this.keys.set(audience, key);
    }
    return key;
  }

  /**
   * HS256 signing done in this thread with node:crypto, as verification is (jose signs through
   * WebCrypto and the thread pool: a tenth of a millisecond of CPU per token, a portal sign-in's
   * largest cost after its statements). The token jose's SignJWT would write: header {"alg":"HS256"},
   * the claims then iat, aud, jti and exp in that order, the signature in base64url.
   */
  private sign(claims: Record<string, unknown>, audience: string, expiresIn: string) {
    const now = Math.floor(Date.now() / 1000);
    const payload = {
      ...claims,
      iat: now,
      aud: audience,
      jti: randomBytes(8).toString('hex'),
      exp: now + spanSeconds(expiresIn),
    };
    const signed = `${HS256_HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
    const mac = createHmac('sha256', this.keyOf(audience)).update(signed).digest('base64url');
    return Promise.resolve(`${signed}.${mac}`);
  }

  /**
   * HS256 verification done in this thread with node:crypto (jose verifies through WebCrypto, which
   * hands every HMAC to the thread pool: a tenth of a busy server's time went there). The same checks
   * as jose's jwtVerify with { audience, algorithms: ['HS256'], requiredClaims: ['exp'] } and the
   * audience's key: the header's alg, no `crit`, the signature (compared in constant time) in its one
   * canonical base64url spelling (the last character of a 32-byte MAC has four spellings that decode
   * alike: only the one the signer writes is accepted), then the claims: the audience, exp required
   * (a token without it would never expire; expired at or after it), nbf and iat as numbers.
   */
  private async verify<T>(token: string, audience: string): Promise<Verified<T>> {
    const invalid = { ok: false, reason: 'invalid' } as const;
    if (typeof token !== 'string' || token.length > 4096) return invalid;
    const parts = token.split('.');
    if (parts.length !== 3) return invalid;
    const [h, p, sig] = parts as [string, string, string];
    const header = parseJson(h);
    if (!header || header.alg !== 'HS256' || 'crit' in header || header.b64 === false) return invalid;
    const expected = Buffer.from(
      createHmac('sha256', this.keyOf(audience)).update(`${h}.${p}`).digest('base64url'),
      'utf8',
    );
    // utf8: a character outside ASCII never encodes as the bytes of a base64url one.
    const given = Buffer.from(sig, 'utf8');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return invalid;
    const claims = parseJson(p);
    if (!claims) return invalid;
    const aud = claims.aud;
    if (!(aud === audience || (Array.isArray(aud) && aud.includes(audience)))) return invalid;
    const now = Math.floor(Date.now() / 1000);
    for (const k of ['exp', 'nbf', 'iat'] as const)
      if (k in claims && (typeof claims[k] !== 'number' || !Number.isFinite(claims[k]))) return invalid;
    if (typeof claims.exp !== 'number') return invalid;
    if (typeof claims.nbf === 'number' && claims.nbf > now) return invalid;
    if (claims.exp <= now) return { ok: false, reason: 'expired' };
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
