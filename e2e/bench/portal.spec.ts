import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

/**
 * The attendee portal's first load (issue 28): the JavaScript a phone fetches before the festival's
 * sign-in page shows, in gzip bytes (each script compressed as the server's .gz copy is, level 9).
 * Budget: 100 KB. Printed as `portal: …` (npm run bench prints it too).
 */
export const PORTAL_BUDGET = 100 * 1024;

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

test('the portal first load stays within its JavaScript budget', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  const sizes = new Map<string, Promise<number>>();
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (!url.pathname.endsWith('.js') || sizes.has(url.pathname)) return;
    sizes.set(
      url.pathname,
      res.body().then((b) => gzipSync(b, { level: 9 }).length),
    );
  });
  const started = Date.now();
  await page.goto('/portal/sonora-2026');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  const shownMs = Date.now() - started;
  await page.waitForLoadState('networkidle');
  let total = 0;
  for (const size of sizes.values()) total += await size;
  await context.close();
  console.log(
    `portal: first load ${kb(total)} of JavaScript in ${sizes.size} files (budget ${kb(PORTAL_BUDGET)}), sign-in page shown in ${shownMs} ms`,
  );
  expect(total, 'portal first load JavaScript (gzip)').toBeLessThanOrEqual(PORTAL_BUDGET);
});
