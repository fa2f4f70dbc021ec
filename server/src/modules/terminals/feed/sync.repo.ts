/**
 * The sync's statements around its operations: the batch's first statement (sent with its BEGIN) and
 * its one write of everything recorded (sent with its COMMIT), the batch row and exactly-once (the
 * hashes of operations recorded before, claims released), and the log of refused operations. The batch's own first statement is sync-open.repo.ts;
 * what the operations write, sync-wristbands.repo.ts, sync-tickets.repo.ts, sync-money.repo.ts and
 * sync-records.repo.ts.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';
import { rowsOf } from '../../../core/db/rows';
import { requiresStockSql } from '../wristband-stock/wristband-stock.repo';
import { cte, insertSql, uuids } from './sync-sql';

/**
 * The first statement of a batch's transaction (sent with its BEGIN). For the rest of it, the
 * planner does not read a table whole where an index can answer (`enable_seqscan` off,
 * transaction-local): the batch's statements are prepared and keep their plan (db/client.ts
 * `executePrepared`, `foldedTransaction`), and one made while a new event's tables were nearly empty
 * would otherwise keep scanning them whole as they grow, until their statistics change. Every
 * statement of the batch finds its rows by key. Also answers whether the event requires wristband
 * stock control.
 */
export const openFeedSql = (eventId: number) =>
  sql`select set_config('enable_seqscan', 'off', true) as seqscan, ${requiresStockSql(eventId)} as requires_stock`;

/** What the first statement answered. */
export const feedOpened = (rows: Record<string, unknown>[]) => ({
  requiresStock: Boolean(rows[0]?.requires_stock),
});

/**
 * Data-modifying CTEs as ONE statement: everything a batch recorded, written in one round trip (the
 * transaction's last, sent with its COMMIT).
 */
export const writeAllSql = (parts: SQL[]) =>
  parts.length ? sql`with ${sql.join(parts, sql`, `)} select 1` : null;

// ---------------------------------------------------------------------------------------------
// The batch and exactly-once

/** The batch row, written last with its counts. */
export const batchSql = (
  batch: { id: number; eventId: number; deviceId: number; operations: number },
  counts: { accepted: number; duplicates: number; refused: number },
) =>
  cte(
    'batch_inserted',
    sql`insert into sync_batches (id, event_id, device_id, operations, accepted, duplicates, refused)
      values (${batch.id}::bigint, ${batch.eventId}::int, ${batch.deviceId}::int, ${batch.operations}::int,
        ${counts.accepted}::int, ${counts.duplicates}::int, ${counts.refused}::int)`,
  );

export async function recordedHashes(tx: Executor, eventId: number, ids: string[]) {
  if (!ids.length) return new Map<string, string>();
  const res = await tx.execute(
    sql`select operation_id, payload_hash from processed_operations
        where event_id = ${eventId}::int
          and operation_id = any(${uuids(ids)})`,
  );
  return new Map(
    rowsOf<{ operation_id: string; payload_hash: string }>(res).map((r) => [r.operation_id, r.payload_hash]),
  );
}

/** Frees claimed operations that were not recorded, so a corrected re-send can be. */
export const releaseOperationsSql = (eventId: number, ids: string[]) =>
  ids.length
    ? sql`delete from processed_operations where event_id = ${eventId}::int
        and operation_id = any(${uuids(ids)})`
    : null;

export interface RefusedRow {
  device_id: number;
  batch_id: number;
  operation_id: string | null;
  reason: string;
  fields: { path: string; message: string }[] | null;
  payload: unknown;
}
export const refusedSql = (eventId: number, rows: RefusedRow[]) =>
  insertSql(
    'refused_operations',
    eventId,
    {
      device_id: 'int',
      batch_id: 'bigint',
      operation_id: 'text',
      reason: 'text',
      fields: 'jsonb',
      payload: 'jsonb',
    },
    rows,
  );
