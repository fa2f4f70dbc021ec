import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { posAuthorizations, scheduleEmailTokens, users } from '../../db/schema';

export const findUserByEmail = async (db: Executor, email: string) =>
  (await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1))[0];

export const findUserById = async (db: Executor, id: number) =>
  (await db.select().from(users).where(eq(users.id, id)).limit(1))[0];

export async function setPassword(db: Executor, id: number, passwordHash: string) {
  const [row] = await db
    .update(users)
    .set({
      passwordHash,
      mustChangePassword: false,
      neverChangedPassword: false,
      passwordChangedAt: new Date(),
      sessionVersion: sql`${users.sessionVersion} + 1`,
      updatedAt: new Date(),
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

export const findPosAuthorization = async (db: Executor, stateId: string) =>
  (await db.select().from(posAuthorizations).where(eq(posAuthorizations.stateId, stateId)).limit(1))[0];
