import { createHash } from 'node:crypto';
import type { LoginRequest, SessionUser } from '@pulsera/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../../core/context';
import { ticketImportSchedules } from '../../../core/db/schema';
import { AppError, fail } from '../../../core/lib/errors';
import { choosePasswordProblems } from '../../../core/lib/password-strength';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../../core/lib/passwords';
import { type Principal, passwordExpired } from '../../../core/plugins/guard';
import { recordAudit } from '../audit/audit.service';
import * as repo from './auth.repo';
import { hashRecoveryCode, totpStep } from './otp';
import { openOtp } from './otp-secrets';

export const toSessionUser = (u: Principal): SessionUser => ({
  id: u.id,
  email: u.email,
  name: u.name,
  mustChangePassword: u.mustChangePassword,
  neverChangedPassword: u.neverChangedPassword,
  isAdmin: u.isAdmin,
  isSuperAdmin: u.isSuperAdmin,
  isMegaAdmin: u.isMegaAdmin,
  isUsersAdmin: u.isUsersAdmin,
  otpEnabled: u.otpEnabled,
  otpSetupRequired: u.otpRequired && !u.otpEnabled,
});

/** POST /login (01-console §4 Login, §7 Authentication). Every attempt leaves an audit row. */
export async function login(ctx: AppContext, input: LoginRequest, ip: string) {
  const email = input.email.trim();
  const refused = async (reason: string, user?: { id: number; email: string }) => {
    // A refused sign-in is recorded on purpose, in its own statement: nothing rolls it back.
    await recordAudit(ctx.db, {
      action: 'signInFailed',
      actorKind: user ? 'user' : 'anonymous',
      userId: user?.id ?? null,
      userEmail: user?.email ?? null,
      ip,
      method: 'POST',
      route: '/api/login',
      detail: { email: email.slice(0, 200), reason },
    });
  };
  try {
    // Reserves the attempt before the password is checked: a burst cannot pass the limit.
    await ctx.throttle.before(email, ip);
  } catch (e) {
    await refused('throttled');
    throw e;
  }
  const user = await repo.findUserByEmail(ctx.db, email);
  if (!user) {
    await burnPasswordCheck(input.password);
    await ctx.throttle.failed(email, ip);
    await refused('unknownEmail');
    throw fail('invalidCredentials');
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    await ctx.throttle.failed(email, ip);
    await refused('wrongPassword', user);
    throw fail('invalidCredentials');
  }
  if (user.otpEnabled && user.otpSecret) {
    // 532: the password was right; the form switches to the one-time code field.
    if (!input.otp && !input.recoveryCode) {
      await ctx.throttle.released(email, ip);
      throw fail('otpRequired');
    }
    const secret = openOtp(ctx, 'otp_secret', user.id, user.otpSecret);
    const second = await secondFactor(ctx, user.id, secret, input);
    if (second !== true) {
      await ctx.throttle.failed(email, ip);
      await refused('wrongOtp', user);
      // A re-used recovery code says so rather than "not valid" (issue 14).
      throw fail(second === 'used' ? 'recoveryCodeUsed' : 'invalidOtp');
    }
  }
  await ctx.throttle.succeeded(email, ip);
  if (user.disabled || (user.dateInactive && user.dateInactive.getTime() <= Date.now())) {
    await refused('userDisabled', user);
    throw fail('userDisabled');
  }
  await repo.recordSignIn(ctx.db, user.id);
  const signedIn = () =>
    recordAudit(ctx.db, {
      action: 'signIn',
      actorKind: 'user',
      userId: user.id,
      userEmail: user.email,
      ip,
      method: 'POST',
      route: '/api/login',
    });

  if (passwordExpired(user, ctx.config)) {
    // 403 / 418 with a token that can only change the password.
    const token = await ctx.tokens.session(user.id, user.sessionVersion, 'password');
    await signedIn();
    throw fail('passwordExpired', { token });
  }
  const scope = user.mustChangePassword ? 'password' : 'session';
  const token = await ctx.tokens.session(user.id, user.sessionVersion, scope);
  await signedIn();
  return { user: toSessionUser(user), token };
}

/**
 * The one-time code of a 30 s step is accepted once per user (its step must be later than the last
 * accepted one, claimed atomically); a recovery code works once in its place.
 */
async function secondFactor(
  ctx: AppContext,
  userId: number,
  /** Null: it does not open (SECRETS_KEY changed); only a recovery code then signs in. */
  secret: string | null,
  input: Pick<LoginRequest, 'otp' | 'recoveryCode'>,
) {
  if (input.recoveryCode) {
    const result = await repo.useRecoveryCode(ctx.db, userId, hashRecoveryCode(userId, input.recoveryCode));
    return result === 'used' ? result : result === 'ok';
  }
  if (secret === null) return false;
  const step = await totpStep(secret, input.otp!);
  return step !== null && (await repo.acceptOtpStep(ctx.db, userId, step));
}

/** A chosen password's problems (policy of §5 and common/breached) as field errors, or nothing. */
export function assertChoosablePassword(
  password: string,
  user: { email?: string; name?: string },
  path = 'newPassword',
) {
  const problems = choosePasswordProblems(password, user);
  if (problems.length) {
    throw new AppError('passwordPolicy', { fields: problems.map((message) => ({ path, message })) });
  }
}

/**
 * POST /change-password: the whole password policy of 01-console §5, and no common or breached
 * password. A voluntary change asks the current password; the forced change (expired password, new
 * account) is made with the limited token that the sign-in with the current password gave.
 */
export async function changePassword(
  ctx: AppContext,
  user: Principal,
  input: { currentPassword?: string; newPassword: string },
) {
  const current = await repo.findUserById(ctx.db, user.id);
  if (!current) throw fail('unauthorized');
  const forced = current.mustChangePassword || passwordExpired(current, ctx.config);
  if (
    !forced &&
    !(input.currentPassword && (await verifyPassword(current.passwordHash, input.currentPassword)))
  ) {
    throw new AppError('wrongCurrentPassword', {
      fields: [{ path: 'currentPassword', message: 'validation.currentPasswordWrong' }],
    });
  }
  assertChoosablePassword(input.newPassword, user);
  if (await verifyPassword(current.passwordHash, input.newPassword)) {
    throw new AppError('passwordReused', {
      fields: [{ path: 'newPassword', message: 'errors.passwordReused' }],
    });
  }
  const passwordHash = await hashPassword(input.newPassword);
  const updated = await ctx.db.transaction((tx) => repo.setPassword(tx, user.id, passwordHash));
  const token = await ctx.tokens.session(updated.id, updated.sessionVersion);
  return { user: toSessionUser(updated), token };
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** GET /enableSchedule: verifies a ticket-schedule e-mail token. A second click is still a success. */
export async function enableSchedule(ctx: AppContext, token: string) {
  const row = await repo.findScheduleToken(ctx.db, hashToken(token));
  if (!row) throw fail('invalidToken');
  if (row.verifiedAt) return { verified: true, email: row.email };
  if (row.expiresAt.getTime() < Date.now()) throw fail('invalidToken');
  await repo.markScheduleVerified(ctx.db, row.id);
  // The ticket-import schedule's report address, while it is still the one the link was sent to.
  if (row.scheduleId)
    await ctx.db
      .update(ticketImportSchedules)
      .set({ reportEmailVerifiedAt: new Date() })
      .where(
        and(
          eq(ticketImportSchedules.id, row.scheduleId),
          sql`lower(${ticketImportSchedules.reportEmail}) = lower(${row.email})`,
        ),
      );
  return { verified: true, email: row.email };
}
