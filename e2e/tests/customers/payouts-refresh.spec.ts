import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expectSaved, openActiveEvent } from '../helpers';

/**
 * Issue 27 on refund payouts: "Show refunds" always shows the refunds as they are now (after a run is
 * cancelled, after a refund rejected by the bank is corrected), no "nothing matches" notice follows
 * a generated run, a refund shows one state and its history, and the customer's extract (screen and
 * spreadsheet) ends at the balance the General tab shows, payouts and their rejections included.
 */

/** A money text of the screen ('1.234,50 €', '-€12.00': always two decimals) → cents. */
const cents = (text: string) => (text.includes('-') ? -1 : 1) * Number(text.replace(/\D/g, '') || '0');

async function openCustomer(page: Page, iban: string) {
  await page.getByTestId('nav-customers').click();
  await page.getByTestId('customers-search-iban').fill(iban);
  await page.getByTestId('customers-search-submit').click();
  await page.getByTestId('customers-results').locator('tbody tr').first().click();
  await expect(page.getByTestId('customers-detail')).toBeVisible();
}

/** The balance on General equals the extract's last accumulated value, on screen and in the xlsx. */
async function expectExtractEndsAtBalance(page: Page, operation: string) {
  await page.getByTestId('customers-tab-general').click();
  const balance =
    cents((await page.getByTestId('customers-general-cash').textContent()) ?? '') +
    cents((await page.getByTestId('customers-general-gift').textContent()) ?? '');
  await page.getByTestId('customers-tab-summary').click();
  const lines = page.getByTestId('customers-extract').locator('tbody tr');
  await expect(page.getByTestId('customers-extract')).toContainText(operation);
  const last = lines.last();
  const shownEnd = cents((await last.locator('td').nth(5).textContent()) ?? '');
  expect(shownEnd).toBe(balance);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('customers-extract-download').click(),
  ]);
  const bytes = await readFile((await download.path())!);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
  );
  const rows: unknown[][] = [];
  book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  const header = rows.findIndex((r) => r[0] === 'Date' && r[1] === 'Operation');
  const data = rows.slice(header + 1);
  expect(data.map((r) => r[1])).toContain(operation);
  expect(Math.round(Number(data.at(-1)![5]) * 100)).toBe(balance);
}

test('Show refunds after a cancelled run and after a corrected rejection; one state; the extract', async ({
  page,
}) => {
  // A long story: two runs, a rejection, a correction and the extract twice.
  test.setTimeout(180_000);
  await openActiveEvent(page, 'admin@demo.test');
  await page.getByTestId('nav-payouts').click();
  const account = page.getByTestId('payouts-account');
  await account.getByTestId('field-name').fill('Sonora Producciones S.L.');
  await account.getByTestId('field-iban').fill('ES76 2077 0024 0031 0257 5766');
  await account.getByTestId('field-bic').fill('CVALESVVXXX');
  await page.getByTestId('payouts-account-save').click();
  await expectSaved(page);

  // One refund: its id and IBAN.
  await page.getByTestId('payouts-filter-maxCount').fill('1');
  await page.getByTestId('payouts-preview').click();
  const previewRows = page.getByTestId('payouts-preview-table').locator('tbody tr');
  await expect(previewRows).toHaveCount(1);
  const refundId = ((await previewRows.first().locator('td').first().textContent()) ?? '').trim();
  const iban = ((await previewRows.first().locator('td').nth(2).textContent()) ?? '').replace(/\s/g, '');

  // Generated: said so, and no notice that nothing matches.
  await page.getByTestId('payouts-generate').click();
  await expect(page.getByTestId('payouts-generated')).toBeVisible();
  await expect(page.getByTestId('payouts-no-data')).toHaveCount(0);
  const run = page.getByTestId('payouts-runs-table').locator('tbody tr').first();
  await expect(run.getByTestId('payouts-run-status')).toHaveText('Generated');

  // Cancelled: Show refunds finds the refund again.
  await run.getByTestId('payouts-run-cancel').click();
  await page.getByTestId('confirm-yes').click();
  await expectSaved(page);
  await expect(run.getByTestId('payouts-run-status')).toHaveText('Cancelled');
  await page.getByTestId('payouts-preview').click();
  await expect(page.getByTestId('payouts-no-data')).toHaveCount(0);
  await expect(previewRows.first().locator('td').first()).toHaveText(refundId);

  // Generated again and sent: the money leaves, and the extract says so.
  await page.getByTestId('payouts-generate').click();
  await expect(page.getByTestId('payouts-generated')).toBeVisible();
  await expect(run.getByTestId('payouts-run-status')).toHaveText('Generated');
  await run.getByTestId('payouts-run-sent').click();
  await page.getByTestId('confirm-yes').click();
  await expectSaved(page);
  await expect(run.getByTestId('payouts-run-status')).toHaveText('Sent');
  await openCustomer(page, iban);
  await expectExtractEndsAtBalance(page, 'Bank refund (SEPA)');

  // The bank rejects it.
  await page.getByTestId('nav-payouts').click();
  await page.getByTestId('payouts-runs-table').locator('tbody tr').first().locator('td').first().click();
  await page.getByTestId('payouts-item-reject').first().click();
  await page.getByTestId('payouts-reject-reason').fill('AC04 Closed account');
  await page.getByTestId('payouts-reject-confirm').click();
  await expectSaved(page);
  await page.keyboard.press('Escape');

  // Corrected on the customer: one state (pending), no run, no paid date; the story as a timeline.
  await openCustomer(page, iban);
  await expectExtractEndsAtBalance(page, 'Bank refund returned');
  await page.getByTestId('customers-tab-online').click();
  await expect(page.getByTestId('customers-refund-status')).toHaveText('Rejected');
  await page.getByTestId('customers-refund-edit').click();
  const form = page.getByTestId('customers-refund-form');
  await form.getByTestId('field-ccBic').fill('');
  await form.getByTestId('field-ccIban').fill('DE02 1203 0000 0000 2020 51');
  await page.getByTestId('customers-refund-save').click();
  await page.getByTestId('customers-success-ok').click();
  await expect(page.getByTestId('customers-refund-status')).toHaveText('Pending');
  await expect(page.getByTestId('customers-refund-run')).toHaveCount(0);
  await expect(page.getByTestId('customers-refund')).not.toContainText('Paid on');
  const steps = page.getByTestId('customers-refund-history-step');
  await expect(steps.last()).toContainText('Rejected by the bank');
  await expect(steps.last()).toContainText('AC04 Closed account');
  await expect(page.getByTestId('customers-refund-history')).toContainText('cancelled');

  // Back on payouts: Show refunds asks the server and lists it.
  await page.getByTestId('nav-payouts').click();
  await page.getByTestId('payouts-preview').click();
  await expect(page.getByTestId('payouts-preview-table')).toContainText('DE02 1203 0000 0000 2020 51');
});
