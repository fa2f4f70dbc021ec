import { and, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';
import { scheduleEmailTokens, userEmailTokens, userRecoveryCodes, users } from '../../../core/db/schema';

export const findUserByEmail = async (db: Executor, email: string) =>
  (await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1))[0];

export const findUserById = async (db: Executor, id: number) =>
  (await db.select().from(users).where(eq(users.id, id)).limit(1))[0];

/**
 * Every password change (voluntary, forced, by an invitation or reset link) comes here: it ends the
 * open sessions (session version) and every invitation or reset link still outstanding, so a link
 * issued before the change cannot set the password afterwards. Run it in a transaction.
 */
export async function setPassword(db: Executor, id: number, passwordHash: string) {
  await db
    .update(userEmailTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(userEmailTokens.userId, id), isNull(userEmailTokens.usedAt)));
  const [row] = await db
    .update(users)
    .set({
      passwordHash,
      mustChangePassword: false,
      neverChangedPassword: false,
      passwordChangedAt: new Date(),
      sessionVersion: sql`${users.sessionVersion} + 1`,
    })
    .where(eq(users.id, id))
    .returning();
  return row!;
}

export const findScheduleToken = async (db: Executor, tokenHash: string) =>
  (
    await db.select().from(scheduleEmailTokens).where(eq(scheduleEmailTokens.tokenHash, tokenHash)).limit(1)
  )[0];

export const markScheduleVerified = (db: Executor, id: number) =>
  db.update(scheduleEmailTokens).set({ verifiedAt: new Date() }).where(eq(scheduleEmailTokens.id, id));

/**
 * Accepts a one-time code's step once: only when it is later than the last accepted one, in one
 * conditional update, so two sign-ins racing with the same code cannot both pass.
 */
export async function acceptOtpStep(db: Executor, userId: number, step: number) {
  const rows = await db
    .update(users)
    .set({ otpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.otpLastStep), lt(users.otpLastStep, step))))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Uses a recovery code once (the update claims it; a second use finds it used). */
export async function useRecoveryCode(db: Executor, userId: number, codeHash: string) {
  const rows = await db
    .update(userRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(userRecoveryCodes.userId, userId),
        eq(userRecoveryCodes.codeHash, codeHash),
        isNull(userRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: userRecoveryCodes.id });
  if (rows.length === 1) return 'ok' as const;
  // Not claimed: a code of this user already used says so (issue 14); anything else is not valid.
  const [used] = await db
    .select({ id: userRecoveryCodes.id })
    .from(userRecoveryCodes)
    .where(and(eq(userRecoveryCodes.userId, userId), eq(userRecoveryCodes.codeHash, codeHash)))
    .limit(1);
  return used ? ('used' as const) : ('unknown' as const);
}

export const recordSignIn = (db: Executor, userId: number) =>
  db.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, userId));

export async function recoveryCodesLeft(db: Executor, userId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(userRecoveryCodes)
    .where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

export async function replaceRecoveryCodes(db: Executor, userId: number, hashes: string[]) {
  await db.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  if (hashes.length)
    await db.insert(userRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}
