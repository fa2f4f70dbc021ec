import path from 'node:path';
import { parseArgs } from 'node:util';
import { restoreEmbedded, restorePostgres } from '../core/db/backup';

/**
 * npm run restore -- <file> [--data-dir <new folder>]
 * Embedded database (no DATABASE_URL): unpacks a backup of `npm run backup` into a new data folder
 * (default ./data-restored-<UTC time>; never an existing non-empty one); start the server on it with
 * DATA_DIR=<folder>. PostgreSQL (DATABASE_URL): pg_restore of a pg_dump file into that database,
 * which must be empty (create it first).
 */
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { 'data-dir': { type: 'string' } },
});
const cwd = process.env.INIT_CWD || process.cwd();
if (!positionals[0]) {
  console.error('Usage: npm run restore -- <backup file> [--data-dir <new data folder>]');
  process.exit(2);
}
const file = path.resolve(cwd, positionals[0]);
const url = process.env.DATABASE_URL || null;
try {
  const started = Date.now();
  if (url) {
    await restorePostgres(file, url);
    console.log(`Restored ${file} into the PostgreSQL database in ${Date.now() - started} ms`);
  } else {
    const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
    const dataDir = path.resolve(cwd, values['data-dir'] ?? `data-restored-${stamp}`);
    await restoreEmbedded(file, dataDir);
    console.log(
      `Restored ${file} into ${dataDir} in ${Date.now() - started} ms. Start the server on it with DATA_DIR=${dataDir} (and the same SESSION_SECRET / SECRETS_KEY).`,
    );
  }
} catch (err) {
  console.error(`Restore failed: ${(err as Error).message}`);
  process.exitCode = 1;
}
