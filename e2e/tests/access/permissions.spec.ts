import { expect, test } from '@playwright/test';
import { openActiveEvent, signIn } from '../helpers';

test('a non-admin sees only what they may open and is sent away from a route they lack', async ({ page }) => {
  await openActiveEvent(page, 'ops@demo.test');
  // ops has event trusts but is no super admin: no banned wristbands in the navigation…
  await expect(page.getByTestId('nav-banRfids')).toHaveCount(0);
  // …and typing the address sends them away with the no-access message.
  await page.goto('/admin/events/ban-rfids');
  await expect(page.getByText('You have no access to this resource')).toBeVisible();
  await expect(page).not.toHaveURL(/ban-rfids/);
  await expect(page.getByRole('heading', { name: 'Banned wristbands' })).toHaveCount(0);
});

test('an admin who is not a super admin is refused the super-admin screen', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await expect(page.getByRole('heading', { name: 'Choose an event' })).toBeVisible();
  await page.goto('/admin/events/ban-rfids');
  await expect(page.getByText('You have no access to this resource')).toBeVisible();
  await expect(page).not.toHaveURL(/ban-rfids/);
});

test('unknown console pages say so; unknown top-level paths go to sign-in', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await expect(page.getByRole('heading', { name: 'Choose an event' })).toBeVisible();
  await page.goto('/admin/no/such/screen');
  await expect(page.getByTestId('not-found')).toHaveText('Page not found');
  await page.goto('/somewhere-else');
  await expect(page).toHaveURL(/\/admin|\/auth\/login/);
});
