import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { openActiveEvent } from '../helpers';

/** Picks an option of one of the filter bar's selects. */
async function choose(page: Page, filter: string, option: string | RegExp) {
  await page.getByTestId(`filter-${filter}`).click();
  await page.getByRole('option', { name: option }).first().click();
}

const text = async (page: Page, testId: string) =>
  (await page.getByTestId(testId).innerText()).replace(/\s+/g, ' ');

test('sales by location: filtered by a day and a location, downloaded as xlsx', async ({ page }) => {
  await openActiveEvent(page, 'admin@demo.test');
  await page.getByTestId('nav-sales').click();
  await expect(page.getByRole('heading', { name: 'Sales', exact: true })).toBeVisible();
  // An administrator holds every permission: every tab.
  await expect(page.getByRole('tab')).toHaveText([
    'Overview',
    'By staff',
    'By location',
    'By article',
    'Staff amounts',
    'Metre sales',
  ]);
  await expect(page.getByTestId('sales-hour-chart')).toBeVisible();

  await page.getByTestId('sales-tab-location').click();
  const table = page.getByTestId('sales-location-table');
  await expect(table.getByRole('cell', { name: 'Main Bar' })).toBeVisible();
  await expect(table.getByRole('cell', { name: 'Food Court' })).toBeVisible();
  const all = await text(page, 'sales-location-amount');

  // The first festival day: the window moves to that day (the URL keeps it).
  await choose(page, 'day', /\d{4}/);
  await expect(page).toHaveURL(/day=\d{4}-\d{2}-\d{2}/);
  await expect(table.getByRole('cell', { name: 'Main Bar' })).toBeVisible();
  const day = await text(page, 'sales-location-amount');

  // One location of that day: only its row, and less than all of them.
  await choose(page, 'location', 'Main Bar');
  await expect(page).toHaveURL(/location=\d+/);
  await expect(table.getByRole('cell', { name: 'Food Court' })).toHaveCount(0);
  await expect(table.getByRole('cell', { name: 'Main Bar' })).toBeVisible();
  await expect.poll(() => text(page, 'sales-location-amount')).not.toBe(day);
  const one = await text(page, 'sales-location-amount');
  expect(one).not.toBe(all);
  await page.screenshot({ path: 'test-results/reports-sales.png', fullPage: true });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('sales-location-table-download').click(),
  ]);
  expect(download.suggestedFilename()).toBe('sales-by-location.xlsx');
  const bytes = await readFile((await download.path())!);
  expect(bytes.length).toBeGreaterThan(0);
  expect(bytes.subarray(0, 2).toString()).toBe('PK');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
  );
  const sheet = book.worksheets[0]!;
  const values = sheet.getSheetValues().flat().map(String);
  expect(values).toContain('Sonora Festival 2026');
  expect(values).toContain('Main Bar');
  expect(values).not.toContain('Food Court');
  expect(sheet.autoFilter).toBeTruthy();
});

test('metre sales by kitchen and room, and the order errors the kitchens reported', async ({ page }) => {
  await openActiveEvent(page, 'admin@demo.test');
  await page.getByTestId('nav-sales').click();
  await page.getByTestId('sales-tab-metre').click();
  const places = page.getByTestId('sales-metre-table');
  await expect(places.getByRole('cell', { name: 'Grill' }).first()).toBeVisible();
  await expect(places.getByRole('cell', { name: 'Pizzeria' }).first()).toBeVisible();
  await choose(page, 'room', 'Terrace');
  await expect(places.getByRole('cell', { name: 'VIP Lounge' })).toHaveCount(0);
  await expect(places.getByRole('cell', { name: 'Terrace' }).first()).toBeVisible();
  await expect(
    page
      .getByTestId('sales-metre-staff-table')
      .getByRole('cell', { name: /Marco Ferri|Julia Navarro/ })
      .first(),
  ).toBeVisible();
  await page.screenshot({ path: 'test-results/reports-sales-metre.png', fullPage: true });

  await page.getByTestId('nav-orderErrors').click();
  await expect(page.getByRole('heading', { name: 'Order errors' })).toBeVisible();
  const errors = page.getByTestId('order-errors-table');
  await expect(
    errors.getByRole('cell', { name: /Kitchen printer|Article not on|Timeout/ }).first(),
  ).toBeVisible();
  await expect(errors.getByRole('cell', { name: /Table \d+/ }).first()).toBeVisible();
  await page.screenshot({ path: 'test-results/order-errors.png', fullPage: true });

  // The table shows a page the server picked; its title counts them all, and the download takes them
  // all (the call without a page answers the whole list).
  const total = Number(/\((\d+)\)/.exec(await page.getByText(/^Failed orders \(\d+\)$/).innerText())![1]);
  expect(total).toBeGreaterThan(0);
  await expect(errors.locator('tbody tr')).toHaveCount(Math.min(total, 30));
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('order-errors-table-download').click(),
  ]);
  expect(download.suggestedFilename()).toBe('order-errors.xlsx');
  const bytes = await readFile((await download.path())!);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
  );
  const messages = book.worksheets[0]!.getSheetValues()
    .flat()
    .map(String)
    .filter((v) => /^(Kitchen printer|Article not on|Timeout)/.test(v));
  expect(messages).toHaveLength(total);
});
