import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type ExtractTablesWithRelations, type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { REPO_ROOT } from '../config';
import * as schema from './schema';
import { useSqlText } from './sql-text';

export type Schema = typeof schema;
/** One type for both drivers: repositories never know which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A repository accepts the database or a transaction. */
export type Executor = Db | Tx;

/** Statement texts run as named prepared statements so far (at most PREPARED_MAX per process). */
const prepared = new Set<string>();
const PREPARED_MAX = 24;

/**
 * Runs a statement as a named prepared statement: PostgreSQL parses and plans it once per connection
 * and then reuses its plan until the statistics of its tables change. Only for statements whose plans
 * cannot go wrong as tables grow (rows found by primary key or through a unique index one key at a
 * time, inserts): a generic plan may be chosen while a table is still small.
 * The name is the hash of the text, so a name always carries the same text; past PREPARED_MAX
 * distinct texts in a process (each connection keeps every statement it prepared), a statement runs
 * unnamed. PGlite runs every statement unnamed.
 */
export function executePrepared(db: Executor, query: SQL): Promise<{ rows: Record<string, unknown>[] }> {
  const { dialect, session } = db as unknown as {
    dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } };
    session: {
      prepareQuery(
        q: { sql: string; params: unknown[] },
        fields: undefined,
        name: string | undefined,
        arrayMode: boolean,
      ): { execute(): Promise<{ rows: Record<string, unknown>[] }> };
    };
  };
  const built = dialect.sqlToQuery(query);
  const name = `p_${createHash('sha1').update(built.sql).digest('base64url').slice(0, 24)}`;
  if (!prepared.has(name) && prepared.size < PREPARED_MAX) prepared.add(name);
  return session.prepareQuery(built, undefined, prepared.has(name) ? name : undefined, false).execute();
}

/** Rows as the drizzle drivers answer them: timestamps, dates and intervals stay text. */
const keepAsText = new Set([1082, 1083, 1114, 1115, 1182, 1184, 1185, 1186, 1187, 1231]);
const pgTypes = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    keepAsText.has(oid) ? (v: string) => v : pg.types.getTypeParser(oid, format),
};

/** node-postgres's own conversion of a parameter to its text (arrays, dates, buffers, objects). */
const { prepareValue } = (pg as unknown as { utils: { prepareValue(v: unknown): string | null } }).utils;

/**
 * A parameter as an SQL literal, for a statement sent with the simple protocol. The literal is
 * untyped (`E'…'`), so it takes the type PostgreSQL inferred for the parameter, as a bound value does.
 */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  const text = prepareValue(value);
  if (text === null) return 'NULL';
  const s = typeof text === 'string' ? text : String(text);
  // A NUL would end the message's text early; inputs are refused before they get here.
  if (s.includes('\0')) throw new Error('A statement parameter holds a NUL character.');
  return `E'${s.replace(/['\\]/g, '$&$&')}'`;
}

/** foldedTransaction's transaction object of each connection. */
const transactions = new WeakMap<pg.PoolClient, Tx>();

/** The SQL-level prepared statements of each connection (`PREPARE`, named like executePrepared's). */
const sqlPrepared = new WeakMap<pg.PoolClient, Set<string>>();

function preparedOn(client: pg.PoolClient) {
  const known = sqlPrepared.get(client) ?? new Set<string>();
  sqlPrepared.set(client, known);
  return known;
}

/**
 * `PREPARE`/`EXECUTE` text of a statement on one connection: the `PREPARE` only the first time (and
 * a `DEALLOCATE` after it when the process already keeps PREPARED_MAX texts).
 */
function executeText(
  client: pg.PoolClient,
  built: { sql: string; params: unknown[] },
  /** Names this message prepares already (the same statement twice in one message). */
  preparing: Set<string>,
) {
  // A hex name: an SQL identifier needs no quoting.
  const name = `s_${createHash('sha1').update(built.sql).digest('hex').slice(0, 32)}`;
  if (!prepared.has(name) && prepared.size < PREPARED_MAX) prepared.add(name);
  const kept = prepared.has(name);
  const known = preparedOn(client);
  const args = built.params.length ? `(${built.params.map(literal).join(', ')})` : '';
  const execute = `execute ${name}${args}`;
  // `statements`: how many the text holds; the EXECUTE's answer is its last but `after`.
  if (known.has(name) || preparing.has(name))
    return { name, text: execute, prepares: false, statements: 1, after: 0 };
  const prepare = `prepare ${name} as ${built.sql}`;
  if (!kept)
    return {
      name,
      text: `${prepare}; ${execute}; deallocate ${name}`,
      prepares: false,
      statements: 3,
      after: 1,
    };
  preparing.add(name);
  return { name, text: `${prepare}; ${execute}`, prepares: true, statements: 2, after: 0 };
}

