import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { serverDataDir, signIn } from '../helpers';

/**
 * Jobs (admin/configuration/jobs, super admin) and Search top-up (admin/configuration/search-top-up,
 * admins). A job fails for real: the uploads folder of the console is broken, the sweep of unattached
 * uploads fails after its retry; the folder is repaired and the failed job retried until processed.
 * A finance officer finds an online top-up from another event and jumps to its customer there.
 */
const uploads = () => path.join(serverDataDir(), 'uploads');

test.afterAll(() => {
  // Leave the console's uploads folder as a folder for the other tests.
  rmSync(uploads(), { recursive: true, force: true });
  mkdirSync(uploads(), { recursive: true });
});

test('a failed job is listed with its error and retried once its cause is repaired', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'super@demo.test');
  await page.goto('/admin/configuration/jobs');
  await expect(page.getByRole('heading', { name: 'Jobs' })).toBeVisible();

  // A file where the uploads folder should be: the sweep cannot read it.
  rmSync(uploads(), { recursive: true, force: true });
  writeFileSync(uploads(), 'not a folder');
  await page.getByTestId('jobs-run').click();
  await page.getByTestId('jobs-run-upload-sweep').click();
  await expect(page.getByText('The job is queued')).toBeVisible();

  // The job opens beside the list; after its retry (a few seconds of back-off) it fails for good.
  const detail = page.getByTestId('job-detail');
  await expect(detail).toContainText('Unattached uploads sweep');
  await expect(detail.getByTestId('job-status')).toHaveText('Failed', { timeout: 60_000 });
  await expect(detail.getByTestId('job-lastError')).toContainText(/ENOTDIR|not a directory/);
  await expect(detail.getByTestId('job-attempts')).toHaveText('2/2');
  await expect(detail.getByTestId('job-messageBody')).toHaveText('{}');

  // Listed under Failed.
  await page.getByTestId('jobs-filter-status').getByText('Failed').click();
  await expect(page).toHaveURL(/status=failed/);
  const rows = page.getByTestId('jobs-table').locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Unattached uploads sweep');

  // Repaired, retried: one more attempt, processed.
  rmSync(uploads(), { force: true });
  mkdirSync(uploads());
  await detail.getByTestId('job-retry').click();
  await expect(page.getByText('The job is queued again')).toBeVisible();
  await page.getByTestId('jobs-filter-status').getByText('Processed').click();
  await expect(rows.first()).toContainText('Unattached uploads sweep', { timeout: 30_000 });
  await expect(detail.getByTestId('job-status')).toHaveText('Processed');
  await expect(detail.getByTestId('job-attempts')).toHaveText('3/3');
  await expect(detail.getByTestId('job-retry')).toHaveCount(0);
});

test('an admin who is not a super admin has no jobs screen', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await expect(page.getByRole('heading', { name: 'Choose an event' })).toBeVisible();
  await page.goto('/admin/configuration/jobs');
  await expect(page.getByRole('heading', { name: 'Jobs' })).toHaveCount(0);
  await expect(page).not.toHaveURL(/configuration\/jobs/);
});

test('a top-up of another event is found and opens its customer in that event', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  // Working in another event: next year's edition (pending).
  await page.goto('/admin/choose-event/pending');
  await page.getByRole('cell', { name: 'Sonora Festival 2027' }).click();
  await expect(page.getByTestId('current-event')).toHaveText('Sonora Festival 2027');
  await page.goto('/admin/configuration/search-top-up');
  await expect(page.getByRole('heading', { name: 'Top-up search' })).toBeVisible();

  // A blank search is refused; an order that does not exist is not found.
  await page.getByTestId('top-up-search-submit').click();
  await expect(page.getByTestId('top-up-search-needs-field')).toHaveText(
    'Fill in at least one search criterion',
  );
  await page.getByTestId('top-up-search-idOrder').fill('NO-SUCH-ORDER');
  await page.getByTestId('top-up-search-submit').click();
  await expect(page.getByTestId('top-up-search-none')).toHaveText('Top-up not found');

  // The 50 € purchases of every event; the first one's order id then finds it alone.
  await page.getByTestId('top-up-search-clear').click();
  await page.getByTestId('top-up-search-amount').fill('50');
  await page.getByTestId('top-up-search-submit').click();
  const rows = page.getByTestId('top-up-search-results').locator('tbody tr');
  await expect(rows.first()).toContainText('Sonora Festival 2026');
  await expect(rows.first()).toContainText('50.00 €');
  await rows.first().click();
  const detail = page.getByTestId('top-up-detail');
  await expect(detail.getByTestId('top-up-payTpvCurrency')).toHaveText('EUR (978)');
  const order = (await detail.getByTestId('top-up-idOrder').textContent())!.trim();
  const customer = (await detail.getByTestId('top-up-customer').textContent())!.split(' · ')[0]!;
  await page.keyboard.press('Escape');
  await expect(detail).toHaveCount(0);

  await page.getByTestId('top-up-search-clear').click();
  await page.getByTestId('top-up-search-idOrder').fill(order);
  await page.getByTestId('top-up-search-submit').click();
  await expect(rows).toHaveCount(1);
  await rows.first().click();
  await expect(detail.getByTestId('top-up-idOrder')).toHaveText(order);
  await expect(detail.getByTestId('top-up-event')).toHaveText('Sonora Festival 2026');

  // The jump: the top-up's event is selected and its customer opens on the customers screen.
  await detail.getByTestId('top-up-open-customer').click();
  await expect(page).toHaveURL(/\/admin\/status\/customers/);
  await expect(page.getByTestId('current-event')).toHaveText('Sonora Festival 2026');
  await expect(page.getByText(customer).first()).toBeVisible();
});
