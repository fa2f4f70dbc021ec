import { and, eq, max, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../core/db/client';

/** Lock keys of the per-event numbers (pg_advisory_xact_lock(class, event id)). */
const LOCK_CLASS = { locations: 1301, zones: 1302, rooms: 1303 } as const;

/**
 * The next per-event number (the highest existing one plus one; 1 for the first). Takes a
 * transaction-scoped lock on (kind, event) first, so two creations in the same event cannot pick the
 * same number; a unique index backs it.
 */
export async function nextUniqueNumber(
  tx: Executor,
  kind: keyof typeof LOCK_CLASS,
  table: PgTable & { eventId: PgColumn },
  column: PgColumn,
  eventId: number,
) {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_CLASS[kind]}::int, ${eventId}::int)`);
  const [row] = await tx
    .select({ top: max(column) })
    .from(table)
    .where(and(eq(table.eventId, eventId)));
  return Number(row?.top ?? 0) + 1;
}

/** The id list as a Set, without repeats. */
export const uniqueIds = (ids: readonly number[]) => [...new Set(ids)];

/** How many names a refusal lists before an ellipsis. */
const LISTED = 10;

/** Names for a refusal's message: the first ten, then "…". */
export const listNames = (names: readonly string[]) =>
  names.length > LISTED ? `${names.slice(0, LISTED).join(', ')}, …` : names.join(', ');
