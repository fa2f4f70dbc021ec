import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { openActiveEvent, signIn } from '../helpers';

test('chooses the active event and sees it at a glance', async ({ page }) => {
  await openActiveEvent(page, 'admin@demo.test');
  // Admins land on the event detail; the overview is one click away.
  await expect(page).toHaveURL(/\/admin\/events\/theevent/);
  await page.getByRole('link', { name: 'Event overview' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Sonora Festival 2026' })).toBeVisible();
  await expect(page.getByText('Sonora Live')).toBeVisible();
  await expect(page.getByText('1 EUR = 2 SNT')).toBeVisible();
});

test('filters by state and name, and downloads the list as a spreadsheet', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await page.getByText('Past', { exact: true }).click();
  await expect(page).toHaveURL(/choose-event\/past/);
  await expect(page.getByRole('cell', { name: 'Sonora Winter 2025' })).toBeVisible();
  await page.getByTestId('events-search').fill('mar azul');
  await page.getByTestId('events-search').press('Enter');
  await expect(page).toHaveURL(/eventName=mar/);
  await expect(page.getByRole('cell', { name: 'Sonora Winter 2025' })).toHaveCount(0);
  await expect(page.getByRole('cell', { name: /Mar Azul Beach 2026/ })).toBeVisible();
  // The filter lives in the URL: a reload keeps it.
  await page.reload();
  await expect(page.getByRole('cell', { name: /Mar Azul Beach 2026/ })).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('events-download').click(),
  ]);
  expect(download.suggestedFilename()).toBe('events-past.xlsx');
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 2).toString()).toBe('PK'); // an xlsx is a zip
});

test('an admin creates an event; a super admin closes it', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await page.getByTestId('event-new').click();
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Required field')).toBeVisible();
  await page.getByTestId('new-event-name').fill('Harbour Nights 2026');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByTestId('current-event')).toHaveText('Harbour Nights 2026');
  // Admins cannot close events.
  await page.goto('/admin/choose-event/all?eventName=Harbour');
  await expect(page.getByRole('cell', { name: 'Harbour Nights 2026' })).toBeVisible();
  await expect(page.locator('[data-testid^="close-event-"]')).toHaveCount(0);

  await page.getByTestId('user-menu').click();
  await page.getByTestId('sign-out').click();
  await signIn(page, 'super@demo.test');
  await page.goto('/admin/choose-event/all?eventName=Harbour');
  await page.locator('[data-testid^="close-event-"]').click();
  await expect(page.getByText('Do you want to close this event?')).toBeVisible();
  await page.getByRole('button', { name: 'Yes, deactivate' }).click();
  await expect(page.getByText('Event closed')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Harbour Nights 2026' })).toBeVisible();
  await expect(page.getByText('closed', { exact: true })).toBeVisible();
  await page.getByText('Pending', { exact: true }).click();
  await expect(page.getByRole('cell', { name: 'Harbour Nights 2026' })).toHaveCount(0);
  // 01-console §4: a closed event moves to the closed list.
  await page.getByText('Closed', { exact: true }).click();
  await expect(page).toHaveURL(/choose-event\/closed/);
  await expect(page.getByRole('cell', { name: 'Harbour Nights 2026' })).toBeVisible();
});
