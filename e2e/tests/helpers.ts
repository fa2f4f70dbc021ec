import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { dataDirFor } from './data-dir';

export const PASSWORD = 'Festival-2026!';

/**
 * Fills the sign-in form. Unless the caller expects a refusal or a further step (`wait: false`), it
 * waits until the console has taken the session, so the next navigation is signed in.
 */
export async function signIn(page: Page, email: string, password = PASSWORD, wait = true) {
  await page.goto('/auth/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (wait) await expect(page).toHaveURL(/\/admin|\/auth\/change-password/);
}

/** Signs in and opens the active demo festival from the chooser. */
export async function openActiveEvent(page: Page, email: string) {
  await signIn(page, email);
  await expect(page.getByRole('heading', { name: 'Choose an event' })).toBeVisible();
  await page.getByRole('cell', { name: 'Sonora Festival 2026' }).click();
  await expect(page.getByTestId('current-event')).toHaveText('Sonora Festival 2026');
}

/**
 * Waits for the success notice of a save, then closes every notice, so that the next save's notice
 * is the only one on screen (two at once would make the check ambiguous).
 */
export async function expectSaved(page: Page) {
  const notices = page.getByText('Operation successfully ended');
  await expect(notices.last()).toBeVisible();
  for (const close of await page.locator('.mantine-Notification-closeButton').all())
    await close.click().catch(() => {});
  await expect(notices).toHaveCount(0);
}

/**
 * The data folder of the server this test runs against: each project of playwright.config.ts has a
 * server of its own, on the port of its `baseURL`.
 */
export const serverDataDir = () => dataDirFor(Number(new URL(test.info().project.use.baseURL ?? '').port));

/** The e2e server's outbox (DATA_DIR/outbox, see playwright.config.ts and scripts/e2e-server.mjs). */
export const outboxDir = () => path.join(serverDataDir(), 'outbox');

/**
 * The link to a page (a password link unless told) in the newest e-mail the server wrote to the outbox
 * for this address (waits for it to arrive); quoted-printable soft line breaks are undone.
 */
export async function mailedLink(to: string, page = '/auth/password'): Promise<string> {
  let link = '';
  await expect
    .poll(
      () => {
        const files = existsSync(outboxDir())
          ? readdirSync(outboxDir())
              .filter((f) => f.endsWith('.eml') && f.toLowerCase().includes(to.toLowerCase()))
              .sort()
          : [];
        const last = files.at(-1);
        if (!last) return '';
        const raw = readFileSync(path.join(outboxDir(), last), 'utf8')
          .replace(/=\r?\n/g, '')
          .replace(/=3D/g, '=');
        link = raw.match(new RegExp(`https?://\\S+${page}\\?token=[A-Za-z0-9_.%-]+`))?.[0] ?? '';
        return link;
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  return link;
}
