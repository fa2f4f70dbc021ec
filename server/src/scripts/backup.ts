import path from 'node:path';
import { parseArgs } from 'node:util';
import { REPO_ROOT } from '../core/config';
import { backupEmbedded, backupPostgres, defaultBackupFile } from '../core/db/backup';

/**
 * npm run backup [-- <file>]
 * Embedded database (no DATABASE_URL): asks the server running on DATA_DIR for a consistent copy
 * (a .tar.gz of its data folder). PostgreSQL (DATABASE_URL): pg_dump in the custom format.
 * Default file: backups/pulsera-<UTC time>.tar.gz (or .dump). Holds the database only: keep
 * SESSION_SECRET / SECRETS_KEY (or DATA_DIR/session-secret in the demo) apart.
 */
const { positionals } = parseArgs({ allowPositionals: true, options: {} });
const cwd = process.env.INIT_CWD || process.cwd();
const url = process.env.DATABASE_URL || null;
const file = positionals[0]
  ? path.resolve(cwd, positionals[0])
  : defaultBackupFile(REPO_ROOT, url ? 'dump' : 'tar.gz');
try {
  const started = Date.now();
  if (url) {
    backupPostgres(url, file);
    console.log(`Backup of the PostgreSQL database written to ${file} in ${Date.now() - started} ms`);
  } else {
    const dataDir = path.resolve(REPO_ROOT, process.env.DATA_DIR || './data');
    const bytes = await backupEmbedded(dataDir, file);
    console.log(`Backup of ${dataDir} (${bytes} bytes) written to ${file} in ${Date.now() - started} ms`);
  }
} catch (err) {
  console.error(`Backup failed: ${(err as Error).message}`);
  process.exitCode = 1;
}
