import { type SQL, sql } from 'drizzle-orm';

/** The rows of a raw `db.execute(sql…)` answer (pg and PGlite both answer `{ rows }`), typed by the caller. */
export const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

/**
 * An aggregate writing the rows of a query as the text of a JSON array, in the database: each `record`
 * (a row value with named columns, e.g. a LATERAL subselect) becomes an object with those names in
 * their order (row_to_json: numbers as numbers, nulls as null, compact, as JSON.stringify writes
 * them), in the order of `orderBy`; no rows give `[]`. Text, so that no driver parses it: the answer
 * is sent as it is (`okJsonText`), for lists too large to parse and write again in Node.
 */
export const jsonArrayText = (record: SQL, orderBy: SQL) =>
  sql`coalesce('[' || string_agg(row_to_json(${record})::text, ',' order by ${orderBy}) || ']', '[]')`;
