import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { controlSocketPath } from './control-socket';

/**
 * Backup and restore (npm run backup, npm run restore; docs/decisions/platform.md "Backup"):
 * - the embedded database (PGlite): the running server writes the copy (control-socket.ts), this side
 *   asks for it and keeps it in a file; restore unpacks it into a new data folder;
 * - a PostgreSQL server (DATABASE_URL): pg_dump's custom format, pg_restore into an empty database.
 */

/** `backups/pulsera-20261128-145500.<ext>` under `dir`. */
export function defaultBackupFile(dir: string, ext: string) {
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return path.join(dir, 'backups', `pulsera-${stamp}.${ext}`);
}

/** Writes `data` to `file` through a temporary name, so a half-written backup never carries the name. */
function writeWhole(file: string, data: Buffer) {
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  writeFileSync(partial, data, { mode: 0o600 });
  renameSync(partial, file);
}

/** Asks the server serving DATA_DIR for a copy of its embedded database; answers its size. */
export function backupEmbedded(dataDir: string, file: string): Promise<number> {
  const socketPath = controlSocketPath(dataDir);
  if (!existsSync(socketPath))
    return Promise.reject(
      new Error(
        `No server is running on ${dataDir} (no ${socketPath}). Start it (npm start), or, with the server stopped, copy the folder ${dataDir} as it is.`,
      ),
    );
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect({ path: socketPath }, () => socket.write('backup\n'));
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('end', () => {
      const all = Buffer.concat(chunks);
      const eol = all.indexOf(10);
      const head = all.subarray(0, eol < 0 ? all.length : eol).toString('utf8');
      const m = /^ok (\d+)$/.exec(head);
      if (!m) return reject(new Error(`The server refused the backup: ${head.replace(/^error /, '')}`));
      const data = all.subarray(eol + 1);
      if (data.length !== Number(m[1]))
        return reject(new Error(`The backup arrived incomplete (${data.length} of ${m[1]} bytes)`));
      writeWhole(file, data);
      resolve(data.length);
    });
  });
}

/** A folder that does not exist or is empty (a restore never writes over data). */
function assertNewFolder(dir: string) {
  if (existsSync(dir) && readdirSync(dir).length > 0)
    throw new Error(`${dir} is not empty: restore into a new data folder`);
}

/** Unpacks an embedded backup into a new data folder (its `pglite` folder) and checks it opens. */
export async function restoreEmbedded(file: string, dataDir: string) {
  assertNewFolder(dataDir);
  mkdirSync(dataDir, { recursive: true });
  const blob = new Blob([readFileSync(file)]);
  const client = new PGlite(path.join(dataDir, 'pglite'), { loadDataDir: blob, extensions: { pg_trgm } });
  try {
    const res = await client.query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables where table_schema = 'public'`,
    );
    if (!res.rows[0]?.n) throw new Error(`${file} holds no Pulsera tables`);
    return { tables: res.rows[0].n };
  } catch (err) {
    await client.close().catch(() => undefined);
    rmSync(path.join(dataDir, 'pglite'), { recursive: true, force: true });
    throw err;
  } finally {
    if (!client.closed) await client.close();
  }
}

/**
 * A PostgreSQL client program (pg_dump, pg_restore) with the connection's password in its environment
 * rather than on its command line (which other users of the machine can read).
 */
function runPgTool(tool: string, args: string[], url: string) {
  const u = new URL(url);
  const env = { ...process.env };
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  u.password = '';
  const r = spawnSync(tool, [...args, `--dbname=${u.toString()}`], { env, encoding: 'utf8' });
  if (r.error && (r.error as NodeJS.ErrnoException).code === 'ENOENT')
    throw new Error(
      `${tool} is not installed. Install the PostgreSQL client programs (the server's major version or newer), e.g. apt-get install postgresql-client.`,
    );
  if (r.status !== 0) throw new Error(`${tool} failed (${r.status}): ${(r.stderr || r.stdout || '').trim()}`);
  return r;
}

/** pg_dump of the database at `url` in the custom format (one consistent snapshot). */
export function backupPostgres(url: string, file: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  runPgTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${partial}`], url);
  renameSync(partial, file);
}

/** pg_restore of a pg_dump file into the empty database at `url`, all or nothing. */
export async function restorePostgres(file: string, url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const res = await c.query(
      `select count(*)::int as n from information_schema.tables where table_schema in ('public', 'pgboss', 'drizzle')`,
    );
    if (res.rows[0].n > 0) throw new Error('The database is not empty: restore into a new database');
  } finally {
    await c.end();
  }
  runPgTool(
    'pg_restore',
    ['--exit-on-error', '--single-transaction', '--no-owner', '--no-privileges', file],
    url,
  );
}
