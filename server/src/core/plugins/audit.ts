import { HEADERS } from '@pulsera/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { Db, Executor, Tx } from '../db/client';
import { type RequestTx, requestTx } from '../db/request-tx';
import { auditLog } from '../db/schema';
import { AppError } from '../lib/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The audit trail of a write route: `{ action }` names the action recorded (default: create,
     * update or delete, from the first row changed); `false` leaves the route out (none does today).
     */
    audit?: false | { action: string };
  }
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * Refusals the trail keeps although nothing changed (issue 27 item 11): attempts to act on a user above
 * the actor, to grant a flag above one's own, or to change one's own access. Written after the rollback.
 */
const RECORDED_REFUSALS = new Set(['userAbove', 'ownAccess']);

async function recordRefusal(db: Db, req: FastifyRequest, err: AppError) {
  const actor = auditActor(req);
  const params = req.params as { id?: unknown } | undefined;
  const body = req.body as { id?: unknown } | undefined;
  const target = params?.id ?? body?.id;
  await db.insert(auditLog).values({
    actorKind: actor.kind,
    userId: actor.userId,
    userEmail: actor.userEmail,
    integratorId: actor.integratorId,
    integratorName: actor.integratorName,
    ip: actor.ip,
    eventId: actor.eventId,
    method: actor.method,
    route: actor.route,
    screen: actor.screen,
    action: 'refused',
    entity: 'users',
    entityId: target === undefined || target === null ? null : String(target),
    detail: { reason: err.key },
  });
}
const SCREEN = /^[A-Za-z0-9/_-]{1,200}$/;

/** What the row trigger writes into the request's audit row (migration `audit_triggers`). */
export function auditActor(req: FastifyRequest, action?: string) {
  const screen = req.headers[HEADERS.consoleScreen];
  return {
    kind: req.integrator ? 'integrator' : 'user',
    userId: req.user?.id ?? null,
    userEmail: req.user?.email ?? null,
    integratorId: req.integrator?.id ?? null,
    integratorName: req.integrator?.name ?? null,
    apiKeyId: req.integrator?.keyId ?? null,
    ip: req.ip,
    eventId: req.event?.id ?? null,
    method: req.method,
    route: req.routeOptions.url ?? null,
    screen: typeof screen === 'string' && SCREEN.test(screen) ? screen : null,
    action: action ?? null,
  };
}

/**
 * The audit trail's one mechanism (docs/architecture.md "Audit trail"). Every write route (POST, PUT,
 * PATCH, DELETE) that a session or an API key calls runs its handler inside ONE database transaction,
 * held in an AsyncLocalStorage so that `ctx.db` (and each `ctx.db.transaction()`, then a savepoint)
 * uses it. The transaction first tells the database who is acting (transaction-local setting
 * `pulsera.audit`); the row triggers of the audited tables then write the request's audit row and
 * each changed row's before/after in that same transaction. A handler that fails rolls everything
 * back, its audit row included; one that succeeds commits the change and its one audit row together.
 * Routes open to anyone (`auth: 'none'`: sign-in, the terminal feed's device routes) are not wrapped.
 * Wrapping happens when a route is registered, so every route of every module (present or future)
 * is covered without a line in its service.
 */
export function registerAudit(app: FastifyInstance, db: Db) {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((m) => WRITES.has(m))) return;
    const access = route.config?.access;
    if (!access || access.auth === 'none' || route.config?.audit === false) return;
    const action = route.config?.audit ? route.config.audit.action : undefined;
    const handler = route.handler as RouteHandlerMethod;
    route.handler = async function audited(this: FastifyInstance, req, reply) {
      if (!req.user && !req.integrator) return handler.call(this, req, reply);
      const store: RequestTx = { tx: undefined as unknown as Tx, after: [] };
      // An error whose writes stand (AppError keepChanges) is answered after the commit.
      let kept: AppError | null = null;
      try {
        const result = await db.transaction(async (tx) => {
          store.tx = tx;
          await tx.execute(
            sql`select set_config('pulsera.audit', ${JSON.stringify(auditActor(req, action))}, true)`,
          );
          try {
            return await requestTx.run(store, () => handler.call(this, req, reply));
          } catch (err) {
            if (err instanceof AppError && err.extra.keepChanges) {
              kept = err;
              return undefined;
            }
            throw err;
          }
        });
        if (kept) throw kept;
        return result;
      } catch (err) {
        if (err instanceof AppError && RECORDED_REFUSALS.has(err.key))
          await recordRefusal(db, req, err).catch((e) => req.log.error({ err: e }, 'refusal not recorded'));
        throw err;
      } finally {
        for (const work of store.after) {
          await work().catch((err) => req.log.error({ err }, 'work after the request failed'));
        }
      }
    };
  });
}

/**
 * One change of the request's audit trail standing for many rows of a table the row trigger leaves
 * out because it is written in bulk (`stock_wristbands`: a lot import adds up to hundreds of thousands
 * of wristbands). `after` (or `before`) summarises them: the lot, the counts, the first and last serial.
 * It joins the request's audit row, which exists once any audited row changed in the transaction
 * (callers change one first: the lot); outside an audited request it writes nothing.
 */
export async function auditBulkChange(
  db: Executor,
  change: {
    table: string;
    op: 'insert' | 'update' | 'delete';
    rowId: string;
    before?: object;
    after?: object;
  },
) {
  await db.execute(sql`
    insert into audit_changes (audit_id, table_name, op, row_id, before, after)
    select nullif(current_setting('pulsera.audit_id', true), '')::bigint, ${change.table}, ${change.op},
      ${change.rowId}, ${change.before ? JSON.stringify(change.before) : null}::jsonb,
      ${change.after ? JSON.stringify(change.after) : null}::jsonb
    where nullif(current_setting('pulsera.audit_id', true), '') is not null`);
}