/**
 * A transaction whose first statement travels with its BEGIN and whose last statements travel with
 * its COMMIT: on PostgreSQL, `begin; execute first(…)` and `execute last(…); commit` are each one
 * round trip (simple protocol, statements prepared once per connection with SQL `PREPARE`, their
 * parameters sent as literals). `first` may be a list of statements sent together (each planned when
 * the one before has run, so a setting the first makes holds for the next). `body` gets the first
 * statement's rows (and every first statement's) and must call `finish` last:
 * nothing may run in the transaction after it. Without a `finish` call, the transaction commits on
 * its own. An error rolls the transaction back. On PGlite, an ordinary transaction (no round trips).
 * The statements are prepared, so the same care applies as for executePrepared.
 */
export async function foldedTransaction<T>(
  db: Db,
  first: SQL | SQL[],
  body: (
    tx: Executor,
    firstRows: Record<string, unknown>[],
    /** Runs the last statements with the COMMIT; answers each one's rows. */
    finish: (...last: SQL[]) => Promise<Record<string, unknown>[][]>,
    /** The rows of each of the first statements, when `first` is a list. */
    allFirstRows: Record<string, unknown>[][],
  ) => Promise<T>,
): Promise<T> {
  const firsts = Array.isArray(first) ? first : [first];
  const { dialect, session } = db as unknown as {
    dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } };
    session: { client: unknown; schema: unknown; options: unknown };
  };
  if (!(session.client instanceof pg.Pool)) {
    return db.transaction(async (tx) => {
      const opened: Record<string, unknown>[][] = [];
      for (const statement of firsts) opened.push((await executePrepared(tx, statement)).rows);
      return body(
        tx,
        opened[0]!,
        async (...last) => {
          const answers: Record<string, unknown>[][] = [];
          for (const statement of last) answers.push((await executePrepared(tx, statement)).rows);
          return answers;
        },
        opened,
      );
    });
  }
  const client = await session.client.connect();
  let tx = transactions.get(client);
  if (!tx) {
    // Built once per connection: a transaction object builds the query helpers of every table.
    const Session = NodePgSession as unknown as new (...a: unknown[]) => unknown;
    const Transaction = NodePgTransaction as unknown as new (...a: unknown[]) => Tx;
    tx = new Transaction(
      dialect,
      new Session(client, dialect, session.schema, session.options),
      session.schema,
    );
    transactions.set(client, tx);
  }
  let finished = false;
  let pending: string[] = [];
  /**
   * Runs statements as one message (after `begin` or before `commit`), answering each statement's
   * rows; the names it prepares count only once it succeeded.
   */
  const run = async (statements: SQL[], begin: boolean, commit: boolean) => {
    const preparing = new Set<string>();
    const parts = statements.map((q) => executeText(client, dialect.sqlToQuery(q), preparing));
    const text = [begin ? 'begin' : '', ...parts.map((p) => p.text), commit ? 'commit' : '']
      .filter(Boolean)
      .join('; ');
    pending = parts.filter((p) => p.prepares).map((p) => p.name);
    const answer = (await client.query({ text, types: pgTypes })) as unknown as
      | pg.QueryResult
      | pg.QueryResult[];
    const results = Array.isArray(answer) ? answer : [answer];
    for (const name of pending) preparedOn(client).add(name);
    pending = [];
    let at = begin ? 1 : 0;
    return parts.map((p) => {
      at += p.statements;
      return results[at - 1 - p.after]!.rows as Record<string, unknown>[];
    });
  };
  try {
    const opened = await run(firsts, true, false);
    const result = await body(
      tx,
      opened[0]!,
      async (...last) => {
        finished = true;
        return run(last, false, true);
      },
      opened,
    );
    if (!finished) await client.query('commit');
    client.release();
    return result;
  } catch (error) {
    try {
      await client.query('rollback');
      // A statement prepared in a message that failed may exist or not: ask.
      if (pending.length) {
        const res = await client.query('select name from pg_prepared_statements where name = any($1)', [
          pending,
        ]);
        for (const { name } of res.rows as { name: string }[]) preparedOn(client).add(name);
      }
      client.release();
    } catch (lost) {
      client.release(lost as Error);
    }
    throw error;
  }
}

