/**
 * The building blocks of the sync's statements (sync.repo.ts and the sync-*.repo.ts beside it).
 *
 * Bulk statements of the sync: every table of a batch is written with one statement that reads its
 * rows from a single JSON parameter (json_to_recordset), whatever the batch size. Works the same on
 * PostgreSQL and PGlite and never meets the driver's parameter limit.
 */
import { type SQL, sql } from 'drizzle-orm';

export const json = (rows: unknown) => sql`${JSON.stringify(rows)}::json`;
/**
 * Keys as an array the planner probes an index with (`col = any(…)`): a join against the JSON rows
 * could make it hash the whole event's table, whose cost grows with the festival.
 */
export const uuids = (ids: string[]) => sql`array(select json_array_elements_text(${json(ids)})::uuid)`;
export const texts = (values: string[]) => sql`array(select json_array_elements_text(${json(values)}))`;
export const ints = (values: number[]) =>
  sql`array(select json_array_elements_text(${json(values.map(String))})::int)`;

/**
 * Rows found by their primary key are still checked to be the event's, but with `is not distinct
 * from`, which no index serves: with `event_id =`, a planner whose statistics date from when the
 * event had few rows (festival morning; autovacuum not run yet, or PGlite, which has none) reads the
 * whole event's rows through an (event_id, …) index instead of probing the primary key.
 */
export const ofEvent = (alias: string, eventId: number) =>
  sql`${sql.raw(alias)}.event_id is not distinct from ${eventId}::int`;

/** A named data-modifying CTE. */
export const cte = (name: string, body: SQL) => sql`${sql.raw(name)} as (${body})`;

/** A data-modifying CTE body: `insert into <table> (event_id, cols…) select … from json_to_recordset(rows)`. */
export function insertSql(
  table: string,
  eventId: number,
  columns: Record<string, string>,
  rows: object[],
): SQL {
  const names = Object.keys(columns);
  const defs = names.map((n) => `${n} ${columns[n]}`).join(', ');
  return cte(
    `${table}_inserted`,
    sql`insert into ${sql.raw(table)} (event_id, ${sql.raw(names.join(', '))}) select ${eventId}::int, ${sql.raw(
      names.map((n) => `x.${n}`).join(', '),
    )} from json_to_recordset(${json(rows)}) as x(${sql.raw(defs)})`,
  );
}
