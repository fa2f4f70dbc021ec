import { and, eq, isNotNull, not, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../../core/context';
import type { Executor } from '../../../core/db/client';
import { users } from '../../../core/db/schema';
import { SecretBox } from '../../../core/lib/secret-box';

/**
 * The users' TOTP secrets at rest (the one in use and the one being set up) are sealed with the
 * server's secret box (lib/secret-box.ts, key from SECRETS_KEY), bound to their column and user: a
 * sealed secret copied into another user's row does not open. One that does not open (SECRETS_KEY
 * changed) counts as no secret: the code cannot be checked, the recovery codes still work and an
 * administrator can reset it.
 */
type Column = 'otp_secret' | 'otp_pending_secret';
const context = (column: Column, userId: number) => `users.${column}:${userId}`;
const box = (ctx: Pick<AppContext, 'config'>) => new SecretBox(ctx.config.secretsKey);

export const sealOtp = (ctx: Pick<AppContext, 'config'>, column: Column, userId: number, secret: string) =>
  box(ctx).seal(secret, context(column, userId));

export const openOtp = (
  ctx: Pick<AppContext, 'config'>,
  column: Column,
  userId: number,
  sealed: string | null | undefined,
) => box(ctx).open(sealed, context(column, userId));

/** A sealed value (lib/secret-box.ts `v1.<nonce>.<body>`); a base32 TOTP secret never holds a dot. */
const SEALED = 'v1.%';

/**
 * Seals the secrets still stored in clear (rows written before sealing, or by the demo seed): run at
 * every start (access/index.ts), it finds nothing once done. Each row is sealed only while it still
 * holds the clear value read, so processes starting together seal it once.
 */
export async function sealClearOtpSecrets(ctx: Pick<AppContext, 'config'> & { db: Executor }) {
  const rows = await ctx.db
    .select({ id: users.id, otpSecret: users.otpSecret, otpPendingSecret: users.otpPendingSecret })
    .from(users)
    .where(
      or(
        and(isNotNull(users.otpSecret), not(sql`${users.otpSecret} like ${SEALED}`)),
        and(isNotNull(users.otpPendingSecret), not(sql`${users.otpPendingSecret} like ${SEALED}`)),
      ),
    );
  for (const r of rows) {
    if (r.otpSecret && !r.otpSecret.startsWith('v1.'))
      await ctx.db
        .update(users)
        .set({ otpSecret: sealOtp(ctx, 'otp_secret', r.id, r.otpSecret) })
        .where(and(eq(users.id, r.id), eq(users.otpSecret, r.otpSecret)));
    if (r.otpPendingSecret && !r.otpPendingSecret.startsWith('v1.'))
      await ctx.db
        .update(users)
        .set({ otpPendingSecret: sealOtp(ctx, 'otp_pending_secret', r.id, r.otpPendingSecret) })
        .where(and(eq(users.id, r.id), eq(users.otpPendingSecret, r.otpPendingSecret)));
  }
  return rows.length;
}
