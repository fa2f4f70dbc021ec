import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectSaved, openActiveEvent } from '../helpers';

/**
 * Refund payouts (issue 15): the finance officer sets the event's debtor account, picks pending bank
 * refunds with limits, sees the list, count and sum, generates the SEPA file, downloads it, marks the
 * run sent, and finds the customer's refund paid; a selection matching nothing says so (issue 27: as
 * a notice, not an error).
 */
test('a SEPA run with limits: generated, downloaded, sent, and the refund paid on the customer', async ({
  page,
}) => {
  await openActiveEvent(page, 'admin@demo.test');
  await page.getByTestId('nav-payouts').click();
  await expect(page.getByRole('heading', { name: 'Refund payouts (SEPA)' })).toBeVisible();

  // The debtor account: an invalid IBAN is refused on the field, a valid one saved.
  const account = page.getByTestId('payouts-account');
  await account.getByTestId('field-name').fill('Sonora Producciones S.L.');
  await account.getByTestId('field-iban').fill('ES77 2077 0024 0031 0257 5766');
  await page.getByTestId('payouts-account-save').click();
  await expect(account).toContainText('Invalid IBAN');
  await account.getByTestId('field-iban').fill('ES76 2077 0024 0031 0257 5766');
  await account.getByTestId('field-bic').fill('CVALESVVXXX');
  await page.getByTestId('payouts-account-save').click();
  await expectSaved(page);

  // Nothing matches: 'No data for SEPA'.
  await page.getByTestId('payouts-filter-amountMin').fill('999');
  await page.getByTestId('payouts-preview').click();
  await expect(page.getByTestId('payouts-no-data')).toHaveText(
    'No pending refund matches these filters: there is nothing to put in a SEPA file.',
  );

  // At most 2 refunds: the list, the count and the sum before anything is generated.
  await page.getByTestId('payouts-filter-amountMin').fill('');
  await page.getByTestId('payouts-filter-maxCount').fill('2');
  await page.getByTestId('payouts-preview').click();
  await expect(page.getByTestId('payouts-preview-summary')).toContainText(
    /^2 refunds, [\d.,]+ € to transfer$/,
  );
  const previewRows = page.getByTestId('payouts-preview-table').locator('tbody tr');
  await expect(previewRows).toHaveCount(2);
  const firstIban = ((await previewRows.first().locator('td').nth(2).textContent()) ?? '').replace(/\s/g, '');
  expect(firstIban).toMatch(/^[A-Z]{2}\d{2}/);

  await page.getByTestId('payouts-generate').click();
  await expect(page.getByText('The run was generated')).toBeVisible();
  const run = page.getByTestId('payouts-runs-table').locator('tbody tr').first();
  await expect(run).toContainText('Generated');
  await expect(run.locator('td').nth(3)).toHaveText('2');

  // The file: pain.001.001.09 with two transfers.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    run.getByTestId('payouts-run-xml').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^PULSERA-\d+-\d+\.xml$/);
  const xml = await readFile((await download.path())!, 'utf8');
  expect(xml).toContain('urn:iso:std:iso:20022:tech:xsd:pain.001.001.09');
  expect(xml).toContain('<NbOfTxs>2</NbOfTxs>');
  expect(xml).toContain(`<IBAN>${firstIban}</IBAN>`);

  // Sent to the bank: the refunds are paid.
  await run.getByTestId('payouts-run-sent').click();
  await page.getByTestId('confirm-yes').click();
  await expectSaved(page);
  await expect(run.getByTestId('payouts-run-status')).toHaveText('Sent');

  // The customer's refund shows it, with its run.
  await page.getByTestId('nav-customers').click();
  await page.getByTestId('customers-search-iban').fill(firstIban);
  await page.getByTestId('customers-search-submit').click();
  await page.getByTestId('customers-results').locator('tbody tr').first().click();
  await page.getByTestId('customers-tab-online').click();
  await expect(page.getByTestId('customers-refund-status')).toHaveText('Paid');
  await expect(page.getByTestId('customers-refund-run')).toHaveText(/^#\d+$/);
  // Paid, it can no longer be edited.
  await expect(page.getByTestId('customers-refund-edit')).toHaveCount(0);
});
