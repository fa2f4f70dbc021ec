import type { AuditDetail, AuditEntry, AuditFilterOptions, AuditPage, AuditQuery } from '@pulsera/contracts';
import { AUDIT_NAME_FIELDS, AUDIT_ROUTE_ACTIONS, isAdminUser } from '@pulsera/contracts';
import { and, asc, desc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../../core/context';
import type { Db, Executor } from '../../../core/db/client';
import { auditChanges, auditLog, events, permissionRoles, users } from '../../../core/db/schema';
import { fail } from '../../../core/lib/errors';
import { boundedPageWindow } from '../../../core/lib/paging';

type Query = z.output<typeof import('@pulsera/contracts').AuditQuery>;

/** An explicit audit row (a sign-in, a failed sign-in), for what is not a row change. */
export async function recordAudit(
  db: Executor,
  row: {
    action: string;
    actorKind: 'user' | 'integrator' | 'anonymous';
    userId?: number | null;
    userEmail?: string | null;
    ip?: string | null;
    method?: string;
    route?: string;
    detail?: Record<string, unknown>;
  },
) {
  await db.insert(auditLog).values({
    action: row.action,
    actorKind: row.actorKind,
    userId: row.userId ?? null,
    userEmail: row.userEmail ?? null,
    ip: row.ip ?? null,
    method: row.method ?? null,
    route: row.route ?? null,
    entity: row.userId ? 'users' : null,
    entityId: row.userId ? String(row.userId) : null,
    detail: row.detail ?? null,
  });
}

/** Which rows the caller may read: admins all (or the selected event's), others the selected event's. */
function scope(req: FastifyRequest, eventOnly: boolean): SQL | undefined {
  const admin = req.user ? isAdminUser(req.user) : false;
  if (admin && !eventOnly) return undefined;
  if (!req.event) throw fail('eventNotSelected');
  return eq(auditLog.eventId, req.event.id);
}

const likeText = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function where(req: FastifyRequest, q: Query): SQL | undefined {
  const parts: (SQL | undefined)[] = [scope(req, q.eventOnly === 1)];
  if (q.actorKind) parts.push(eq(auditLog.actorKind, q.actorKind));
  if (q.userId) parts.push(eq(auditLog.userId, q.userId));
  if (q.integratorId) parts.push(eq(auditLog.integratorId, q.integratorId));
  if (q.action) parts.push(eq(auditLog.action, q.action));
  if (q.from) parts.push(sql`${auditLog.at} >= ${new Date(q.from).toISOString()}::timestamptz`);
  if (q.to) parts.push(sql`${auditLog.at} <= ${new Date(q.to).toISOString()}::timestamptz`);
  if (q.entityId && q.screen) {
    // An item's history from its form: that id in any table this screen's writes were about.
    parts.push(sql`exists (select 1 from ${auditChanges} c where c.audit_id = ${auditLog.id}
      and c.row_id = ${q.entityId}
      and c.table_name in (select distinct s.entity from ${auditLog} s where s.screen = ${q.screen} and s.entity is not null))`);
  } else if (q.entityId) {
    parts.push(sql`exists (select 1 from ${auditChanges} c where c.audit_id = ${auditLog.id}
      and c.row_id = ${q.entityId} ${q.entity ? sql`and c.table_name = ${q.entity}` : sql``})`);
  } else if (q.entity) {
    parts.push(
      sql`exists (select 1 from ${auditChanges} c where c.audit_id = ${auditLog.id} and c.table_name = ${q.entity})`,
    );
  } else if (q.screen) {
    parts.push(eq(auditLog.screen, q.screen));
  }
  if (q.text) {
    const t = likeText(q.text);
    parts.push(sql`(${auditLog.userEmail} ilike ${t} or ${auditLog.integratorName} ilike ${t}
      or ${auditLog.route} ilike ${t} or ${auditLog.entity} ilike ${t} or ${auditLog.action} ilike ${t}
      or ${auditLog.ip} ilike ${t} or ${auditLog.entityId} = ${q.text} or ${auditLog.detail}::text ilike ${t}
      or exists (select 1 from ${auditChanges} c where c.audit_id = ${auditLog.id}
        and (c.before::text ilike ${t} or c.after::text ilike ${t})))`);
  }
  return and(...parts);
}

const entryColumns = {
  id: auditLog.id,
  at: auditLog.at,
  actorKind: auditLog.actorKind,
  userId: auditLog.userId,
  userEmail: auditLog.userEmail,
  integratorId: auditLog.integratorId,
  integratorName: auditLog.integratorName,
  ip: auditLog.ip,
  eventId: auditLog.eventId,
  eventName: events.name,
  method: auditLog.method,
  route: auditLog.route,
  screen: auditLog.screen,
  action: auditLog.action,
  entity: auditLog.entity,
  entityId: auditLog.entityId,
  detail: auditLog.detail,
  changeCount: sql<number>`(select count(*)::int from ${auditChanges} c where c.audit_id = ${auditLog.id})`,
};

type EntryRow = { [K in keyof typeof entryColumns]: unknown } & { at: Date };

const toEntry = (r: EntryRow): AuditEntry =>
  ({
    ...r,
    at: r.at.toISOString(),
    changeCount: Number(r.changeCount),
    detail: (r.detail as Record<string, unknown> | null) ?? null,
    subject: null,
  }) as AuditEntry;

/** The name a changed row gives its item (its reference, name, label, e-mail…), if any. */
function nameOf(row: Record<string, unknown> | null | undefined): string | null {
  if (!row) return null;
  for (const f of AUDIT_NAME_FIELDS) {
    const v = row[f];
    if ((typeof v === 'string' && v.trim()) || typeof v === 'number') return String(v);
  }
  return null;
}

/**
 * The trail as the console tells it (issue 27 item 11): a write known by its route says its action in
 * words and names the item it is about (not the first table its triggers touched: marking a payout run
 * sent is about the run, not its wristbands); every entry carries its item's name when the changed row
 * has one.
 */
async function present(db: Executor, entries: AuditEntry[]): Promise<AuditEntry[]> {
  for (const e of entries) {
    const known = AUDIT_ROUTE_ACTIONS[`${e.method} ${e.route}`];
    if (known) {
      if (e.action !== 'refused') e.action = known.action;
      e.entity = known.entity;
    }
  }
  const ids = entries.filter((e) => e.entity).map((e) => e.id);
  if (!ids.length) return entries;
  const rows = (await db.execute(sql`
    select distinct on (c.audit_id, c.table_name) c.audit_id, c.table_name, c.row_id,
      coalesce(c.after, c.before) as row
    from ${auditChanges} c where c.audit_id in ${sql`(${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )})`}
    order by c.audit_id, c.table_name, c.id`)) as unknown as {
    rows: {
      audit_id: number | string;
      table_name: string;
      row_id: string | null;
      row: Record<string, unknown>;
    }[];
  };
  const first = new Map(rows.rows.map((r) => [`${Number(r.audit_id)}|${r.table_name}`, r]));
  for (const e of entries) {
    const change = first.get(`${e.id}|${e.entity}`);
    if (!change) continue;
    e.subject = nameOf(change.row);
    e.entityId = change.row_id ?? e.entityId;
  }
  // A user the action is about, when no row of it changed (a reset, a refusal): their e-mail.
  const userIds = entries
    .filter((e) => e.entity === 'users' && !e.subject && e.entityId && /^\d+$/.test(e.entityId))
    .map((e) => Number(e.entityId));
  if (userIds.length) {
    const found = await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.id, userIds));
    const byId = new Map(found.map((u) => [String(u.id), u.email]));
    for (const e of entries)
      if (e.entity === 'users' && !e.subject) e.subject = byId.get(e.entityId ?? '') ?? null;
  }
  return entries;
}

