#!/usr/bin/env node
// The console the browser tests run against: a fresh embedded database in a temporary folder, the
// demo festival, and one extra mega admin who must change the password at first sign-in.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// E2E_DATA_DIR (set by e2e/playwright.config.ts): a folder the specs know, so they can read the
// e-mails the server writes into its outbox (DATA_DIR/outbox). Emptied at start and removed at exit.
function dataFolder() {
  const given = process.env.E2E_DATA_DIR;
  if (!given) return mkdtempSync(path.join(os.tmpdir(), 'pulsera-e2e-'));
  rmSync(given, { recursive: true, force: true });
  mkdirSync(given, { recursive: true });
  return given;
}
const dataDir = dataFolder();
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  PORT: process.env.E2E_PORT ?? '8181',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  // The sales API browser test connects a platform on a local http port (e2e/tests/sales-api.spec.ts).
  INTEGRATIONS_ALLOW_HTTP: '1',
  // The browser tests' fake platforms listen on 127.0.0.1, and only there: any other address inside
  // the network is refused as in production (e2e/tests/integrations/ticket-api.spec.ts).
  INTEGRATIONS_ALLOW_PRIVATE_ADDRESSES: '127.0.0.1',
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
