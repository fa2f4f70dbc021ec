import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../core/context';
import type { Executor } from '../../../core/db/client';
import { salesSchedules } from '../../../core/db/schema';
import { fail } from '../../../core/lib/errors';
import { SecretBox } from '../../../core/lib/secret-box';
import { policyOf } from '../outbound-address';
import { type PlatformConnection, PlatformError, refreshTokens, type TokenSet } from './platform';
import type { ScheduleRow } from './sales-api.repo';

/**
 * A sales schedule's secrets at rest: the client secret and the platform's tokens, sealed with the
 * server's secret box; the connection to the platform; a valid access token (refreshed when about
 * to expire) and the refreshed or refused tokens stored back.
 */

/** An access token this close to its expiry is refreshed first. */
const REFRESH_MARGIN_MS = 60_000;

export const CTX = {
  secret: 'sales_schedules.client_secret',
  access: 'sales_schedules.access_token',
  refresh: 'sales_schedules.refresh_token',
};

export const box = (ctx: Pick<AppContext, 'config'>) => new SecretBox(ctx.config.secretsKey);

export const connectionOf = (ctx: AppContext, s: ScheduleRow): PlatformConnection => {
  const clientSecret = box(ctx).open(s.clientSecretEnc, CTX.secret);
  if (clientSecret === null) throw fail('salesNotAuthorized');
  return {
    tokenUrl: s.tokenUrl,
    apiBaseUrl: s.apiBaseUrl,
    clientId: s.clientId,
    clientSecret,
    policy: policyOf(ctx.config),
  };
};

export const sealedTokens = (ctx: AppContext, t: TokenSet) => ({
  accessTokenEnc: box(ctx).seal(t.accessToken, CTX.access),
  refreshTokenEnc: t.refreshToken ? box(ctx).seal(t.refreshToken, CTX.refresh) : null,
  tokenExpiresAt: t.expiresAt,
});

/**
 * A valid access token of the schedule: refreshed first when it is (about to be) expired. `changed`
 * holds the new tokens to store (the caller stores them, whatever else happens).
 */
export async function accessToken(ctx: AppContext, s: ScheduleRow) {
  const access = box(ctx).open(s.accessTokenEnc, CTX.access);
  if (!access) throw new PlatformError('not authorised: authorise the schedule with the platform', true);
  const due = s.tokenExpiresAt && s.tokenExpiresAt.getTime() - REFRESH_MARGIN_MS < Date.now();
  if (!due) return { token: access, changed: null as TokenSet | null };
  return refreshed(ctx, s);
}

export async function refreshed(ctx: AppContext, s: ScheduleRow) {
  const refresh = box(ctx).open(s.refreshTokenEnc, CTX.refresh);
  if (!refresh) throw new PlatformError('the authorisation expired: authorise the schedule again', true);
  const set = await refreshTokens(connectionOf(ctx, s), refresh);
  return { token: set.accessToken, changed: set as TokenSet | null };
}

/** Stores refreshed tokens, or forgets a refused authorisation. */
export async function keepTokens(
  ctx: AppContext,
  db: Executor,
  scheduleId: number,
  t: TokenSet | 'refused' | null,
) {
  if (!t) return;
  await db
    .update(salesSchedules)
    .set(
      t === 'refused'
        ? { accessTokenEnc: null, refreshTokenEnc: null, tokenExpiresAt: null }
        : sealedTokens(ctx, t),
    )
    .where(eq(salesSchedules.id, scheduleId));
}
