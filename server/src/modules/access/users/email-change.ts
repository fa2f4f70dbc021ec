import type { Language } from '@pulsera/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../../core/context';
import type { Executor } from '../../../core/db/client';
import { userEmailTokens, users } from '../../../core/db/schema';
import { AppError, fail } from '../../../core/lib/errors';
import { recordAudit } from '../audit/audit.service';
import { hashToken } from '../auth/auth.service';
import { emailChangeEmails } from './email-change-emails';
import * as repo from './users.repo';

/**
 * A change of a console user's e-mail address (issue 26 item 5, docs/decisions/access.md "Takeover"):
 * it is confirmed from the new address and announced to the old one. Until the link is followed the
 * address on file stays, so it keeps receiving every reset. The link is a signed token of its own
 * purpose naming the user and both addresses, and its hash is a one-time row of the user's e-mail
 * tokens (purpose 'emailChange'), so it works once and a later change or password link ends it.
 */
export const EMAIL_CHANGE_PURPOSE = 'email-change';
const VALID_HOURS = 24;

interface ChangeClaims {
  sub: string;
  from: string;
  to: string;
}

/** Records the pending change and returns the two e-mails to send once the transaction commits. */
export async function requestEmailChange(
  ctx: AppContext,
  tx: Executor,
  target: { id: number; name: string; email: string },
  to: string,
  actor: { name: string; email: string },
  origin: string,
  lang: Language,
) {
  const token = await ctx.tokens.purpose(
    EMAIL_CHANGE_PURPOSE,
    { sub: String(target.id), from: target.email, to },
    `${VALID_HOURS}h`,
  );
  await repo.insertEmailToken(
    tx,
    target.id,
    'emailChange',
    hashToken(token),
    new Date(Date.now() + VALID_HOURS * 3_600_000),
  );
  return emailChangeEmails(lang, {
    name: target.name,
    from: target.email,
    to,
    actor: actor.name || actor.email,
    link: `${origin}/auth/confirm-email?token=${encodeURIComponent(token)}`,
    minutes: VALID_HOURS * 60,
  });
}

/** POST /api/users/email-confirm {token}: the new address takes effect, once. */
export async function confirmEmailChange(ctx: AppContext, token: string, ip: string | null) {
  const verified = await ctx.tokens.verifyPurpose<ChangeClaims>(EMAIL_CHANGE_PURPOSE, token);
  if (!verified.ok) throw fail('invalidToken');
  const { sub, from, to } = verified.claims;
  const row = await repo.findLiveToken(ctx.db, hashToken(token), 'emailChange');
  if (!row || String(row.user.id) !== sub || row.user.email !== from) throw fail('invalidToken');
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.claimToken(tx, row.token.id))) throw fail('invalidToken');
    const clash = await repo.findUserByEmail(tx, to);
    if (clash && clash.id !== row.user.id)
      throw new AppError('duplicateEmail', { fields: [{ path: 'email', message: 'errors.duplicateEmail' }] });
    await tx.update(users).set({ email: to, updatedAt: new Date() }).where(eq(users.id, row.user.id));
    // Links mailed to the old address stop working.
    await tx
      .update(userEmailTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(userEmailTokens.userId, row.user.id), isNull(userEmailTokens.usedAt)));
    // A public link (no session): the audit row is written here, with the change.
    await recordAudit(tx, {
      action: 'emailConfirmed',
      actorKind: 'user',
      userId: row.user.id,
      userEmail: to,
      ip,
      method: 'POST',
      route: '/api/users/email-confirm',
      detail: { from, to },
    });
  });
  return { email: to };
}
