import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { openActiveEvent } from '../helpers';

test('presence control: filters the staff, opens a member and sees the checks', async ({ page }) => {
  await openActiveEvent(page, 'admin@demo.test');
  await page.getByTestId('nav-controlPresence').click();
  await expect(page.getByRole('heading', { name: 'Presence control' })).toBeVisible();
  const internal = page.getByTestId('presence-internal');
  const external = page.getByTestId('presence-external');
  await expect(external.getByRole('cell', { name: 'Noah Keller' })).toBeVisible();
  await expect(internal.getByRole('cell', { name: 'Laura Prieto' })).toBeVisible();

  // Staff hired for the closing night have no checks: "at least one action" hides them.
  await expect(external.getByRole('cell', { name: 'Carmen Ruiz' })).toBeVisible();
  await page.getByTestId('presence-filter-actions').check();
  await expect(external.getByRole('cell', { name: 'Carmen Ruiz' })).toHaveCount(0);

  await page.getByTestId('presence-filter-name').fill('noah');
  await expect(internal.getByRole('cell', { name: 'Laura Prieto' })).toHaveCount(0);
  await expect(external.getByRole('cell', { name: 'Noah Keller' })).toBeVisible();
  await expect(external.getByRole('cell', { name: 'Ana Lozano' })).toHaveCount(0);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    external.getByTestId('presence-external-download').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^presence-external-.+\.xlsx$/);
  expect((await readFile((await download.path())!)).subarray(0, 2).toString()).toBe('PK');

  await external.getByRole('cell', { name: 'Noah Keller' }).click();
  const detail = page.getByTestId('presence-detail');
  await expect(detail.getByTestId('presence-detail-name')).toHaveText('Noah Keller');
  await expect(page.getByTestId('presence-filter')).toHaveCount(0);
  const records = detail.getByTestId('presence-records');
  await expect(records.getByRole('cell', { name: 'In', exact: true }).first()).toBeVisible();
  await expect(records.getByRole('cell', { name: 'Staff entrance' }).first()).toBeVisible();
  await page.screenshot({ path: 'test-results/presence.png', fullPage: true });
});
