import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { HEADERS } from '@pulsera/contracts';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { apiKeys, integrators } from '../db/schema';
import type { IntegratorPrincipal } from '../plugins/guard';
import { fail } from './errors';

export const API_KEY_HEADER = HEADERS.apiKey;
export const EVENT_ID_HEADER = HEADERS.eventId;

/** `pk_` + 10 characters of prefix (shown, unique) + `_` + 43 characters of secret (256 bits). */
const KEY_FORMAT = /^pk_([a-z0-9]{10})_([A-Za-z0-9_-]{43})$/;
const PREFIX_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A new key: shown once; only its SHA-256 is stored (256 random bits need no slow hash). */
export function generateApiKey() {
  const bytes = randomBytes(10);
  const prefix = Array.from(bytes, (b) => PREFIX_ALPHABET[b % PREFIX_ALPHABET.length]).join('');
  const key = `pk_${prefix}_${randomBytes(32).toString('base64url')}`;
  return { key, prefix, hash: hashApiKey(key) };
}

export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** Last use is written at most once a minute per key: a busy integrator does not write on every call. */
const LAST_USED_EVERY_MS = 60_000;

/**
 * Authenticates header `x-api-key`: the key must exist, match its hash, be neither revoked nor expired,
 * and its integrator not disabled. Read on every request, so a revocation or expiry bites at once.
 */
export async function authenticateApiKey(db: Db, key: string, ip: string): Promise<IntegratorPrincipal> {
  const m = KEY_FORMAT.exec(key);
  if (!m) throw fail('apiKeyInvalid');
  const [row] = await db
    .select({
      id: apiKeys.id,
      keyHash: apiKeys.keyHash,
      revokedAt: apiKeys.revokedAt,
      expiresAt: apiKeys.expiresAt,
      lastUsedAt: apiKeys.lastUsedAt,
      integratorId: integrators.id,
      integratorName: integrators.name,
      disabled: integrators.disabled,
    })
    .from(apiKeys)
    .innerJoin(integrators, eq(integrators.id, apiKeys.integratorId))
    .where(eq(apiKeys.prefix, m[1]!))
    .limit(1);
  const given = Buffer.from(hashApiKey(key), 'hex');
  if (!row || !timingSafeEqual(given, Buffer.from(row.keyHash, 'hex'))) throw fail('apiKeyInvalid');
  const now = Date.now();
  if (row.revokedAt && row.revokedAt.getTime() <= now) throw fail('apiKeyRevoked');
  if (row.expiresAt && row.expiresAt.getTime() <= now) throw fail('apiKeyExpired');
  if (row.disabled) throw fail('integratorDisabled');
  if (!row.lastUsedAt || now - row.lastUsedAt.getTime() > LAST_USED_EVERY_MS) {
    await db
      .update(apiKeys)
      .set({ lastUsedAt: new Date(now), lastUsedIp: ip })
      .where(
        and(
          eq(apiKeys.id, row.id),
          or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`now() - interval '1 minute'`)),
        ),
      );
  }
  return { id: row.integratorId, name: row.integratorName, keyId: row.id };
}
