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
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      './web/vitest.config.ts',
    ],
  },
});
