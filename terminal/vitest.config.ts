import { defineProject } from 'vitest/config';

/** The terminal's unit tests: IndexedDB through fake-indexeddb, in Node. */
export default defineProject({
  test: {
    name: 'terminal',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'node',
    setupFiles: ['fake-indexeddb/auto'],
  },
});
