import type { Executor } from './client';

const built = new WeakMap<Executor, Map<string, unknown>>();
/** The code that claimed each name: two different queries under one name would clash on a connection. */
const owners = new Map<string, string>();

/**
 * A drizzle query built once per database (or transaction) and name, then run with `.execute(values)`:
 * `build` returns `….prepare(name)` with `sql.placeholder(…)` where the values go. Building a select
 * (its columns, conditions and order as SQL text) and mapping wide rows was a third of the server's own
 * CPU on a small list call, and on PostgreSQL the named statement is also parsed once per connection.
 * A query whose shape varies (optional filters) takes one name per shape, so a name always carries the
 * same text; a name claimed by two builders of different source text throws at once (two copies of one
 * builder that capture different values are not told apart: their name must say the difference).
 * Only for statements whose plan holds as tables grow (see executePrepared in client.ts).
 */
export function preparedOnce<Q>(db: Executor, name: string, build: (name: string) => Q): Q {
  const byName = built.get(db) ?? new Map<string, unknown>();
  if (!built.has(db)) built.set(db, byName);
  if (!byName.has(name)) {
    const owner = build.toString();
    if ((owners.get(name) ?? owner) !== owner) throw new Error(`Prepared query name ${name} is taken.`);
    owners.set(name, owner);
    byName.set(name, build(name));
  }
  return byName.get(name) as Q;
}
