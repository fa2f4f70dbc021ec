import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { openActiveEvent } from '../helpers';

test('quick dashboard: the demo festival at a glance, with its chart by hour', async ({ page }) => {
  await openActiveEvent(page, 'admin@demo.test');
  await page.getByTestId('nav-quickdashboard').click();
  await expect(page).toHaveURL(/\/admin\/reports\/quickdashboard/);
  // The simulated festival took money and sold: figures in the event's display currency (T).
  await expect(page.getByTestId('figure-topUps')).toContainText(/[1-9][\d.,]* T/);
  await expect(page.getByTestId('dashboard-sales')).toContainText(/[1-9][\d.,]* T/);
  await expect(page.getByTestId('dashboard-cash-left')).toContainText(/[1-9][\d.,]* T/);
  await expect(page.getByTestId('dashboard-wristbands')).toContainText(/[1-9]/);
  await expect(page.getByTestId('dashboard-orders')).toContainText(/[1-9]/);
  // The demo event is running now: the screen says it refreshes itself.
  await expect(page.getByTestId('dashboard-live')).toContainText('Live');
  await expect(page.getByTestId('dashboard-chart').locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(page.getByTestId('dashboard-payments')).toContainText('Cash');
  const locations = page.getByTestId('dashboard-top-locations');
  await expect(locations.locator('tbody tr').first()).toBeVisible();
  await expect(page.getByTestId('dashboard-top-articles')).toContainText('Beer 50cl');
  await page.screenshot({ path: 'test-results/reports-dashboard.png', fullPage: true });

  // A festival day narrows the flows; the choice is in the URL.
  await page.getByTestId('filter-day').click();
  await page.getByRole('option').nth(1).click();
  await expect(page).toHaveURL(/day=/);
  await expect(page.getByTestId('dashboard-chart')).toBeVisible();
});

test('documents: sales and VAT downloaded as a spreadsheet; tabs follow the permissions', async ({
  page,
}) => {
  await openActiveEvent(page, 'admin@demo.test');
  await page.getByTestId('nav-documents').click();
  await expect(page).toHaveURL(/\/admin\/reports\/documents/);
  const table = page.getByTestId('document-salesVat');
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await expect(table.locator('tfoot')).toContainText('Total');
  // Billing documents are in the financial currency (EUR), not the event's tokens.
  await expect(table.locator('tfoot')).toContainText('€');
  await page.screenshot({ path: 'test-results/reports-documents.png', fullPage: true });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('document-salesVat-download').click(),
  ]);
  expect(download.suggestedFilename()).toBe('sales-vat-Sonora-Festival-2026.xlsx');
  expect((await readFile((await download.path())!)).subarray(0, 2).toString()).toBe('PK');

  await page.getByTestId('document-tab-staffCashUp').click();
  await expect(page.getByTestId('document-staffCashUp').locator('tbody tr').first()).toBeVisible();
  await page.getByTestId('document-tab-tickets').click();
  await expect(page.getByTestId('document-tickets').locator('tbody tr').first()).toBeVisible();
});

test('documents: a user with reportsLocation only sees the bar settlement', async ({ page }) => {
  // ops@demo.test holds infoventas and reportsLocation in the demo festival (README).
  await openActiveEvent(page, 'ops@demo.test');
  await page.getByTestId('nav-documents').click();
  await expect(page.getByTestId('document-tab-locations')).toBeVisible();
  await expect(page.getByTestId('document-tab-salesVat')).toHaveCount(0);
  await expect(page.getByTestId('document-tab-staffCashUp')).toHaveCount(0);
  await expect(page.getByTestId('document-locations').locator('tbody tr').first()).toBeVisible();
});

test('quick dashboard and top-ups report show the same money figures, each explained (issue 27 item 23)', async ({
  page,
}) => {
  await openActiveEvent(page, 'admin@demo.test');
  const figures = ['topUps', 'addonCredits', 'otherCredits', 'bonuses', 'fees', 'terminalRefunds'];
  const read = async () => {
    await expect(page.getByTestId('figure-topUps')).toContainText(/[1-9][\d.,]* T/);
    const out: Record<string, string> = {};
    for (const k of figures) out[k] = (await page.getByTestId(`figure-${k}`).innerText()).trim();
    return out;
  };
  await page.goto('/admin/reports/quickdashboard');
  const onDashboard = await read();
  // The demo's add-ons (AM, AV, AS-CC) are a figure of their own, never inside the top-ups.
  await expect(page.getByTestId('figure-addonCredits')).toContainText(/[1-9][\d.,]* T/);
  await expect(page.getByTestId('money-figures-help')).toContainText(
    'Add-ons, tickets and bonuses are not top-ups.',
  );
  await expect(page.getByTestId('money-figures-help')).toContainText('marked sent');
  await page.goto('/admin/reports/top-ups/overview');
  expect(await read()).toEqual(onDashboard);
  await expect(page.getByTestId('money-figures-help')).toContainText(
    'Add-ons, tickets and bonuses are not top-ups.',
  );
});
