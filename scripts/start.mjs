#!/usr/bin/env node
// npm start: build the console, the terminal, the attendee portal and the server when missing or older
// than their sources, then serve them with `node` running the compiled server (server/dist/main.js).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newest(dir) {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = path.join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}

for (const app of ['console', 'terminal', 'portal']) {
  const built = path.join(root, app, 'dist/index.html');
  const sources = Math.max(newest(path.join(root, app)), newest(path.join(root, 'contracts/src')));
  if (!existsSync(built) || statSync(built).mtimeMs < sources) {
    console.log(`Building the ${app}…`);
    const r = spawnSync('npm', ['run', 'build', '-w', app], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
}

const serverJs = path.join(root, 'server/dist/main.js');
const serverSources = Math.max(
  newest(path.join(root, 'server/src')),
  newest(path.join(root, 'contracts/src')),
);
if (!existsSync(serverJs) || statSync(serverJs).mtimeMs < serverSources) {
  const { buildServer } = await import('./build-server.mjs');
  console.log(`Built the server in ${await buildServer()} ms`);
}

const child = spawn(process.execPath, ['--enable-source-maps', serverJs], { cwd: root, stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
