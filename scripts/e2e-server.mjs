#!/usr/bin/env node
// The console the browser tests run against: a fresh embedded database in a temporary folder, the
// demo festival, and one extra mega admin who must change the password at first sign-in.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// E2E_DATA_DIR (set by playwright.config.ts) lets a browser test reach the server's files (e.g. break
// the uploads folder so a job fails for real); it starts empty.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'pulsera-e2e-'));
if (process.env.E2E_DATA_DIR) {
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
}
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  PORT: process.env.E2E_PORT ?? '8181',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
};
delete env.DATABASE_URL;
const tsx = path.join(root, 'node_modules/.bin/tsx');
const created = spawnSync(
  tsx,
  [
    'server/src/scripts/create-admin.ts',
    '--email',
    'fresh@demo.test',
    '--name',
    'Fresh Admin',
    '--password',
    'Harbour-Lights-2026!',
  ],
  { cwd: root, env, stdio: 'inherit' },
);
if (created.status !== 0) process.exit(created.status ?? 1);
const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
  cwd: root,
  env,
  stdio: 'inherit',
});
const stop = (sig) => child.kill(sig);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => stop(sig));
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
