import { expect, test } from '@playwright/test';
import { expectSaved, openActiveEvent } from '../helpers';

test('event mode: sets a parameter’s value with an exception for one location', async ({ page }) => {
  await openActiveEvent(page, 'admin@demo.test');
  await page.getByTestId('nav-params').click();
  await expect(page.getByRole('heading', { name: 'Parameters' })).toBeVisible();
  await expect(page.getByTestId('params-group').first()).toBeVisible();

  await page.getByRole('cell', { name: 'Maximum offline minutes' }).click();
  const detail = page.getByTestId('resource-detail');
  await detail.getByTestId('field-value').fill('45');
  await detail.getByTestId('params-exception-add').click();
  await detail.getByTestId('params-exception-location-0').click();
  await page.getByRole('option', { name: 'Staff entrance' }).click();
  await detail.getByTestId('params-exception-value-0').fill('10');
  await detail.getByTestId('resource-save').click();
  await expectSaved(page);

  await page.reload();
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: 'Maximum offline minutes' }) });
  await expect(row.getByTestId('params-value')).toHaveText('45');
  await expect(row).toContainText('Staff entrance · All devices: 10');
  await row.click();
  await expect(page.getByTestId('params-exception-value-0')).toHaveValue('10');
  await expect(page.getByTestId('params-exception-location-0')).toHaveValue('Staff entrance');
});
