import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { openActiveEvent } from '../helpers';

test('finds a customer, opens every tab and downloads the extract', async ({ page }) => {
  await openActiveEvent(page, 'ops@demo.test');
  await page.getByTestId('nav-customers').click();
  // No field filled: no search.
  await page.getByTestId('customers-search-submit').click();
  await expect(page.getByTestId('customers-search-needs-field')).toBeVisible();

  await page.getByTestId('customers-search-name').fill('elena');
  await page.getByTestId('customers-search-submit').click();
  const rows = page.getByTestId('customers-results').locator('tbody tr');
  await expect(rows.first()).toContainText(/Elena/i);
  await rows.first().click();
  await expect(page.getByTestId('customers-detail')).toBeVisible();

  for (const tab of ['general', 'features', 'online', 'summary', 'access']) {
    await page.getByTestId(`customers-tab-${tab}`).click();
    await expect(page.getByTestId(`customers-panel-${tab}`)).toBeVisible();
  }

  // Online services: the online top-ups with the columns of 01-console §2 and their status.
  await page.getByTestId('customers-tab-online').click();
  await expect(page.getByTestId('customers-online-topups').getByRole('columnheader')).toContainText([
    'Valid',
    'Online date',
    'Amount',
    'Articles',
    'Recharge ref.',
    'Location',
    'Recharge date',
    'Module',
    'Card',
    'Type',
    'Status',
  ]);

  // Access: each passage with its code and what it means.
  await page.getByTestId('customers-tab-access').click();
  const passages = page.getByTestId('customers-access').locator('tbody tr');
  await expect(passages.first()).toContainText(/(S|W|NT|ND|NC|NI) · (Allowed|Warning|Denied)/);
  await expect(page.getByTestId('customers-access')).toContainText('S · Allowed');

  // Summary: the extract lists the operations with their amounts and the running balance.
  await page.getByTestId('customers-tab-summary').click();
  const lines = page.getByTestId('customers-extract').locator('tbody tr');
  await expect(lines.first()).toContainText(/Top-up|Sale|Devolution/);
  await expect(lines.first()).toContainText(/\d+[.,]\d{2} T/);
  await expect(page.getByTestId('customers-extract')).toContainText('Top-up');
  const shown = await lines.count();
  expect(shown).toBeGreaterThan(0);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('customers-extract-download').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^extract-.+\.xlsx$/);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 2).toString()).toBe('PK');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
  );
  const sheet = book.worksheets[0]!;
  const cells: unknown[][] = [];
  sheet.eachRow((row) => cells.push((row.values as unknown[]).slice(1)));
  // The columns of 01-console §2, then one line per operation of the extract.
  const header = cells.findIndex((r) => r[0] === 'Date' && r[1] === 'Operation');
  expect(cells[header]).toEqual([
    'Date',
    'Operation',
    'Operation type',
    'Articles',
    'Amount',
    'Accumulated',
    'Location',
    'Ref.',
    'Staff',
    'Device',
  ]);
  const data = cells.slice(header + 1);
  expect(data).toHaveLength(shown);
  expect(data.map((r) => r[1])).toContain('Top-up');
  for (const r of data) {
    expect(String(r[0])).toMatch(/\d/);
    expect(['Top-up', 'Sale', 'Devolution']).toContain(r[1]);
    expect(typeof r[4]).toBe('number');
    expect(typeof r[5]).toBe('number');
  }
  expect(cells).toContainEqual(['Event', 'Sonora Festival 2026']);
  expect(sheet.autoFilter).toBeTruthy();
});

test('a user without refund editing cannot edit a refund', async ({ page }) => {
  await openActiveEvent(page, 'ops@demo.test');
  await page.getByTestId('nav-customers').click();
  await page.getByTestId('customers-search-iban').fill('ES91 2100 0418 4502 0005 1332');
  await page.getByTestId('customers-search-submit').click();
  await page.getByTestId('customers-results').locator('tbody tr').first().click();
  await page.getByTestId('customers-tab-online').click();
  await expect(page.getByTestId('customers-refund')).toBeVisible();
  await expect(page.getByTestId('customers-refund-edit')).toHaveCount(0);
});
