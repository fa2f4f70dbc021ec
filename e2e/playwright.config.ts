import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { dataDirFor } from './tests/data-dir';

/**
 * Browser tests in Chromium, never downloaded at run time:
 * - `CHROMIUM_PATH`, when set, names a Chromium or Chrome binary to use (any platform);
 * - otherwise the Chromium that npm installed with `@sparticuz/chromium` (Linux x64; its binary ships
 *   inside the package and is unpacked into the temporary folder on first use).
 * A missing browser fails the run with what to do (global-setup.ts); it never skips.
 */
const SPARTICUZ_DROPPED = new Set([
  // Its AWS Lambda defaults that would hide what a user's browser enforces, or make runs fragile.
  '--disable-web-security',
  '--allow-running-insecure-content',
  '--single-process',
  '--no-zygote',
]);

async function browser(): Promise<{ path: string; args: string[]; source: string }> {
  const common = [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ];
  if (process.env.CHROMIUM_PATH)
    return { path: process.env.CHROMIUM_PATH, args: common, source: 'CHROMIUM_PATH' };
  if (process.platform === 'linux' && process.arch === 'x64') {
    const { default: sparticuz } = await import('@sparticuz/chromium');
    const path = await sparticuz.executablePath();
    const args = sparticuz.args.filter((a) => !SPARTICUZ_DROPPED.has(a) && !a.startsWith('--headless'));
    return { path, args: [...new Set([...args, ...common])], source: '@sparticuz/chromium' };
  }
  return { path: '', args: common, source: 'none' };
}

export const CHROMIUM = await browser();

/**
 * The suite runs on two servers at once (a machine of 2 cores sat half idle with one), each a
 * project of its own: its port (E2E_PORT and the next), its data folder, its demo festival, and a
 * fixed share of the spec folders run one file at a time in name order, so that a spec meets the
 * same data in every run. The shares were balanced by the time their specs took on one server
 * (306 and 310 s of 615 s, session 19). `E2E_SERVERS=1` runs every folder on one server.
 */
const SHARES = [
  ['terminals', 'venue', 'settings', 'catalogue'],
  ['access', 'app', 'customers', 'events', 'integrations', 'reports'],
];
const basePort = Number(process.env.E2E_PORT ?? 8181);
const servers = process.env.E2E_SERVERS === '1' ? 1 : SHARES.length;
const projects = Array.from({ length: servers }, (_, i) => {
  const folders = servers === 1 ? SHARES.flat() : SHARES[i];
  return { name: `server ${i + 1}`, port: basePort + i, folders };
});

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: projects.length,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    locale: 'en-GB',
    timezoneId: 'Europe/Madrid',
    acceptDownloads: true,
    trace: 'off',
    launchOptions:
      CHROMIUM.path && existsSync(CHROMIUM.path)
        ? { executablePath: CHROMIUM.path, args: CHROMIUM.args }
        : {},
  },
  projects: projects.map((p) => ({
    name: p.name,
    testMatch: p.folders.map((folder) => `${folder}/**/*.spec.ts`),
    workers: 1,
    use: { baseURL: `http://127.0.0.1:${p.port}` },
  })),
  // Started one after the other: the first builds the apps when they are stale (scripts/start.mjs),
  // the next finds them built.
  webServer: projects.map((p) => ({
    name: p.name,
    command: 'node ../scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${p.port}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
    env: { E2E_PORT: String(p.port), E2E_DATA_DIR: dataDirFor(p.port) },
  })),
});
