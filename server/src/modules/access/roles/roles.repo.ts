import { asc, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';
import { events, permissionRoles, userEventRoles, users } from '../../../core/db/schema';

export type PermissionRoleRow = typeof permissionRoles.$inferSelect;

export const listRoles = (db: Executor) =>
  db
    .select()
    .from(permissionRoles)
    .orderBy(asc(sql`lower(${permissionRoles.name})`), asc(permissionRoles.id));

export async function holderCounts(db: Executor) {
  const rows = await db
    .select({ roleId: userEventRoles.roleId, n: count() })
    .from(userEventRoles)
    .groupBy(userEventRoles.roleId);
  return new Map(rows.map((r) => [r.roleId, Number(r.n)]));
}

export const findRole = async (db: Executor, id: number) =>
  (await db.select().from(permissionRoles).where(eq(permissionRoles.id, id)).limit(1))[0];

export const findRoleByName = async (db: Executor, name: string) =>
  (
    await db
      .select()
      .from(permissionRoles)
      .where(sql`lower(${permissionRoles.name}) = ${name.toLowerCase()}`)
      .limit(1)
  )[0];

export async function insertRole(db: Executor, values: typeof permissionRoles.$inferInsert) {
  const [row] = await db.insert(permissionRoles).values(values).returning();
  return row!;
}

export async function updateRole(
  db: Executor,
  id: number,
  values: Partial<typeof permissionRoles.$inferInsert>,
) {
  const [row] = await db
    .update(permissionRoles)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(permissionRoles.id, id))
    .returning();
  return row!;
}

/** Who holds a role, and in which event (for the refusal of a delete). */
export const holdersOf = (db: Executor, roleId: number) =>
  db
    .select({
      userId: users.id,
      name: users.name,
      email: users.email,
      eventId: events.id,
      event: events.name,
    })
    .from(userEventRoles)
    .innerJoin(users, eq(users.id, userEventRoles.userId))
    .innerJoin(events, eq(events.id, userEventRoles.eventId))
    .where(eq(userEventRoles.roleId, roleId))
    .orderBy(asc(users.email), asc(events.name));

export const deleteRole = (db: Executor, id: number) =>
  db.delete(permissionRoles).where(eq(permissionRoles.id, id));
