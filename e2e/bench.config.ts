import config from './playwright.config';

/**
 * The browser measurements of `npm run bench` (e2e/bench/): the same console and Chromium as the
 * browser tests, a folder of its own so that `npm test` does not run them.
 */
export default { ...config, testDir: './bench' };
