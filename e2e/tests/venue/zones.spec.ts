import { expect, test } from '@playwright/test';
import { expectSaved, openActiveEvent } from '../helpers';

test('a zone hierarchy with capacity is saved and is still there after a reload', async ({ page }) => {
  await openActiveEvent(page, 'ops@demo.test');
  await page.getByTestId('nav-zones').click();
  await expect(page.getByRole('heading', { name: 'Zones' })).toBeVisible();

  // The parent zone, with capacity control.
  await page.getByTestId('resource-new').click();
  await page.getByTestId('field-name').fill('E2E Arena');
  await page.getByLabel('Capacity control').check();
  // Below the minimum is clamped up when the field is left (02-catalogue §5), not refused.
  await page.getByTestId('field-capacity').fill('0');
  await page.getByTestId('field-capacity').press('Tab');
  await expect(page.getByTestId('field-capacity')).toHaveValue('1');
  await page.getByTestId('field-capacity').fill('500');
  await page.getByTestId('resource-save').click();
  await expectSaved(page);
  await expect(page.getByRole('cell', { name: 'E2E Arena' })).toBeVisible();

  // The child zone under it.
  await page.getByTestId('resource-new').click();
  await page.getByTestId('field-name').fill('E2E VIP deck');
  await page.getByTestId('field-idZoneParent').click();
  await page.getByRole('option', { name: 'E2E Arena' }).click();
  await page.getByTestId('resource-save').click();
  await expect(page.getByRole('cell', { name: 'E2E VIP deck' })).toBeVisible();

  await page.reload();
  const rows = page.getByRole('row');
  const arena = rows.filter({ hasText: 'E2E Arena' }).filter({ hasNotText: 'E2E VIP deck' });
  const vip = rows.filter({ hasText: 'E2E VIP deck' });
  await expect(arena).toContainText('500');
  await expect(vip.getByRole('cell', { name: 'E2E Arena', exact: true })).toBeVisible();

  await vip.click();
  await expect(page.getByTestId('resource-detail')).toBeVisible();
  await expect(page.getByTestId('field-idZoneParent')).toHaveValue('E2E Arena');
  await arena.click();
  await expect(page.getByTestId('field-capacity')).toHaveValue('500');
});