export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  close(): Promise<void>;
}

/**
 * The audit trail's row trigger on every table that has none yet (a table added by a later migration
 * is audited from its first start; migration `audit_triggers` lists the tables left out).
 */
async function attachAuditTriggers(db: Db) {
  await db.execute(sql`select audit_attach_all()`);
}

/**
 * Migrations under the owner role (MIGRATION_DATABASE_URL), then the server's role (the `pool`'s)
 * gets what it needs and no more: reading and writing the tables, only reading and appending to the
 * audit trail (audit_log, audit_changes). It owns no table, so it can neither disable their triggers
 * nor truncate them; it is no superuser, so it cannot set session_replication_role. It may create a
 * schema: the job queue's (pgboss), whose tables pg-boss creates and alters itself.
 */
async function migrateAsOwner(ownerUrl: string, pool: pg.Pool) {
  const owner = new pg.Pool({ connectionString: ownerUrl, max: 1 });
  try {
    const app = (await pool.query('select current_user as u')).rows[0].u as string;
    const ownerRole = (await owner.query('select current_user as u')).rows[0].u as string;
    const db = drizzlePg(owner, { schema });
    await migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
    await attachAuditTriggers(db as unknown as Db);
    if (app === ownerRole) return;
    const r = pg.escapeIdentifier(app);
    await owner.query(`
      grant usage on schema public to ${r};
      grant select, insert, update, delete on all tables in schema public to ${r};
      grant usage, select on all sequences in schema public to ${r};
      revoke update, delete, truncate, references, trigger on audit_log, audit_changes from ${r};
    `);
    // pg-boss creates its own schema (pgboss) and tables: the server's role may create a schema.
    const dbName = (await owner.query('select current_database() as d')).rows[0].d as string;
    await owner.query(`grant create on database ${pg.escapeIdentifier(dbName)} to ${r}`);
  } finally {
    await owner.end();
  }
}

export const MIGRATIONS_FOLDER = path.join(REPO_ROOT, 'server/drizzle');

/**
 * DATABASE_URL set: PostgreSQL through `pg`. Otherwise embedded PGlite, persisted in `dataDir`
 * (or in memory when dataDir is 'memory://'). Migrations run before the database is handed out (the
 * migrator skips those already applied). `loadDataDir`: an in-memory PGlite starts from that dump
 * of a data folder (PGlite's `dumpDataDir`) instead of an empty cluster (the tests' migrated copy).
 */
export async function openDatabase(opts: {
  databaseUrl: string | null;
  dataDir: string;
  loadDataDir?: Blob;
  /** false: the migrations ran already (main.ts's workers: their primary ran them before forking). */
  migrate?: boolean;
  /** The owner role's address: the migrations run as it, then grant DATABASE_URL's role its rights. */
  migrationDatabaseUrl?: string | null;
}): Promise<Database> {
  if (opts.databaseUrl) {
    // No JIT compilation (a startup option of each connection): the reports are short statements whose
    // estimates, over an event of twenty million operations, pass jit_above_cost; compiling them took
    // 15–25 ms (more under load) and saved less (docs/decisions/reports.md, 2026-11-29).
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10, options: '-c jit=off' });
    // An idle connection closed by the server (restart, failover, a dropped test database) must not
    // crash the process: the pool replaces it on the next query.
    pool.on('error', (err) => {
      if ((err as { code?: string }).code !== '57P01')
        console.error('PostgreSQL idle connection error:', err.message);
    });
    const db = drizzlePg(pool, { schema });
    useSqlText(db);
    if (opts.migrate !== false && opts.migrationDatabaseUrl) {
      await migrateAsOwner(opts.migrationDatabaseUrl, pool);
    } else if (opts.migrate !== false) {
      await migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
      await attachAuditTriggers(db as unknown as Db);
    }
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  let client: PGlite;
  // Contrib extensions the migrations create (pg_trgm: trigram indexes of the customer lookup).
  const extensions = { pg_trgm };
  if (opts.dataDir === 'memory://') {
    client = new PGlite({ extensions, ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}) });
  } else {
    const dir = path.join(opts.dataDir, 'pglite');
    mkdirSync(opts.dataDir, { recursive: true });
    client = new PGlite(dir, { extensions });
  }
  const db = drizzlePglite(client, { schema });
  useSqlText(db);
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  await attachAuditTriggers(db as unknown as Db);
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}
