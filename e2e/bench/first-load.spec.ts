import { gzipSync } from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';
import { signIn } from '../tests/helpers';

/**
 * The JavaScript a first visit needs (issue "Speed"): what the browser fetched before the sign-in
 * page showed, then before the first admin screen (the event chooser) showed, in gzip bytes (each
 * script compressed as the server's .gz copy is, level 9). Budgets: 200 KB and 300 KB (issue 31). The figures
 * are printed as `first load: …` (npm run bench prints them too).
 */
export const SIGN_IN_BUDGET = 200 * 1024;
export const FIRST_SCREEN_BUDGET = 300 * 1024;

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

function scriptsOf(page: Page) {
  const sizes = new Map<string, Promise<number>>();
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (!url.pathname.endsWith('.js') || sizes.has(url.pathname)) return;
    sizes.set(
      url.pathname,
      res.body().then((b) => gzipSync(b, { level: 9 }).length),
    );
  });
  return async () => {
    let total = 0;
    const list: string[] = [];
    for (const [path, size] of sizes) {
      const bytes = await size;
      total += bytes;
      list.push(`${path.replace(/^.*\//, '')} ${kb(bytes)}`);
    }
    return { total, files: sizes.size, list };
  };
}

test('the sign-in page and the first admin screen stay within their JavaScript budgets', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const measure = scriptsOf(page);

  await page.goto('/auth/login');
  await expect(page.getByLabel('E-mail')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const signInPage = await measure();

  await signIn(page, 'admin@demo.test');
  await expect(page.getByRole('heading', { name: 'Choose an event' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Sonora Festival 2026' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const firstScreen = await measure();
  await context.close();

  console.log(`sign-in page scripts: ${signInPage.list.join(', ')}`);
  console.log(`first admin screen scripts: ${firstScreen.list.join(', ')}`);
  console.log(
    `first load: sign-in page ${kb(signInPage.total)} of JavaScript in ${signInPage.files} files (budget ${kb(SIGN_IN_BUDGET)}); first admin screen ${kb(firstScreen.total)} in ${firstScreen.files} files (budget ${kb(FIRST_SCREEN_BUDGET)})`,
  );
  expect(signInPage.total, 'sign-in page JavaScript (gzip)').toBeLessThanOrEqual(SIGN_IN_BUDGET);
  expect(firstScreen.total, 'first admin screen JavaScript (gzip)').toBeLessThanOrEqual(FIRST_SCREEN_BUDGET);
});
