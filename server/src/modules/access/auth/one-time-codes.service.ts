import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../../core/context';
import { userRecoveryCodes, users } from '../../../core/db/schema';
import { AppError, fail, fieldError } from '../../../core/lib/errors';
import { verifyPassword } from '../../../core/lib/passwords';
import type { Principal } from '../../../core/plugins/guard';
import * as repo from './auth.repo';
import { hashRecoveryCode, newRecoveryCodes, newTotpSecret, totpStep } from './otp';
import { openOtp, sealOtp } from './otp-secrets';

/**
 * A user's own one-time code (01-console §4 "OTP can be enabled or regenerated"): set up with a new
 * secret shown once (QR and text), confirmed by a first valid code, which also makes ten recovery
 * codes shown once (stored hashed). Changing or removing an enabled code, or making new recovery
 * codes, asks the current password again. An administrator may require the code (then it cannot be
 * disabled) or reset it (console-users).
 */
async function fresh(ctx: AppContext, user: Principal) {
  const row = await repo.findUserById(ctx.db, user.id);
  if (!row) throw fail('unauthorized');
  return row;
}

async function assertPassword(passwordHash: string, password: string | undefined) {
  if (!password || !(await verifyPassword(passwordHash, password))) {
    throw new AppError('wrongCurrentPassword', {
      fields: [{ path: 'password', message: 'validation.currentPasswordWrong' }],
    });
  }
}

export async function status(ctx: AppContext, user: Principal) {
  const row = await fresh(ctx, user);
  return {
    enabled: row.otpEnabled,
    required: row.otpRequired,
    recoveryCodesLeft: row.otpEnabled ? await repo.recoveryCodesLeft(ctx.db, row.id) : 0,
  };
}

/** A new secret to scan; it replaces the current one only once a first code confirms it. */
export async function setup(ctx: AppContext, user: Principal, password?: string) {
  const row = await fresh(ctx, user);
  if (row.otpEnabled) await assertPassword(row.passwordHash, password);
  const { secret, uri } = newTotpSecret(row.email);
  await ctx.db
    .update(users)
    .set({ otpPendingSecret: sealOtp(ctx, 'otp_pending_secret', row.id, secret) })
    .where(eq(users.id, row.id));
  return { secret, uri };
}

/** The first valid code of the new secret enables it; answers the ten recovery codes, once. */
export async function confirm(ctx: AppContext, user: Principal, otp: string) {
  const row = await fresh(ctx, user);
  const sealedPending = row.otpPendingSecret;
  const pending = openOtp(ctx, 'otp_pending_secret', row.id, sealedPending);
  if (!sealedPending || !pending) throw fail('otpNotPending');
  const step = await totpStep(pending, otp);
  if (step === null) throw fieldError('otp', 'errors.invalidOtp');
  const codes = newRecoveryCodes();
  return ctx.db.transaction(async (tx) => {
    // Claims the pending secret: two confirmations racing enable it once.
    const done = await tx
      .update(users)
      .set({
        otpSecret: sealOtp(ctx, 'otp_secret', row.id, pending),
        otpEnabled: true,
        otpLastStep: step,
        otpPendingSecret: null,
      })
      .where(and(eq(users.id, row.id), eq(users.otpPendingSecret, sealedPending)))
      .returning({ id: users.id });
    if (done.length === 0) throw fail('otpNotPending');
    await repo.replaceRecoveryCodes(
      tx,
      row.id,
      codes.map((c) => hashRecoveryCode(row.id, c)),
    );
    return { recoveryCodes: codes };
  });
}

/** Ten new recovery codes (the old ones stop working), shown once. */
export async function regenerateRecoveryCodes(ctx: AppContext, user: Principal, password?: string) {
  const row = await fresh(ctx, user);
  if (!row.otpEnabled) throw fail('otpNotPending');
  await assertPassword(row.passwordHash, password);
  const codes = newRecoveryCodes();
  await ctx.db.transaction((tx) =>
    repo.replaceRecoveryCodes(
      tx,
      row.id,
      codes.map((c) => hashRecoveryCode(row.id, c)),
    ),
  );
  return { recoveryCodes: codes };
}

/** Turns the one-time code off, unless an administrator requires it. */
export async function disable(ctx: AppContext, user: Principal, password?: string) {
  const row = await fresh(ctx, user);
  if (row.otpRequired) throw fail('otpRequiredByAdmin');
  await assertPassword(row.passwordHash, password);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        otpEnabled: false,
        otpSecret: null,
        otpPendingSecret: null,
        otpLastStep: null,
      })
      .where(eq(users.id, row.id));
    await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, row.id));
  });
  return true;
}
