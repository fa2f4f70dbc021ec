import { expect, type Page, test } from '@playwright/test';
import { openActiveEvent } from '../helpers';

/** The capacity log toggle on the config tab, switched to `on` (it may already be). */
async function setLog(page: Page, on: boolean) {
  await page.getByTestId('capacity-tab-config').click();
  const toggle = page.getByTestId('capacity-log-toggle');
  if ((await toggle.isChecked()) !== on) {
    await toggle.click({ force: true });
    await expect(toggle).toBeChecked({ checked: on });
  }
}

test('capacities: people per zone, the live chart with the log on, no real-time tab with it off', async ({
  page,
}) => {
  await openActiveEvent(page, 'admin@demo.test');
  await page.getByTestId('nav-capacities').click();
  await expect(page).toHaveURL(/\/admin\/reports\/capacities/);

  // Zones access: the demo festival's zones with their entries and exits.
  const zones = page.getByTestId('capacity-zones-table');
  await expect(zones).toContainText('Festival grounds');
  await expect(zones).toContainText('Festival grounds › VIP area');
  await expect(zones).toContainText('No control');
  await expect(page.getByTestId('capacity-live')).toBeVisible();
  await expect(page.getByTestId('capacity-zones-chart')).toBeVisible();
  await page.screenshot({ path: 'test-results/reports-capacity-zones.png', fullPage: true });

  // The log off: no real-time tab.
  await setLog(page, false);
  await expect(page.getByTestId('capacity-tab-realtime')).toHaveCount(0);
  await expect(page.getByTestId('capacity-config-table')).toContainText('10:00');

  // On: the current slot is logged at once and the real-time tab draws it.
  await setLog(page, true);
  await page.getByTestId('capacity-tab-realtime').click();
  const chart = page.getByTestId('capacity-log-chart');
  // Just switched on, the log holds the current slot: one dot per zone, a line as the slots add up.
  await expect(chart.locator('.recharts-line-dots circle, .recharts-line-curve').first()).toBeVisible();
  await expect(chart).toContainText('Festival grounds');
  await expect(page.getByTestId('capacity-log-table').locator('tbody tr').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/reports-capacity-realtime.png', fullPage: true });

  // Off again: the tab goes, also after a reload.
  await setLog(page, false);
  await expect(page.getByTestId('capacity-tab-realtime')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('capacity-tab-zones')).toBeVisible();
  await expect(page.getByTestId('capacity-tab-realtime')).toHaveCount(0);
});

test('ticketing: find a ticket and delete its validation after confirming', async ({ page }) => {
  await openActiveEvent(page, 'admin@demo.test');
  await page.getByTestId('nav-validations').click();
  // The shell opens its first tab: tickets per ticket role.
  await expect(page).toHaveURL(/\/admin\/reports\/validations\/tickets/);
  await expect(page.getByTestId('tickets-rol-table').locator('tbody tr').first()).toBeVisible();
  await expect(page.getByTestId('stat-pending')).toContainText(/[1-9]/);

  await page.getByTestId('tab-ticketingSearch').click();
  await expect(page).toHaveURL(/\/validations\/search/);
  await page.getByTestId('ticket-search').fill('T42-0000');
  const card = page.locator('[data-testid^="ticket-T42-"]').first();
  await expect(card).toBeVisible();
  const code = (await card.getAttribute('data-testid'))!.replace('ticket-', '');
  const ticket = page.getByTestId(`ticket-${code}`);
  await expect(ticket.getByTestId('ticket-state')).toHaveText('Validated');
  await page.screenshot({ path: 'test-results/reports-ticket-search.png', fullPage: true });

  // Back leaves it alone.
  const deletes = ticket.locator('[data-testid^="delete-validation-"]');
  const before = await deletes.count();
  await deletes.first().click();
  await expect(page.getByText('Delete this validation?')).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(deletes).toHaveCount(before);

  // Yes, delete: every validation of the ticket, and it is not validated any more.
  for (let left = before; left > 0; left--) {
    await deletes.first().click();
    await expect(page.getByText(new RegExp(`The validation of ticket ${code}`))).toBeVisible();
    await page.getByTestId('confirm-yes').click();
    await expect(deletes).toHaveCount(left - 1);
  }
  await expect(ticket.getByTestId('ticket-state')).toHaveText('Not validated');
  await expect(ticket).toContainText('Not validated yet');
});
