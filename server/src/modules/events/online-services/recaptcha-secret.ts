import { and, eq, isNotNull, not, sql } from 'drizzle-orm';
import type { AppContext } from '../../../core/context';
import type { Executor } from '../../../core/db/client';
import { eventOnlineServices as onlineServices } from '../../../core/db/schema';
import { SecretBox } from '../../../core/lib/secret-box';

/**
 * An event's reCAPTCHA secret at rest is sealed with the server's secret box (lib/secret-box.ts, key
 * from SECRETS_KEY), bound to its column and event, as the integrations' secrets are. It is
 * write-only: answers say only whether one is set (it opens). The top-up site that checks the
 * reCAPTCHA answers opens it with the same key (docs/decisions/access.md).
 */
const context = (eventId: number) => `event_online_services.recaptcha_secret:${eventId}`;
const box = (ctx: Pick<AppContext, 'config'>) => new SecretBox(ctx.config.secretsKey);

export const sealRecaptchaSecret = (ctx: Pick<AppContext, 'config'>, eventId: number, secret: string) =>
  box(ctx).seal(secret, context(eventId));

export const openRecaptchaSecret = (
  ctx: Pick<AppContext, 'config'>,
  eventId: number,
  sealed: string | null | undefined,
) => box(ctx).open(sealed, context(eventId));

/**
 * Seals the secrets still stored in clear (saved before sealing): run at every start
 * (events/index.ts), it finds nothing once done. A row is sealed only while it holds the clear value
 * read, so processes starting together seal it once.
 */
export async function sealClearRecaptchaSecrets(ctx: Pick<AppContext, 'config'> & { db: Executor }) {
  const col = onlineServices.recaptchaSecret;
  const rows = await ctx.db
    .select({ eventId: onlineServices.eventId, secret: col })
    .from(onlineServices)
    .where(and(isNotNull(col), not(sql`${col} like 'v1.%'`)));
  for (const r of rows)
    await ctx.db
      .update(onlineServices)
      .set({ recaptchaSecret: sealRecaptchaSecret(ctx, r.eventId, r.secret!) })
      .where(and(eq(onlineServices.eventId, r.eventId), eq(col, r.secret!)));
  return rows.length;
}

/** The event's reCAPTCHA secret in clear, for the attendee portal's check on the server; null: none. */
export async function recaptchaSecretOf(ctx: Pick<AppContext, 'config' | 'db'>, eventId: number) {
  const [row] = await ctx.db
    .select({ secret: onlineServices.recaptchaSecret })
    .from(onlineServices)
    .where(eq(onlineServices.eventId, eventId))
    .limit(1);
  return openRecaptchaSecret(ctx, eventId, row?.secret);
}
