import { expect, type Page, test } from '@playwright/test';
import { type SalesPlatform, startSalesPlatform } from '../../../server/test/sales-platform';
import { expectSaved, openActiveEvent } from '../helpers';

/**
 * Sales API (admin/api-sales, permission api) against a sales platform on a local port (the same one
 * the API tests use): a finance officer connects the platform, authorises it (the platform's page
 * sends the browser straight back with a code), maps a bar to one of the platform's stores, sends
 * the last period and sees it sent in the history. A code the platform refuses shows the activation
 * error.
 */
let platform: SalesPlatform;

test.beforeAll(async () => {
  platform = await startSalesPlatform();
});
test.afterAll(async () => {
  await platform.close();
});

/** A schedule connected to the local platform, sent by hand (not pushed automatically). */
async function createSchedule(page: Page, name: string) {
  await page.goto('/admin/api-sales/schedules');
  await expect(page.getByRole('heading', { name: 'Sales API schedules' })).toBeVisible();
  await page.getByTestId('resource-new').click();
  await page.getByTestId('field-name').fill(name);
  await page.getByTestId('field-authorizeUrl').fill(`${platform.url}/authorize`);
  await page.getByTestId('field-tokenUrl').fill(`${platform.url}/oauth/token`);
  await page.getByTestId('field-apiBaseUrl').fill(`${platform.url}/api`);
  await page.getByTestId('field-clientId').fill(platform.clientId);
  await page.getByTestId('field-clientSecret').fill(platform.clientSecret);
  await page.getByTestId('field-scope').fill('sales:write stores:read');
  await page.getByLabel('Push automatically').uncheck();
  await page.getByTestId('resource-save').click();
  await expectSaved(page);
}

test('connect a platform, authorise it, map a bar to a store and push a period', async ({ page }) => {
  test.setTimeout(120_000);
  await openActiveEvent(page, 'admin@demo.test');
  await createSchedule(page, 'Bar POS');

  // The saved schedule stays open: its secret is kept, never shown; it is not authorised yet.
  const detail = page.getByTestId('resource-detail');
  await expect(detail.getByTestId('field-clientSecret')).toHaveValue('');
  await expect(detail.getByText('Stored. Leave empty to keep it')).toBeVisible();
  await expect(detail.getByTestId('sales-auth-status')).toHaveText('Not authorised');

  // To the platform and back: synchronization enabled.
  await detail.getByTestId('sales-authorize').click();
  await expect(page).toHaveURL(/\/auth\/enable-uber-auth\?code=/);
  await expect(page.getByTestId('sync-result')).toContainText('Synchronization enabled');
  await expect(page.getByTestId('sync-result')).toContainText('Bar POS');
  await page.getByTestId('sync-back').click();
  await expect(page).toHaveURL(/\/admin/);

  // Map the Main Bar to the platform's North bar (its stores are read from the platform).
  await page.goto('/admin/api-sales/locations');
  await expect(page.getByRole('heading', { name: 'Sales API locations' })).toBeVisible();
  await expect(page.getByTestId('sales-locations-schedule')).toHaveValue('Bar POS');
  const mainBar = page.locator('[data-testid^="sales-location-"]').filter({ hasText: 'Main Bar' });
  await mainBar.locator('[data-testid^="sales-store-"]').click();
  await page.getByRole('option', { name: 'North bar (store-north)' }).click();
  await page.getByTestId('sales-locations-save').click();
  await expectSaved(page);

  // Send the last period: it is pushed by the queue and shows as sent in the history.
  await page.goto('/admin/api-sales/schedules');
  await page.getByRole('cell', { name: 'Bar POS' }).click();
  await expect(detail.getByTestId('sales-auth-status')).toHaveText('Authorised');
  await detail.getByTestId('sales-send-last').click();
  await expect(page.getByText('The period is queued to be sent')).toBeVisible();
  const row = detail.getByTestId('sales-push-row').filter({ hasText: 'Main Bar' });
  await expect(row.getByTestId('sales-push-status')).toHaveText('Sent', { timeout: 45_000 });
  await expect(row).toContainText('store-north');
  const reports = [...platform.reports.values()].filter((r) => r.storeId === 'store-north');
  expect(reports).toHaveLength(1);

  // The list shows the schedule authorised, with its pushes.
  await expect(page.getByRole('row', { name: /Bar POS/ })).toContainText('Authorised');
});

test('a refused code shows the activation error and the way back to sign-in', async ({ page }) => {
  await openActiveEvent(page, 'admin@demo.test');
  await createSchedule(page, 'Accounting');
  platform.issueInvalidCodes = true;
  try {
    await page.getByTestId('resource-detail').getByTestId('sales-authorize').click();
    await expect(page).toHaveURL(/\/auth\/enable-uber-auth\?code=invalid-/);
    await expect(page.getByTestId('sync-result')).toHaveText('Error activating synchronization');
  } finally {
    platform.issueInvalidCodes = false;
  }
  await expect(page.getByTestId('sync-back')).toHaveText('Back to sign-in');

  // A forged state (no authorisation started) is refused the same way.
  await page.goto('/auth/enable-uber-auth?code=abc&state=1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  await expect(page.getByTestId('sync-result')).toHaveText('Error activating synchronization');
  // Nothing to click: the page goes to sign-in by itself (signed in, on to the console).
  await expect(page).not.toHaveURL(/enable-uber-auth/, { timeout: 10_000 });
  await expect(page).toHaveURL(/\/(auth\/login|admin)/);
});

test('a callback without its code or state goes straight to sign-in', async ({ page }) => {
  for (const query of ['?code=abc', '?state=1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', '']) {
    await page.goto(`/auth/enable-uber-auth${query}`);
    await expect(page).toHaveURL(/\/auth\/login/);
    await expect(page.getByTestId('sync-result')).toHaveCount(0);
  }
});
