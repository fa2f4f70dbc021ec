import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { openActiveEvent } from '../helpers';

/** Clicks a table's download button and reads the spreadsheet back: each row's cell values. */
async function downloadRows(page: Page, testId: string) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  const bytes = await readFile((await download.path())!);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
  );
  const rows: unknown[][] = [];
  book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** A headline figure as a number (its card's last line, e.g. '1,234'). */
const figure = async (page: Page, testId: string) =>
  Number(
    (await page.getByTestId(testId).innerText())
      .trim()
      .split('\n')
      .at(-1)!
      .replace(/[^\d.-]/g, ''),
  );

/** A headline count once loaded: its card shows a number other than 0. */
const nonZero = (page: Page, testId: string) => expect(page.getByTestId(testId)).toContainText(/[1-9]/);

test('top-ups: the overview figures, every tab, and the overview as a spreadsheet', async ({ page }) => {
  await openActiveEvent(page, 'admin@demo.test');
  await page.getByTestId('nav-topUps').click();
  // The shell opens its first tab.
  await expect(page).toHaveURL(/\/admin\/reports\/top-ups\/overview/);
  const table = page.getByTestId('topups-overview-table');
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await expect(table).toContainText('Top-up');
  await expect(table).toContainText('Cash');
  await expect(table.locator('tfoot')).toContainText('Total');
  // The demo festival took money: the figures are there, in the event's display currency (T).
  await expect(page.getByTestId('stat-moneyIn')).toContainText(/[1-9][\d.,]* T/);
  await expect(page.getByTestId('figure-topUps')).toContainText(/[1-9][\d.,]* T/);
  await nonZero(page, 'stat-count');
  await expect(page.getByTestId('topups-chart').locator('.recharts-bar-rectangle').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/reports-topups-overview.png', fullPage: true });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('topups-overview-table-download').click(),
  ]);
  expect(download.suggestedFilename()).toBe('top-ups-overview.xlsx');
  expect((await readFile((await download.path())!)).subarray(0, 2).toString()).toBe('PK');

  // Narrowing to one location puts the filter in the URL.
  await page.getByTestId('filter-location').click();
  await page.getByRole('option').nth(1).click();
  await expect(page).toHaveURL(/location=\d+/);

  await page.getByTestId('tab-topUpsCashboxes').click();
  await expect(page).toHaveURL(/\/top-ups\/cashboxes/);
  await expect(page.getByTestId('cashboxes-table').locator('tbody tr').first()).toBeVisible();
  await expect(page.getByTestId('stat-cashNet')).toContainText(/T/);
  await page.screenshot({ path: 'test-results/reports-topups-cashboxes.png', fullPage: true });

  await page.getByTestId('tab-topUpsLocations').click();
  await expect(page).toHaveURL(/\/top-ups\/locations/);
  await expect(page.getByTestId('topups-locations-table').locator('tbody tr').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/reports-topups-locations.png', fullPage: true });

  await page.getByTestId('tab-topUpsOnline').click();
  await expect(page).toHaveURL(/\/top-ups\/online/);
  const online = page.getByTestId('online-table');
  await expect(online.locator('tbody tr').first()).toBeVisible();
  const days = await online.locator('tbody tr').count();
  await page.getByTestId('online-group-by').getByText('Hour').click();
  await expect(page).toHaveURL(/groupBy=hour/);
  // By hour there are at least as many rows, each an hour on the event's clock.
  await expect(online.locator('tbody tr').first()).toContainText(/\d{2}:00/);
  expect(await online.locator('tbody tr').count()).toBeGreaterThanOrEqual(days);
  await page.screenshot({ path: 'test-results/reports-topups-online.png', fullPage: true });
  // The download has every hour of the window and, under it, the totals of all of them.
  await expect(online.locator('tfoot')).toContainText('Total');
  const sheet = await downloadRows(page, 'online-table-download');
  const header = sheet.findIndex((r) => r[0] === 'Hour' && r[1] === 'Paid purchases');
  expect(header).toBeGreaterThan(0);
  const totals = sheet.at(-1)!;
  expect(totals[0]).toBe('Total');
  expect(totals[1]).toBe(await figure(page, 'stat-online-count'));
  const units = sheet.slice(header + 1, -1);
  expect(units.length).toBeGreaterThanOrEqual(await online.locator('tbody tr').count());
  expect(units.reduce((n, r) => n + Number(r[1]), 0)).toBe(totals[1]);
});

test('bonuses and wristbands: the manual tab and the per-day tab', async ({ page }) => {
  await openActiveEvent(page, 'admin@demo.test');
  await page.getByTestId('nav-bonuses').click();
  await expect(page.getByTestId('automatic-bonuses-table').locator('tbody tr').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/reports-bonuses.png', fullPage: true });
  await page.getByTestId('bonuses-tab-manual').click();
  await expect(page.getByTestId('manual-bonuses-table').locator('tbody tr').first()).toContainText(
    'Manual bonus',
  );

  await page.getByTestId('nav-wristbands').click();
  await nonZero(page, 'stat-activated');
  await expect(page.getByTestId('wristband-ranges-table').locator('tbody tr')).toHaveCount(8);
  await page.getByTestId('wristbands-tab-perDay').click();
  const perDay = page.getByTestId('wristbands-per-day-table');
  await expect(perDay.locator('tbody tr').first()).toBeVisible();
  await expect(page.getByTestId('per-day-chart')).toBeVisible();
  expect(await perDay.locator('tbody tr').count()).toBeGreaterThan(1);
  await page.screenshot({ path: 'test-results/reports-wristbands-per-day.png', fullPage: true });
  // The filter bar's festival day narrows the tab to that day, and the download names it.
  await page.getByTestId('filter-day').click();
  await page.getByRole('option', { name: /\d{4}/ }).first().click();
  await expect(page).toHaveURL(/day=\d{4}-\d{2}-\d{2}/);
  await expect(perDay.locator('tbody tr')).toHaveCount(1);
  const sheet = await downloadRows(page, 'wristbands-per-day-table-download');
  expect(sheet.some((r) => r[0] === 'Day of event')).toBe(true);
  const header = sheet.findIndex((r) => r[0] === 'Festival day' && r[1] === 'New wristbands');
  expect(sheet.slice(header + 1).map((r) => r[0])).toHaveLength(2); // the day and the totals row
  expect(sheet.at(-1)![0]).toBe('Total');
});
