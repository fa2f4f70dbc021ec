import { and, asc, count, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';
import {
  events,
  permissionRoles,
  userEmailTokens,
  userEventPermissions,
  userEventRoles,
  userRecoveryCodes,
  users,
} from '../../../core/db/schema';
import { containsPattern } from '../../../core/lib/db-errors';

export type UserRow = typeof users.$inferSelect;

/** Users invited who have not chosen a password yet (an invitation link was made for them). */
async function withPending(db: Executor, rows: UserRow[]) {
  const ids = rows.filter((u) => u.neverChangedPassword).map((u) => u.id);
  const invited = ids.length
    ? await db
        .selectDistinct({ userId: userEmailTokens.userId })
        .from(userEmailTokens)
        .where(and(inArray(userEmailTokens.userId, ids), eq(userEmailTokens.purpose, 'invitation')))
    : [];
  const pending = new Set(invited.map((r) => r.userId));
  return rows.map((user) => ({ user, invitationPending: pending.has(user.id) }));
}

const searchWhere = (search?: string) =>
  search
    ? or(
        sql`lower(${users.name}) like ${containsPattern(search)}`,
        sql`lower(${users.email}) like ${containsPattern(search)}`,
      )
    : undefined;

export async function listUsers(
  db: Executor,
  search: string | undefined,
  page: { offset: number; limit: number | null },
) {
  const q = db
    .select()
    .from(users)
    .where(searchWhere(search))
    .orderBy(asc(sql`lower(${users.name})`), asc(users.id))
    .offset(page.offset);
  const found = page.limit === null ? await q : await q.limit(page.limit);
  const [{ total }] = await db.select({ total: count() }).from(users).where(searchWhere(search));
  return { rows: await withPending(db, found), total: Number(total) };
}

export async function findUser(db: Executor, id: number) {
  const found = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return (await withPending(db, found))[0];
}

export const findUserByEmail = async (db: Executor, email: string) =>
  (await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1))[0];

/** Every event's direct codes and roles of a user, with the event's name. */
export async function eventAccessOf(db: Executor, userId: number) {
  return (await eventAccessOfUsers(db, [userId])).get(userId) ?? [];
}

export interface AccessRow {
  eventId: number;
  eventName: string;
  permissions: number[];
  roleIds: number[];
  effective: number[];
}

/** The event access of several users at once (a page of the list): three queries in all. */
export async function eventAccessOfUsers(db: Executor, userIds: number[]) {
  const result = new Map<number, AccessRow[]>();
  if (userIds.length === 0) return result;
  const direct = await db
    .select({
      userId: userEventPermissions.userId,
      eventId: userEventPermissions.eventId,
      permissions: userEventPermissions.permissions,
    })
    .from(userEventPermissions)
    .where(inArray(userEventPermissions.userId, userIds));
  const roles = await db
    .select({
      userId: userEventRoles.userId,
      eventId: userEventRoles.eventId,
      roleId: userEventRoles.roleId,
      permissions: permissionRoles.permissions,
    })
    .from(userEventRoles)
    .innerJoin(permissionRoles, eq(permissionRoles.id, userEventRoles.roleId))
    .where(inArray(userEventRoles.userId, userIds));
  const ids = [...new Set([...direct.map((d) => d.eventId), ...roles.map((r) => r.eventId)])];
  const names = ids.length
    ? await db.select({ id: events.id, name: events.name }).from(events).where(inArray(events.id, ids))
    : [];
  for (const userId of userIds) {
    const mineDirect = direct.filter((d) => d.userId === userId);
    const mineRoles = roles.filter((r) => r.userId === userId);
    const eventIds = [...new Set([...mineDirect.map((d) => d.eventId), ...mineRoles.map((r) => r.eventId)])];
    result.set(
      userId,
      eventIds
        .map((eventId) => {
          const permissions = [...(mineDirect.find((d) => d.eventId === eventId)?.permissions ?? [])].sort(
            (a, b) => a - b,
          );
          const held = mineRoles.filter((r) => r.eventId === eventId);
          const effective = [...new Set([...permissions, ...held.flatMap((r) => r.permissions)])].sort(
            (a, b) => a - b,
          );
          return {
            eventId,
            eventName: names.find((n) => n.id === eventId)?.name ?? '',
            permissions,
            roleIds: held.map((r) => r.roleId).sort((a, b) => a - b),
            effective,
          };
        })
        .sort((a, b) => a.eventName.localeCompare(b.eventName)),
    );
  }
  return result;
}

