import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db, Tx } from './client';

/**
 * The transaction of the request being served (audited writes, plugins/audit.ts). While it is set,
 * `ctx.db` answers with it, so every service's queries and its `ctx.db.transaction(...)` (then a
 * savepoint) belong to the request's one transaction, and its audit row commits or rolls back with it.
 */
export interface RequestTx {
  tx: Tx;
  /** Work that must outlive a rolled-back request (run after the transaction ends, either way). */
  after: (() => Promise<unknown>)[];
}

export const requestTx = new AsyncLocalStorage<RequestTx>();

/** The request's transaction when one is open, else the database itself. */
export const currentDb = (base: Db): Db => (requestTx.getStore()?.tx as unknown as Db | undefined) ?? base;

/**
 * Runs `fn` with the database outside the request's transaction, once that transaction has ended
 * (committed or rolled back): for records that must survive a refused request (a failed one-time
 * code counted, its audit row). Outside an audited request it runs at once.
 */
export async function afterRequest(base: Db, fn: (db: Db) => Promise<unknown>): Promise<void> {
  const store = requestTx.getStore();
  if (!store) {
    await fn(base);
    return;
  }
  store.after.push(() => requestTx.exit(() => fn(base)));
}
