import type { PlaywrightTestConfig } from '@playwright/test';
import config from './playwright.config';

/**
 * The browser measurements of `npm run bench` (e2e/bench/): the same console and Chromium as the
 * browser tests, a folder of its own so that `npm test` does not run them. One server and one
 * worker: the browser tests' first project (its port, data folder and web server) running every
 * measurement of the folder, one at a time, on a machine otherwise left to it.
 */
const [project] = config.projects ?? [];
const servers = [config.webServer ?? []].flat();
const bench: PlaywrightTestConfig = {
  ...config,
  testDir: './bench',
  workers: 1,
  projects: [{ ...project, testMatch: '**/*.spec.ts' }],
  webServer: servers.slice(0, 1),
};
export default bench;
