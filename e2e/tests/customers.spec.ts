import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { openActiveEvent } from './helpers';

test('finds a customer, opens every tab and downloads the extract', async ({ page }) => {
  await openActiveEvent(page, 'ops@demo.test');
  await page.getByTestId('nav-customers').click();
  // No field filled: no search.
  await page.getByTestId('customers-search-submit').click();
  await expect(page.getByTestId('customers-search-needs-field')).toBeVisible();

  await page.getByTestId('customers-search-name').fill('elena');
  await page.getByTestId('customers-search-submit').click();
  const rows = page.getByTestId('customers-results').locator('tbody tr');
  await expect(rows.first()).toContainText(/Elena/i);
  await rows.first().click();
  await expect(page.getByTestId('customers-detail')).toBeVisible();

  for (const tab of ['general', 'features', 'online', 'summary', 'access']) {
    await page.getByTestId(`customers-tab-${tab}`).click();
    await expect(page.getByTestId(`customers-panel-${tab}`)).toBeVisible();
  }
  await page.getByTestId('customers-tab-summary').click();
  await expect(page.getByTestId('customers-extract')).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('customers-extract-download').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^extract-.+\.xlsx$/);
  expect((await readFile((await download.path())!)).subarray(0, 2).toString()).toBe('PK');
});

test('a user without refund editing cannot edit a refund', async ({ page }) => {
  await openActiveEvent(page, 'ops@demo.test');
  await page.getByTestId('nav-customers').click();
  await page.getByTestId('customers-search-iban').fill('ES91 2100 0418 4502 0005 1332');
  await page.getByTestId('customers-search-submit').click();
  await page.getByTestId('customers-results').locator('tbody tr').first().click();
  await page.getByTestId('customers-tab-online').click();
  await expect(page.getByTestId('customers-refund')).toBeVisible();
  await expect(page.getByTestId('customers-refund-edit')).toHaveCount(0);
});
