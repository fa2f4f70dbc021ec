import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { E2E_DATA_DIR } from './tests/data-dir';

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
const port = Number(process.env.E2E_PORT ?? 8181);

export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'en-GB',
    timezoneId: 'Europe/Madrid',
    acceptDownloads: true,
    trace: 'off',
    launchOptions:
      CHROMIUM.path && existsSync(CHROMIUM.path)
        ? { executablePath: CHROMIUM.path, args: CHROMIUM.args }
        : {},
  },
  webServer: {
    command: 'node ../scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { E2E_PORT: String(port), E2E_DATA_DIR },
  },
});
