import { expect, test } from '@playwright/test';
import { openActiveEvent } from '../helpers';

test('imports staff from a TSV file with headers and lists them on the staff screen', async ({ page }) => {
  await openActiveEvent(page, 'ops@demo.test');
  await page.getByTestId('nav-staffsImport').click();
  await page.getByRole('radio', { name: 'Yes' }).check();
  const stamp = Date.now().toString(36);
  const tsv = [
    'user\tname\ttrusts\tintern',
    `e2e.ines.${stamp}\tInés Import\tcv\t1`,
    `e2e.omar.${stamp}\tOmar Import\tX\t0`,
    `e2e.pia.${stamp}\tPia Import\tSR\t1`,
  ].join('\n');
  await page.locator('input[type="file"]').setInputFiles({
    name: 'staff.tsv',
    mimeType: 'text/tab-separated-values',
    buffer: Buffer.from(`${tsv}\n`, 'utf8'),
  });
  await expect(page.getByTestId('import-banner')).toContainText('3 staff members ready to upload');
  const preview = page.getByTestId('import-preview');
  await expect(preview).toContainText('Inés Import');
  await expect(preview).toContainText('Pia Import');
  await page.getByTestId('import-upload').click();
  await expect(page.getByTestId('import-banner')).toContainText('3 staff members were created.');

  await page.getByTestId('nav-staffs').click();
  for (const name of ['Inés Import', 'Omar Import', 'Pia Import'])
    await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: `e2e.ines.${stamp}` })).toBeVisible();
});
