import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type ExtractTablesWithRelations, type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { REPO_ROOT } from '../config';
import * as schema from './schema';

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

export const MIGRATIONS_FOLDER = path.join(REPO_ROOT, 'server/drizzle');

/**
 * DATABASE_URL set: PostgreSQL through `pg`. Otherwise embedded PGlite, persisted in `dataDir`
 * (or in memory when dataDir is 'memory://'). Migrations run before the database is handed out.
 */
export async function openDatabase(opts: { databaseUrl: string | null; dataDir: string }): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection closed by the server (restart, failover, a dropped test database) must not
    // crash the process: the pool replaces it on the next query.
    pool.on('error', (err) => {
      if ((err as { code?: string }).code !== '57P01')
        console.error('PostgreSQL idle connection error:', err.message);
    });
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
    await attachAuditTriggers(db as unknown as Db);
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  let client: PGlite;
  // Contrib extensions the migrations create (pg_trgm: trigram indexes of the customer lookup).
  const extensions = { pg_trgm };
  if (opts.dataDir === 'memory://') {
    client = new PGlite({ extensions });
  } else {
    const dir = path.join(opts.dataDir, 'pglite');
    mkdirSync(opts.dataDir, { recursive: true });
    client = new PGlite(dir, { extensions });
  }
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  await attachAuditTriggers(db as unknown as Db);
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}
