import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { permissionRoles, userEventPermissions, userEventRoles } from '../db/schema';

/**
 * A non-admin console user's permission codes in one event: the codes given directly
 * (`user_event_permissions`) joined with the codes of every permission role granted in that event
 * (`user_event_roles`). The event chooser, `GET /event/trusts/{id}` and the guard all read this, on
 * every request, so a revocation (of a code, a role, or a code of a role) bites at the next request.
 */
const codesOf = (userId: number | SQL, eventId: number | SQL) => sql`
  select unnest(${userEventPermissions.permissions}) as code from ${userEventPermissions}
   where ${userEventPermissions.userId} = ${userId} and ${userEventPermissions.eventId} = ${eventId}
  union
  select unnest(${permissionRoles.permissions}) from ${userEventRoles}
    join ${permissionRoles} on ${permissionRoles.id} = ${userEventRoles.roleId}
   where ${userEventRoles.userId} = ${userId} and ${userEventRoles.eventId} = ${eventId}`;

export async function effectivePermissions(db: Executor, userId: number, eventId: number): Promise<number[]> {
  const res = await db.execute(
    sql`select coalesce(array_agg(distinct c.code order by c.code), '{}')::int[] as codes from (${codesOf(userId, eventId)}) c`,
  );
  const row = (res as unknown as { rows: { codes: number[] | string }[] }).rows[0];
  return parseIntArray(row?.codes);
}

/** The ids of the events in which a user holds at least one code (directly or through a role). */
export const eventsWithAccess = (userId: number | Placeholder) => sql`(
  select ${userEventPermissions.eventId} from ${userEventPermissions}
   where ${userEventPermissions.userId} = ${userId} and cardinality(${userEventPermissions.permissions}) > 0
  union
  select ${userEventRoles.eventId} from ${userEventRoles}
    join ${permissionRoles} on ${permissionRoles.id} = ${userEventRoles.roleId}
   where ${userEventRoles.userId} = ${userId} and cardinality(${permissionRoles.permissions}) > 0)`;

/** node-postgres parses int[]; a driver that leaves it as text ('{1,2}') is read here too. */
export function parseIntArray(v: number[] | string | null | undefined): number[] {
  if (!v) return [];
  if (Array.isArray(v)) return v.map(Number);
  return v.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);
}