/** Names for the ids a write's changes hold (event_id, user_id, role ids), so the detail shows names. */
async function namesFor(db: Executor, changes: AuditDetail['changes']): Promise<AuditDetail['names']> {
  const eventIds = new Set<number>();
  const userIds = new Set<number>();
  const roleIds = new Set<number>();
  for (const c of changes)
    for (const row of [c.before, c.after]) {
      if (!row) continue;
      if (typeof row.event_id === 'number') eventIds.add(row.event_id);
      if (typeof row.user_id === 'number') userIds.add(row.user_id);
      if (typeof row.role_id === 'number') roleIds.add(row.role_id);
      if (c.table === 'events' && c.rowId && /^\d+$/.test(c.rowId)) eventIds.add(Number(c.rowId));
    }
  const pick = async <T extends { id: number; name: string }>(
    ids: Set<number>,
    load: (ids: number[]) => Promise<T[]>,
  ) => (ids.size ? Object.fromEntries((await load([...ids])).map((r) => [String(r.id), r.name])) : {});
  return {
    events: await pick(eventIds, (ids) =>
      db.select({ id: events.id, name: events.name }).from(events).where(inArray(events.id, ids)),
    ),
    users: await pick(userIds, (ids) =>
      db.select({ id: users.id, name: users.email }).from(users).where(inArray(users.id, ids)),
    ),
    roles: await pick(roleIds, (ids) =>
      db
        .select({ id: permissionRoles.id, name: permissionRoles.name })
        .from(permissionRoles)
        .where(inArray(permissionRoles.id, ids)),
    ),
  };
}

