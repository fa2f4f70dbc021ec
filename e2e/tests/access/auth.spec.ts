import { expect, test } from '@playwright/test';
import { createGuardrails, generate } from 'otplib';
import { PASSWORD, signIn } from '../helpers';

test('signs in, lands on the event chooser, and signs out', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await expect(page).toHaveURL(/\/admin\/choose-event\/active/);
  await expect(page.getByRole('heading', { name: 'Choose an event' })).toBeVisible();
  await expect(page.getByTestId('version')).toHaveText('Version 1.60.1');
  await page.getByTestId('user-menu').click();
  await page.getByTestId('sign-out').click();
  await expect(page).toHaveURL(/\/auth\/login/);
  // Signed out for real: the console sends the user back to sign-in.
  await page.goto('/admin/choose-event/active');
  await expect(page).toHaveURL(/\/auth\/login/);
});

test('refuses a wrong password with a clear message and keeps the form', async ({ page }) => {
  await signIn(page, 'admin@demo.test', 'not-the-password', false);
  await expect(page.getByTestId('login-error')).toHaveText('Wrong e-mail or password');
  await expect(page).toHaveURL(/\/auth\/login/);
  await page.getByLabel('E-mail').fill('not-an-email');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Invalid e-mail')).toBeVisible();
});

test('asks for the one-time code and signs in with it', async ({ page }) => {
  await signIn(page, 'otp@demo.test', undefined, false);
  await expect(page.getByRole('heading', { name: 'One-time code' })).toBeVisible();
  // The single code field has the focus.
  const first = page.getByTestId('otp').locator('input').first();
  await expect(first).toBeFocused();
  const code = await generate({
    secret: 'JBSWY3DPEHPK3PXP',
    guardrails: createGuardrails({ MIN_SECRET_BYTES: 10 }),
  });
  await page.keyboard.type(code);
  await expect(page).toHaveURL(/\/admin\/choose-event\/active/);
});

test('forces a new administrator to change the password first', async ({ page }) => {
  await signIn(page, 'fresh@demo.test', 'Harbour-Lights-2026!');
  await expect(page).toHaveURL(/\/auth\/change-password/);
  await expect(page.getByTestId('password-info')).toBeVisible();
  // The console does not let them in before the change.
  await page.goto('/admin/choose-event/active');
  await expect(page).toHaveURL(/\/auth\/change-password/);

  const pwd = page.getByLabel('New password', { exact: true });
  await pwd.fill('short');
  await page.getByLabel('Repeat the new password').fill('short');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByTestId('password-problems')).toContainText('At least 8 characters');
  await expect(page.getByTestId('password-problems')).toContainText('Include at least one symbol');

  await pwd.fill('Lantern-Quay-58');
  await page.getByLabel('Repeat the new password').fill('Lantern-Quay-58');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/admin\/choose-event\/active/);

  // The old password no longer works, the new one does.
  await page.getByTestId('user-menu').click();
  await page.getByTestId('sign-out').click();
  await signIn(page, 'fresh@demo.test', 'Harbour-Lights-2026!', false);
  await expect(page.getByTestId('login-error')).toBeVisible();
  await signIn(page, 'fresh@demo.test', 'Lantern-Quay-58');
  await expect(page).toHaveURL(/\/admin\/choose-event\/active/);
  expect(PASSWORD).not.toBe('Lantern-Quay-58');
});

test('an invalid schedule link says so and returns to sign-in', async ({ page }) => {
  await page.goto('/auth/schedule?apiScheduleToken=forged');
  await expect(page.getByText('Sorry, your token is not valid')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login/);
});
