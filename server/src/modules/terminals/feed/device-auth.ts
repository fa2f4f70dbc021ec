import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { DEVICE_TOKEN_HEADER } from '@pulsera/contracts';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../core/context';
import { fail } from '../../../core/lib/errors';

/** Device tokens: signed with the session secret for audience 'device', valid this long. */
export const DEVICE_TOKEN_PURPOSE = 'device';
export const DEVICE_TOKEN_SECONDS = 12 * 3600;

export interface DeviceClaims {
  sub: string;
  evt: number;
  v: number;
}

/** The device a sync call comes from, the event it records into and the key version of its token. */
export interface DeviceCaller {
  id: number;
  eventId: number;
  version: number;
}

/**
 * Device secret keys are long random keys (never typed by people), so a SHA-256 hash compared in
 * constant time protects them at rest; a slow password hash would only slow every sign-in.
 */
export const hashDeviceSecret = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');
export const newDeviceSecret = () => randomBytes(24).toString('base64url');

export function secretMatches(storedHash: string | null | undefined, secret: string) {
  const given = Buffer.from(hashDeviceSecret(secret), 'hex');
  const stored = Buffer.from(storedHash ?? '', 'hex');
  return stored.length === given.length && timingSafeEqual(stored, given);
}

/**
 * Seconds a device token may live: DEVICE_TOKEN_SECONDS, but never past the end of the authorisation
 * a configuration QR granted (`authorizedUntil`; null = no end).
 */
export function deviceTokenSeconds(authorizedUntil: Date | null | undefined, now = Date.now()) {
  if (!authorizedUntil) return DEVICE_TOKEN_SECONDS;
  return Math.max(1, Math.min(DEVICE_TOKEN_SECONDS, Math.floor((authorizedUntil.getTime() - now) / 1000)));
}

export const signDeviceToken = (
  ctx: AppContext,
  deviceId: number,
  eventId: number,
  version: number,
  seconds = DEVICE_TOKEN_SECONDS,
) =>
  ctx.tokens.purpose(
    DEVICE_TOKEN_PURPOSE,
    { sub: String(deviceId), evt: eventId, v: version },
    `${seconds}s`,
  );

function tokenOf(req: FastifyRequest) {
  const h = req.headers[DEVICE_TOKEN_HEADER];
  const direct = Array.isArray(h) ? h[0] : h;
  if (direct) return direct;
  const auth = req.headers.authorization;
  return auth?.startsWith('Bearer ') ? auth.slice(7).trim() : undefined;
}

/**
 * For device routes (access `{ auth: 'none' }`): verifies the device token of header `devicetoken`
 * (or `Authorization: Bearer`). The sync checks, in its own first statement, that the device is still
 * active, keyed with the same version and assigned to the same event (401/403 otherwise).
 */
export async function requireDevice(ctx: AppContext, req: FastifyRequest): Promise<DeviceCaller> {
  const token = tokenOf(req);
  if (!token) throw fail('deviceTokenInvalid');
  const now = Date.now();
  const known = verifiedTokens.get(token);
  if (known && known.exp > now) return known.caller;
  const verified = await ctx.tokens.verifyPurpose<DeviceClaims & { exp: number }>(
    DEVICE_TOKEN_PURPOSE,
    token,
  );
  if (!verified.ok) throw fail('deviceTokenInvalid');
  const { sub, evt, v, exp } = verified.claims;
  const caller = { id: Number(sub), eventId: evt, version: v };
  if (verifiedTokens.size >= VERIFIED_TOKENS_MAX) verifiedTokens.delete(verifiedTokens.keys().next().value!);
  verifiedTokens.set(token, { caller, exp: exp * 1000 });
  return caller;
}

/**
 * Tokens whose signature was checked, until they expire: a terminal syncs every few minutes with
 * the same token, and an HMAC check per call was a tenth of the server's CPU at ingest. Revocation
 * does not depend on it: every sync re-reads the device (active, key version, event) in its first
 * statement.
 */
const verifiedTokens = new Map<string, { caller: DeviceCaller; exp: number }>();
const VERIFIED_TOKENS_MAX = 10_000;