/** GET /audit: newest first, paged on the server. */
export async function listAudit(ctx: AppContext, req: FastifyRequest, q: Query): Promise<AuditPage> {
  const w = where(req, q);
  const { limit, offset } = boundedPageWindow(
    { page: q.page, paginationLimit: q.paginationLimit ?? q.pageSize },
    50,
  );
  const [count] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(w);
  const rows = await ctx.db
    .select(entryColumns)
    .from(auditLog)
    .leftJoin(events, eq(events.id, auditLog.eventId))
    .where(w)
    .orderBy(desc(auditLog.id))
    .limit(limit)
    .offset(offset);
  return {
    rows: await present(
      ctx.db,
      rows.map((r) => toEntry(r as EntryRow)),
    ),
    total: Number(count?.n ?? 0),
  };
}

/** GET /audit/{id}: one row with its changes (outside the caller's scope: not found). */
export async function auditDetail(ctx: AppContext, req: FastifyRequest, id: number): Promise<AuditDetail> {
  const [row] = await ctx.db
    .select(entryColumns)
    .from(auditLog)
    .leftJoin(events, eq(events.id, auditLog.eventId))
    .where(and(eq(auditLog.id, id), scope(req, false)))
    .limit(1);
  if (!row) throw fail('notFound');
  const changes = await ctx.db
    .select()
    .from(auditChanges)
    .where(eq(auditChanges.auditId, id))
    .orderBy(asc(auditChanges.id));
  const shown = (await present(ctx.db, [toEntry(row as EntryRow)]))[0]!;
  const list = changes.map((c) => ({
    table: c.tableName,
    op: c.op as 'insert' | 'update' | 'delete',
    rowId: c.rowId,
    before: (c.before as Record<string, unknown> | null) ?? null,
    after: (c.after as Record<string, unknown> | null) ?? null,
  }));
  return { ...shown, changes: list, names: await namesFor(ctx.db, list) };
}

/** GET /audit/options: who wrote, which tables and actions appear (within the caller's scope). */
export async function auditOptions(
  ctx: AppContext,
  req: FastifyRequest,
  eventOnly: boolean,
): Promise<AuditFilterOptions> {
  const s = scope(req, eventOnly);
  const db: Db = ctx.db;
  const users = await db
    .selectDistinct({ id: auditLog.userId, email: auditLog.userEmail })
    .from(auditLog)
    .where(and(s, isNotNull(auditLog.userId), isNotNull(auditLog.userEmail)))
    .orderBy(auditLog.userEmail);
  const integrators = await db
    .selectDistinct({ id: auditLog.integratorId, name: auditLog.integratorName })
    .from(auditLog)
    .where(and(s, isNotNull(auditLog.integratorId), isNotNull(auditLog.integratorName)))
    .orderBy(auditLog.integratorName);
  const entities = await db
    .selectDistinct({ v: auditLog.entity })
    .from(auditLog)
    .where(and(s, isNotNull(auditLog.entity)))
    .orderBy(auditLog.entity);
  const actions = await db
    .selectDistinct({ v: auditLog.action })
    .from(auditLog)
    .where(s)
    .orderBy(auditLog.action);
  return {
    users: users.map((u) => ({ id: u.id!, email: u.email! })),
    integrators: integrators.map((i) => ({ id: i.id!, name: i.name! })),
    entities: entities.map((e) => e.v!),
    actions: actions.map((a) => a.v),
  };
}

export type { AuditQuery };
