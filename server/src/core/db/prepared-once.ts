import type { Executor } from './client';

const built = new WeakMap<Executor, Map<string, unknown>>();

/**
 * A drizzle query built once per database (or transaction) and name, then run with `.execute(values)`:
 * `build` returns `….prepare(name)` with `sql.placeholder(…)` where the values go. Building a select
 * (its columns, conditions and order as SQL text) was a third of the server's own CPU on a small list
 * call, and on PostgreSQL the named statement is also parsed once per connection. A query whose shape
 * varies (optional filters) takes one name per shape, so a name always carries the same text.
 * Only for statements whose plan holds as tables grow (see executePrepared in client.ts).
 */
export function preparedOnce<Q>(db: Executor, name: string, build: () => Q): Q {
  const byName = built.get(db) ?? new Map<string, unknown>();
  built.set(db, byName);
  if (!byName.has(name)) byName.set(name, build());
  return byName.get(name) as Q;
}
