import { randomBytes } from 'node:crypto';
import { DEVICE_QR_PREFIX, type DeviceQrConfig, type GenerateQrRequest } from '@pulsera/contracts';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Config } from '../../../core/config';
import type { AppContext } from '../../../core/context';
import type { Executor } from '../../../core/db/client';
import { fail } from '../../../core/lib/errors';
import { purposeKey } from '../../../core/lib/tokens';
import * as repo from './devices.repo';

/**
 * The device-configuration QR (01-console §5 Generate QR, §7 POST /event/generateQr): a code a terminal
 * scans to configure itself for the event. The text is DEVICE_QR_PREFIX + a token signed with
 * QR_SECRET (HS256) that names the event (id and token), this server's public address and how long
 * the device stays authorised; the token itself expires after qrExpiration minutes.
 */
const AUDIENCE = 'device-config';
const ISSUER = 'pulsera';

interface QrClaims {
  evt: number;
  tok: string;
  url: string;
  /** Hours of authorisation granted when the code is redeemed. */
  auth: number;
  exp: number;
}

/** QR_SECRET's key of this purpose (lib/tokens.ts: one key per purpose). */
const keyOf = (secret: string) => purposeKey(secret, AUDIENCE);

export async function generateDeviceQr(
  ctx: Pick<AppContext, 'config' | 'db'>,
  eventId: number,
  serverUrl: string,
  input: GenerateQrRequest,
) {
  const event = await repo.findEvent(ctx.db, eventId);
  if (!event) throw fail('notFound');
  const now = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({
    evt: event.id,
    tok: event.token,
    url: serverUrl,
    auth: input.authExpiration,
  })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(now)
    .setJti(randomBytes(8).toString('hex'))
    .setExpirationTime(now + input.qrExpiration * 60)
    .sign(keyOf(ctx.config.qrSecret));
  return `${DEVICE_QR_PREFIX}${token}`;
}

/**
 * Checks a scanned code's signature and expiry only (no database): its claims, or qrExpired /
 * qrInvalid. Accepts the text with or without the prefix.
 */
export async function readDeviceQr(config: Pick<Config, 'qrSecret'>, qr: string): Promise<QrClaims> {
  const text = qr.trim();
  const token = text.startsWith(DEVICE_QR_PREFIX) ? text.slice(DEVICE_QR_PREFIX.length) : text;
  try {
    const { payload } = await jwtVerify(token, keyOf(config.qrSecret), {
      audience: AUDIENCE,
      issuer: ISSUER,
      algorithms: ['HS256'],
      requiredClaims: ['exp'],
    });
    const c = payload as Partial<QrClaims>;
    if (
      typeof c.evt !== 'number' ||
      typeof c.tok !== 'string' ||
      typeof c.url !== 'string' ||
      typeof c.auth !== 'number'
    ) {
      throw fail('qrInvalid');
    }
    return c as QrClaims;
  } catch (e) {
    if (e instanceof errors.JWTExpired) throw fail('qrExpired');
    throw fail('qrInvalid');
  }
}

/**
 * Whether a code's server address names the server a request reached: same host name and port
 * (each with its scheme's default port), so a code of another deployment sharing the secret, such as
 * a staging copy, is refused. The scheme may differ (TLS may end at a proxy).
 */
export function sameServer(codeUrl: string, origin: string) {
  try {
    const a = new URL(codeUrl);
    const b = new URL(origin);
    return a.hostname.toLowerCase() === b.hostname.toLowerCase() && portOf(a) === portOf(b);
  } catch {
    return false;
  }
}
const portOf = (u: URL) => u.port || (u.protocol === 'https:' ? '443' : '80');

/**
 * Checks a scanned code for a terminal (POST /device/qr/verify and POST /device/redeem): signature
 * and expiry, the server it names (when `origin`, the address the terminal called, is given: it must
 * be this server's public address, PUBLIC_URL when set, else that address), that the event still
 * exists with that token and is not closed; answers the device configuration. The authorisation runs
 * from now for the hours the code grants.
 */
export async function verifyDeviceQr(
  ctx: { config: Pick<Config, 'qrSecret'> & Partial<Pick<Config, 'publicUrl'>>; db: Executor },
  qr: string,
  origin?: string,
): Promise<DeviceQrConfig> {
  const claims = await readDeviceQr(ctx.config, qr);
  const expected = origin === undefined ? undefined : (ctx.config.publicUrl ?? origin);
  if (expected !== undefined && !sameServer(claims.url, expected)) {
    throw fail('deviceQrWrongServer', { params: { server: claims.url } });
  }
  const event = await repo.findEvent(ctx.db, claims.evt);
  if (!event || event.token !== claims.tok) throw fail('qrInvalid');
  if (event.isClosed === 1) throw fail('eventClosed');
  return {
    eventId: event.id,
    eventName: event.name,
    eventToken: event.token,
    serverUrl: claims.url,
    authExpiration: claims.auth,
    authExpiresAt: new Date(Date.now() + claims.auth * 3_600_000).toISOString(),
    qrExpiresAt: new Date(claims.exp * 1000).toISOString(),
  };
}