/** Replaces a user's event access: direct codes and roles per event. */
export async function replaceEventAccess(
  db: Executor,
  userId: number,
  access: { eventId: number; permissions: number[]; roleIds: number[] }[],
) {
  await db.delete(userEventPermissions).where(eq(userEventPermissions.userId, userId));
  await db.delete(userEventRoles).where(eq(userEventRoles.userId, userId));
  const direct = access.filter((a) => a.permissions.length > 0);
  if (direct.length)
    await db
      .insert(userEventPermissions)
      .values(direct.map((a) => ({ userId, eventId: a.eventId, permissions: a.permissions })));
  const roles = access.flatMap((a) => a.roleIds.map((roleId) => ({ userId, eventId: a.eventId, roleId })));
  if (roles.length) await db.insert(userEventRoles).values(roles);
}

export const existingEventIds = async (db: Executor, ids: number[]) =>
  ids.length
    ? (await db.select({ id: events.id }).from(events).where(inArray(events.id, ids))).map((r) => r.id)
    : [];
export const existingRoleIds = async (db: Executor, ids: number[]) =>
  ids.length
    ? (
        await db
          .select({ id: permissionRoles.id })
          .from(permissionRoles)
          .where(inArray(permissionRoles.id, ids))
      ).map((r) => r.id)
    : [];

export const eventOptions = (db: Executor) =>
  db
    .select({ id: events.id, name: events.name, isClosed: sql<boolean>`${events.isClosed} = 1` })
    .from(events)
    .orderBy(asc(events.name), asc(events.id));

export async function insertUser(db: Executor, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

/** Saves only when the row is still at the version the form was loaded at. */
export async function updateUser(
  db: Executor,
  id: number,
  values: Partial<typeof users.$inferInsert>,
  loadedAt: Date | null,
) {
  const rows = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    // Compared to the millisecond: PostgreSQL keeps microseconds, the version the form holds has ms.
    .where(
      and(
        eq(users.id, id),
        loadedAt
          ? sql`date_trunc('milliseconds', ${users.updatedAt}) = ${loadedAt.toISOString()}::timestamptz`
          : undefined,
      ),
    )
    .returning();
  return rows[0];
}

/** A new invitation or reset link (the user's earlier unused ones of any purpose stop working). */
export async function insertEmailToken(
  db: Executor,
  userId: number,
  purpose: EmailTokenPurpose,
  tokenHash: string,
  expiresAt: Date,
) {
  await db
    .update(userEmailTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(userEmailTokens.userId, userId), isNull(userEmailTokens.usedAt)));
  await db.insert(userEmailTokens).values({ userId, purpose, tokenHash, expiresAt });
}

/** What an e-mailed link is for: a password (invitation, reset) or an address change. */
export type EmailTokenPurpose = 'invitation' | 'reset' | 'emailChange';

/** A live link of one of the purposes (a password link never confirms an address, nor the reverse). */
export async function findLiveToken(db: Executor, tokenHash: string, ...purposes: EmailTokenPurpose[]) {
  const wanted = purposes.length ? purposes : (['invitation', 'reset'] as EmailTokenPurpose[]);
  const [row] = await db
    .select({ token: userEmailTokens, user: users })
    .from(userEmailTokens)
    .innerJoin(users, eq(users.id, userEmailTokens.userId))
    .where(
      and(
        eq(userEmailTokens.tokenHash, tokenHash),
        inArray(userEmailTokens.purpose, wanted),
        isNull(userEmailTokens.usedAt),
        gt(userEmailTokens.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row;
}

/** Claims a link once: only the first of two requests racing gets it. */
export async function claimToken(db: Executor, id: number) {
  const rows = await db
    .update(userEmailTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(userEmailTokens.id, id),
        isNull(userEmailTokens.usedAt),
        gt(userEmailTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: userEmailTokens.id });
  return rows.length === 1;
}

export async function resetOtp(db: Executor, userId: number) {
  await db
    .update(users)
    .set({
      otpEnabled: false,
      otpSecret: null,
      otpPendingSecret: null,
      otpLastStep: null,
    })
    .where(eq(users.id, userId));
  await db.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
}
