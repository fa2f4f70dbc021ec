/**
 * Once per `vitest run` (server project), before any test file: the migrated empty database every
 * test file starts from, so no file runs the migrations again.
 * - PGlite (no DATABASE_URL): a dump of a migrated in-memory PGlite's data folder, cached in
 *   node_modules/.cache/pulsera-test-db under the hash of the migrations and the PGlite version
 *   (a later run with the same migrations reuses it). Each file loads it into a PGlite of its own.
 * - PostgreSQL (DATABASE_URL): a template database of this run, migrated once; each file creates
 *   its database as a copy of it (`create database … template …`), and the template is dropped at
 *   the end. Its name is unique per run: the server is shared by every test run on the machine.
 * The test files receive where it is through `inject` (server/test/helper.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { REPO_ROOT } from '../src/core/config';
import { MIGRATIONS_FOLDER, openDatabase } from '../src/core/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The file of the migrated PGlite data folder's dump ('' when the files run on PostgreSQL). */
    pgliteDump: string;
    /** The migrated template database of this run on DATABASE_URL's server ('' on PGlite). */
    pgTemplate: string;
  }
}

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]))
    .sort();
}

/** The hash of what the migrated database depends on: every migration file and PGlite's version. */
function migrationsHash() {
  const hash = createHash('sha256');
  const pglite = JSON.parse(
    readFileSync(path.join(REPO_ROOT, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'),
  ) as { version: string };
  hash.update(`pglite ${pglite.version}\n`);
  for (const file of files(MIGRATIONS_FOLDER)) {
    hash.update(path.relative(MIGRATIONS_FOLDER, file));
    hash.update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

async function pgliteDump() {
  const dir = path.join(REPO_ROOT, 'node_modules/.cache/pulsera-test-db');
  const file = path.join(dir, `migrated-${migrationsHash()}.tar`);
  if (existsSync(file)) return file;
  const started = Date.now();
  const database = await openDatabase({ databaseUrl: null, dataDir: 'memory://' });
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  mkdirSync(dir, { recursive: true });
  // Written aside, then renamed: a run reading the cache never sees half a file.
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  console.log(
    `Migrated test database built in ${Date.now() - started} ms: ${path.relative(REPO_ROOT, file)}`,
  );
  return file;
}

async function onServer(url: string, statement: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (!url) {
    project.provide('pgliteDump', await pgliteDump());
    project.provide('pgTemplate', '');
    return;
  }
  const started = Date.now();
  const name = `pulsera_tpl_${process.pid}_${randomBytes(4).toString('hex')}`;
  await onServer(url, `create database ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: u.toString(), dataDir: '' });
  await database.close();
  console.log(`Migrated template database ${name} built in ${Date.now() - started} ms`);
  project.provide('pgliteDump', '');
  project.provide('pgTemplate', name);
  return async () => {
    await onServer(url, `drop database if exists ${name} with (force)`);
  };
}
