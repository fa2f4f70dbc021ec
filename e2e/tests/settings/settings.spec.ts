import { expect, test } from '@playwright/test';
import { expectSaved, openActiveEvent, signIn } from '../helpers';

test('an admin adds a currency, sees it in the list, and a duplicate ISO is refused', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await page.getByTestId('nav-currencies').click();
  await expect(page.getByRole('heading', { name: 'Currencies' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'EUR', exact: true })).toBeVisible();

  await page.getByTestId('resource-new').click();
  await page.getByTestId('field-name').fill('Swiss franc');
  await page.getByTestId('field-iso').fill('CHF');
  await page.getByTestId('field-symbol').fill('Fr');
  await page.getByTestId('resource-save').click();
  await expectSaved(page);
  await expect(page.getByRole('cell', { name: 'Swiss franc' })).toBeVisible();

  await page.getByTestId('resource-new').click();
  await page.getByTestId('field-name').fill('Another euro');
  await page.getByTestId('field-iso').fill('EUR');
  await page.getByTestId('field-symbol').fill('€');
  await page.getByTestId('resource-save').click();
  await expect(page.getByText('An element with this name already exists')).toBeVisible();
});

test('selecting a currency opens it beside the list', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await page.getByTestId('nav-currencies').click();
  await page.getByRole('cell', { name: 'Pound sterling' }).click();
  await expect(page.getByTestId('resource-detail')).toBeVisible();
  await expect(page.getByTestId('field-iso')).toHaveValue('GBP');
});

test('a non-admin has no configuration screens', async ({ page }) => {
  await openActiveEvent(page, 'ops@demo.test');
  await expect(page.getByTestId('nav-currencies')).toHaveCount(0);
  await page.goto('/admin/configuration/currencies');
  await expect(page.getByText('You have no access to this resource')).toBeVisible();
  await expect(page).not.toHaveURL(/configuration\/currencies/);
});
