import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'web', include: ['web/src/**/*.test.{ts,tsx}'], environment: 'jsdom', root: '..' },
});
