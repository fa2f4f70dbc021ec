#!/usr/bin/env node
// Compiles the server to one JavaScript file, server/dist/main.js, that `node` runs without a
// TypeScript loader. Packages stay in node_modules; the workspace's own contracts (TypeScript
// sources) are compiled in.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const deps = (file) =>
  Object.keys(JSON.parse(readFileSync(path.join(root, file), 'utf8')).dependencies ?? {});
const external = [...new Set([...deps('server/package.json'), ...deps('contracts/package.json')])].filter(
  (d) => !d.startsWith('@pulsera/'),
);

export async function buildServer() {
  const started = Date.now();
  await build({
    entryPoints: [path.join(root, 'server/src/main.ts')],
    outfile: path.join(root, 'server/dist/main.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    external: [...external, ...external.map((d) => `${d}/*`)],
    // Packages written for CommonJS still find `require` inside the ES module.
    banner: {
      js: "import { createRequire as __pulseraRequire } from 'node:module'; const require = __pulseraRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  return Date.now() - started;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const ms = await buildServer();
  console.log(`Built server/dist/main.js in ${ms} ms`);
}
