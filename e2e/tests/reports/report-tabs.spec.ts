import { expect, test } from '@playwright/test';
import { openActiveEvent } from '../helpers';

/**
 * 01-console §2: capacities' tabs zones-access, real-time and config, bonuses' manual and wristbands'
 * per-day are child routes; each tab has its own address, and the old addresses (?tab=…) land there.
 */
test('each report tab has its own address, and the old ?tab= addresses redirect to it', async ({ page }) => {
  await openActiveEvent(page, 'admin@demo.test');

  await page.goto('/admin/reports/capacities?tab=config');
  await expect(page).toHaveURL(/\/admin\/reports\/capacities\/config$/);
  await expect(page.getByTestId('capacity-config-table')).toBeVisible();
  await page.getByTestId('capacity-tab-zones').click();
  await expect(page).toHaveURL(/\/admin\/reports\/capacities\/zones-access$/);
  await expect(page.getByTestId('capacity-zones-table')).toBeVisible();
  // The screen's own address opens its first tab's address; the menu link stays current.
  await page.goto('/admin/reports/capacities');
  await expect(page).toHaveURL(/\/admin\/reports\/capacities\/zones-access$/);
  await expect(page.getByTestId('nav-capacities')).toHaveAttribute('aria-current', 'page');

  await page.goto('/admin/reports/bonuses?tab=manual');
  await expect(page).toHaveURL(/\/admin\/reports\/bonuses\/manual$/);
  await expect(page.getByTestId('manual-bonuses-table')).toBeVisible();
  await page.getByTestId('bonuses-tab-automatic').click();
  await expect(page).toHaveURL(/\/admin\/reports\/bonuses\/automatic$/);
  await expect(page.getByTestId('automatic-bonuses-table')).toBeVisible();

  await page.goto('/admin/reports/wristbands?tab=perDay');
  await expect(page).toHaveURL(/\/admin\/reports\/wristbands\/per-day$/);
  await expect(page.getByTestId('wristbands-per-day-table')).toBeVisible();
  await page.getByTestId('wristbands-tab-overview').click();
  await expect(page).toHaveURL(/\/admin\/reports\/wristbands\/overview$/);
  // A tab's address opened directly shows that tab (bookmarks and shared links).
  await page.goto('/admin/reports/wristbands/per-day');
  await expect(page.getByTestId('wristbands-per-day-table')).toBeVisible();
  await expect(page.getByTestId('wristbands-tab-perDay')).toHaveAttribute('aria-selected', 'true');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: 'test-results/report-tabs-wristbands-per-day.png', fullPage: true });
});
