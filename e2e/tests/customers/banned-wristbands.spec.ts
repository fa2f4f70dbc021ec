import { expect, test } from '@playwright/test';
import { expectSaved, openActiveEvent } from '../helpers';

test('a super admin bans a wristband; a bad serial is refused on the field', async ({ page }) => {
  await openActiveEvent(page, 'super@demo.test');
  await page.getByTestId('nav-banRfids').click();
  await expect(page.getByRole('heading', { name: 'Banned wristbands' })).toBeVisible();

  await page.getByTestId('resource-new').click();
  await page.getByTestId('field-nSerie').fill('04ab');
  await page.getByTestId('resource-save').click();
  await expect(page.getByText('Minimum 8 characters')).toBeVisible();

  await page.getByTestId('field-nSerie').fill('04a1b2c3d4e5f6');
  await expect(page.getByTestId('field-nSerie')).toHaveValue('04A1B2C3D4E5F6');
  await page.getByTestId('field-codeCheck').fill('x9');
  await page.getByTestId('field-enabled').check({ force: true });
  await page.getByTestId('resource-save').click();
  await expectSaved(page);
  const row = page.getByRole('row', { name: /04A1B2C3D4E5F6/ });
  await expect(row).toBeVisible();
  await expect(row).toContainText('X9');
});

test('leaving a form with unsaved changes asks first', async ({ page }) => {
  await openActiveEvent(page, 'super@demo.test');
  await page.getByTestId('nav-banRfids').click();
  await page.getByTestId('resource-new').click();
  await page.getByTestId('field-nSerie').fill('0499887766');
  await page.getByRole('link', { name: 'Choose event' }).first().click();
  await expect(page.getByText('Are you sure you want to exit?')).toBeVisible();
  await page.getByRole('button', { name: 'No' }).click();
  await expect(page).toHaveURL(/ban-rfids/);
  await expect(page.getByTestId('field-nSerie')).toHaveValue('0499887766');
  await page.getByRole('link', { name: 'Choose event' }).first().click();
  await page.getByRole('button', { name: 'Yes, exit' }).click();
  await expect(page).toHaveURL(/choose-event/);
});
