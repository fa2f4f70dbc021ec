import { randomBytes } from 'node:crypto';
import { defineConfig } from 'vitest/config';

/** Unit and API tests. Browser tests live in e2e/ and run with Playwright, never here. */
export default defineConfig({
  test: {
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
