import { randomBytes } from 'node:crypto';
import { defineConfig } from 'vitest/config';

/** Unit and API tests. Browser tests live in e2e/ and run with Playwright, never here. */
export default defineConfig({
  test: {
    // Vitest's default on `vitest run` is one worker less than the cores: on the 2-core CI machine
    // that is ONE file at a time, with the second core idle while PGlite (WASM, in the worker) or the
    // PostgreSQL server works. Two files at a time is race-free: each file has its own database (a
    // PGlite of its own, or a copy of the run's template on PostgreSQL), each listening server takes
    // port 0, and each file runs in a process of its own (forks), so env changes stay inside it.
    // `VITEST_MAX_WORKERS` (read by Vitest) or `--maxWorkers` overrides it.
    maxWorkers: 2,
    projects: [
      { test: { name: 'contracts', include: ['contracts/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts', 'server/test/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          // The migrated database every file starts from, built once per run (server/test/global-setup.ts).
          globalSetup: ['server/test/global-setup.ts'],
          // No secret lives in the source: each run signs with a random one (config.ts refuses none).
          // Test apps work no job queue unless a test starts one (JOB_WORKERS=0).
          env: {
            SESSION_SECRET: process.env.SESSION_SECRET || randomBytes(32).toString('hex'),
            JOB_WORKERS: '0',
            // The origin of the links the server writes (config.ts refuses none outside the demo).
            PUBLIC_URL: 'http://pulsera.test',
            // CI runs the suite in a zone other than UTC (.ci/run: SERVER_TEST_TZ=America/New_York).
            ...(process.env.SERVER_TEST_TZ ? { TZ: process.env.SERVER_TEST_TZ } : {}),
          },
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      './console/vitest.config.ts',
      './terminal/vitest.config.ts',
      { test: { name: 'portal', include: ['portal/src/**/*.test.ts'], environment: 'node' } },
    ],
  },
});
