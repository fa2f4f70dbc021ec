import { HEADERS } from '@pulsera/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { Db, Tx } from '../db/client';
import { type RequestTx, requestTx } from '../db/request-tx';
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
      } finally {
        for (const work of store.after) {
          await work().catch((err) => req.log.error({ err }, 'work after the request failed'));
        }
      }
    };
  });
}
