import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, openDatabase } from '../server/src/core/db/client';

/** The PostgreSQL server of the benchmarks (a database of its own is created on it and dropped). */
export const BENCH_DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

export type BenchDb = 'postgres' | 'pglite';

export async function postgresReachable() {
  const c = new pg.Client({ connectionString: BENCH_DATABASE_URL, connectionTimeoutMillis: 3000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

/**
 * A fresh, migrated database: on PostgreSQL `pulsera_bench_<random>` (dropped on close), or an
 * embedded PGlite in a temporary folder (removed on close), as the console runs without DATABASE_URL.
 */
/** A bench database, with the address of its PostgreSQL database (for bare clients). */
export type BenchDatabase = Database & { url?: string };

export async function openBenchDatabase(
  kind: BenchDb,
  opts: { keep?: boolean; reuse?: string } = {},
): Promise<BenchDatabase & { name?: string }> {
  if (kind === 'pglite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pulsera-bench-'));
    const db = await openDatabase({ databaseUrl: null, dataDir: dir });
    return {
      ...db,
      close: async () => {
        await db.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  // `reuse`: a database a run kept (`keep`), opened as it is (migrated up to now) and never dropped.
  if (opts.reuse && !/^pulsera_bench_[0-9a-f]{8}$/.test(opts.reuse))
    throw new Error(`${opts.reuse} is not a bench database (pulsera_bench_<8 hex digits>)`);
  const name = opts.reuse ?? `pulsera_bench_${randomBytes(4).toString('hex')}`;
  const keep = Boolean(opts.keep || opts.reuse);
  if (!opts.reuse) {
    const admin = new pg.Client({ connectionString: BENCH_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
  }
  const url = new URL(BENCH_DATABASE_URL);
  url.pathname = `/${name}`;
  try {
    const db = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
    return {
      ...db,
      name,
      url: url.toString(),
      close: async () => {
        await db.close();
        if (!keep) await dropDatabase(name);
      },
    };
  } catch (e) {
    if (!keep) await dropDatabase(name);
    throw e;
  }
}

async function dropDatabase(name: string) {
  const c = new pg.Client({ connectionString: BENCH_DATABASE_URL });
  await c.connect();
  await c.query(`drop database if exists ${name} with (force)`);
  await c.end();
}
