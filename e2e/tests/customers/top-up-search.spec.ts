import { expect, test } from '@playwright/test';
import { signIn } from '../helpers';

test('bad card digits and amount are told under their fields, not in an error dialog', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await expect(page.getByRole('heading', { name: 'Choose an event' })).toBeVisible();
  await page.goto('/admin/configuration/search-top-up');
  await expect(page.getByRole('heading', { name: 'Top-up search' })).toBeVisible();

  const form = page.getByTestId('top-up-search-form');
  await page.getByTestId('top-up-search-cardDigits').fill('12a4');
  await page.getByTestId('top-up-search-amount').fill('ten');
  await page.getByTestId('top-up-search-submit').click();
  await expect(form.getByText('Enter the last 4 digits of the card')).toBeVisible();
  await expect(form.getByText('Enter an amount such as 20 or 20.50')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText('Error code 400')).toHaveCount(0);

  // Corrected, the search runs and the messages go.
  await page.getByTestId('top-up-search-cardDigits').fill('');
  await page.getByTestId('top-up-search-amount').fill('50');
  await page.getByTestId('top-up-search-submit').click();
  await expect(page.getByTestId('top-up-search-results').locator('tbody tr').first()).toBeVisible();
  await expect(form.getByText('Enter an amount such as 20 or 20.50')).toHaveCount(0);
  // Amounts are written as everywhere else in the console: '50.00 €', not '€50.00'.
  await expect(page.getByTestId('top-up-search-results').locator('tbody tr').first()).toContainText(
    '50.00 €',
  );
});
