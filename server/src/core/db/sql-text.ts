import { SQL, StringChunk } from 'drizzle-orm';

/** What drizzle's dialects answer for a statement: its text with $n and the values in order. */
export interface BuiltQuery {
  sql: string;
  params: unknown[];
}

/** drizzle keeps whether a template writes its values into the text (`.inlineParams()`) private. */
const inlines = (q: SQL) => (q as unknown as { shouldInlineParams: boolean }).shouldInlineParams;

/** A chunk this builder leaves to drizzle (a column, a table, a placeholder, a list…). */
const OTHER = Symbol('other chunk');

/**
 * Appends the text and values of an `sql` template's chunks; OTHER at the first chunk that is not
 * text, a nested template or a plain value.
 */
function append(chunks: unknown[], out: BuiltQuery): typeof OTHER | undefined {
  for (const chunk of chunks) {
    if (chunk instanceof StringChunk) {
      const v = chunk.value;
      out.sql += v.length === 1 ? v[0] : v.join('');
    } else if (chunk instanceof SQL) {
      if (inlines(chunk) || chunk.constructor !== SQL) return OTHER;
      if (append(chunk.queryChunks, out) === OTHER) return OTHER;
    } else if (chunk === undefined) {
      // drizzle writes nothing for an undefined chunk.
    } else if (
      chunk === null ||
      typeof chunk === 'string' ||
      typeof chunk === 'number' ||
      typeof chunk === 'boolean' ||
      typeof chunk === 'bigint' ||
      chunk instanceof Date
    ) {
      out.params.push(chunk);
      out.sql += `$${out.params.length}`;
    } else {
      return OTHER;
    }
  }
  return undefined;
}

/**
 * The text and values of a statement written with drizzle's `sql` template (text, nested
 * templates, `sql.raw`, `sql.join`, plain values), built in one pass; null when it holds anything
 * else (a column, a table, a placeholder, a list, an inlined value), which drizzle builds.
 *
 * The same text and values as `dialect.sqlToQuery` (sql-text.test.ts compares them on every report
 * statement shape): drizzle's builder checks each chunk against a dozen classes and merges a result
 * object per chunk, a seventh of the server's JavaScript on the quick dashboard's call, whose
 * statements nest the rollups' sources in a few hundred chunks.
 */
export function sqlText(query: SQL): BuiltQuery | null {
  if (inlines(query)) return null;
  const out: BuiltQuery = { sql: '', params: [] };
  return append(query.queryChunks, out) === OTHER ? null : out;
}

/**
 * Makes a drizzle database build its `sql` statements with sqlText, and the rest (the query
 * builders' statements) as before. The dialect is the database's and its transactions'.
 */
export function useSqlText(db: unknown) {
  const dialect = (db as { dialect: { sqlToQuery(q: SQL, invokeSource?: unknown): BuiltQuery } }).dialect;
  const drizzleBuild = dialect.sqlToQuery.bind(dialect);
  dialect.sqlToQuery = (q: SQL, invokeSource?: unknown) =>
    (invokeSource === undefined ? sqlText(q) : null) ?? drizzleBuild(q, invokeSource);
}
