import { expect, test } from '@playwright/test';
import { signIn } from '../helpers';

test('switches language on the sign-in page and keeps it', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByTestId('language-select').click();
  await page.getByRole('option', { name: 'Español' }).click();
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  await expect(page.getByLabel('Correo electrónico')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  // Server messages follow the chosen language too.
  await page.getByLabel('Correo electrónico').fill('admin@demo.test');
  await page.getByRole('textbox', { name: 'Contraseña' }).fill('wrong-password');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByTestId('login-error')).toHaveText('Correo electrónico o contraseña incorrectos');
  // Back to English for the other tests of this browser context.
  await page.getByTestId('language-select').click();
  await page.getByRole('option', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});

test('switches the console to French and Italian', async ({ page }) => {
  await signIn(page, 'super@demo.test');
  await page.getByTestId('language-select').click();
  await page.getByRole('option', { name: 'Français' }).click();
  await expect(page.getByRole('heading', { name: 'Choisissez un événement' })).toBeVisible();
  await page.getByTestId('language-select').click();
  await page.getByRole('option', { name: 'Italiano' }).click();
  await expect(page.getByRole('heading', { name: 'Scegli un evento' })).toBeVisible();
  await page.getByTestId('language-select').click();
  await page.getByRole('option', { name: 'English' }).click();
});
