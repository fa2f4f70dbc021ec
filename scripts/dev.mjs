#!/usr/bin/env node
// npm run dev: the API (tsx watch) on 8080, and Vite with hot reload for the console on 5173 and for
// the attendee portal on 5174 (http://localhost:5174/portal/sonora-2026); both proxy /api.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (n) => path.join(root, 'node_modules/.bin', n);
const children = [
  spawn(bin('tsx'), ['watch', 'server/src/main.ts'], { cwd: root, stdio: 'inherit' }),
  spawn(bin('vite'), [], { cwd: path.join(root, 'console'), stdio: 'inherit' }),
  spawn(bin('vite'), [], { cwd: path.join(root, 'portal'), stdio: 'inherit' }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
