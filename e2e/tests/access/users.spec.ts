import { type Browser, expect, type Page, test } from '@playwright/test';
import { createGuardrails, generate } from 'otplib';
import { expectSaved, mailedLink, signIn } from '../helpers';

/**
 * People (issue 13): a users admin invites a colleague with access to one event (a role plus a code
 * given directly); the invitation arrives in the e-mail outbox; the colleague chooses a password and
 * sees only that event and the screens granted; a revoked code is refused at their next action; an
 * edited role changes its holders; a one-time code with recovery codes, each used once.
 */
test.setTimeout(240_000);
test.describe.configure({ mode: 'serial' });

// Each run has a fresh database (scripts/e2e-server.mjs); the second test signs in as this colleague.
const EMAIL = 'paula@promoter.test';
const NEW_PASSWORD = 'Tide-Pool-Lantern-7!';

async function newPage(browser: Browser): Promise<Page> {
  const ctx = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    locale: 'en-GB',
    timezoneId: 'Europe/Madrid',
  });
  return ctx.newPage();
}

async function signOut(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('sign-out').click();
  await expect(page).toHaveURL(/\/auth\/login/);
}

const accessCard = (page: Page) =>
  page.getByTestId('access-card').filter({ hasText: 'Sonora Festival 2026' });

test('a users admin invites a colleague, who sees only what was granted; revocations and role edits bite', async ({
  page,
  browser,
}) => {
  // 1. users@ creates the user with a role and one direct code in the active festival.
  await signIn(page, 'users@demo.test');
  await page.goto('/admin/configuration/users');
  await expect(page.getByRole('heading', { name: 'Console users' })).toBeVisible();
  await page.getByTestId('resource-new').click();
  const detail = page.getByTestId('resource-detail');
  await detail.getByLabel('Name').fill('Paula Promoter');
  await detail.getByLabel('E-mail').fill(EMAIL);
  // Flags above a users admin are not offered.
  await expect(detail.getByRole('checkbox', { name: 'Mega admin' })).toBeDisabled();
  await detail.getByTestId('access-add-event').click();
  await page.getByRole('option', { name: 'Sonora Festival 2026' }).click();
  await accessCard(page).getByTestId('access-roles').click();
  await page.getByRole('option', { name: 'Promoter, read only' }).click();
  await accessCard(page).getByTestId('access-codes-toggle').click();
  await accessCard(page).getByRole('checkbox', { name: 'Zones', exact: true }).check();
  await detail.getByTestId('resource-save').click();
  // The notice says the invitation was e-mailed (not only "Operation successfully ended").
  await expect(page.getByText(`Invitation sent to ${EMAIL}`)).toBeVisible();
  await expect(page.getByRole('cell', { name: EMAIL })).toBeVisible();
  // The whole list downloads as a spreadsheet.
  const download = page.waitForEvent('download');
  await page.getByTestId('users-download').click();
  expect((await download).suggestedFilename()).toBe('console-users.xlsx');

  // 2. The invitation arrives; the colleague chooses a password (a common one is refused).
  const link = await mailedLink(EMAIL);
  const colleague = await newPage(browser);
  await colleague.goto(link);
  await expect(colleague.getByRole('heading', { name: 'Welcome: choose your password' })).toBeVisible();
  const pwd = colleague.getByLabel('New password', { exact: true });
  await pwd.fill('Welcome1!');
  await colleague.getByLabel('Repeat the new password').fill('Welcome1!');
  await colleague.getByRole('button', { name: 'Save the password' }).click();
  await expect(colleague.getByTestId('password-problems')).toContainText('too common');
  await pwd.fill(NEW_PASSWORD);
  await colleague.getByLabel('Repeat the new password').fill(NEW_PASSWORD);
  await colleague.getByRole('button', { name: 'Save the password' }).click();
  await expect(colleague.getByTestId('password-chosen')).toBeVisible();
  // The link works once.
  await colleague.goto(link);
  await expect(colleague.getByTestId('token-invalid')).toBeVisible();

  // 3. Only the granted event, and only the granted screens.
  await signIn(colleague, EMAIL, NEW_PASSWORD);
  await expect(colleague.getByRole('heading', { name: 'Choose an event' })).toBeVisible();
  await expect(colleague.getByRole('cell', { name: 'Sonora Festival 2026' })).toBeVisible();
  await colleague.goto('/admin/choose-event/past');
  await expect(colleague.getByRole('cell', { name: 'Mar Azul Beach 2026' })).toHaveCount(0);
  await colleague.goto('/admin/choose-event/active');
  await colleague.getByRole('cell', { name: 'Sonora Festival 2026' }).click();
  await expect(colleague.getByTestId('current-event')).toHaveText('Sonora Festival 2026');
  await expect(colleague.getByTestId('nav-zones')).toBeVisible();
  await expect(colleague.getByTestId('nav-quickdashboard')).toBeVisible();
  await expect(colleague.getByTestId('nav-locations')).toHaveCount(0);
  await expect(colleague.getByTestId('nav-users')).toHaveCount(0);
  await colleague.getByTestId('nav-zones').click();
  await expect(colleague.getByRole('heading', { name: 'Zones' })).toBeVisible();

  // 4. The admin takes the direct code away: the colleague's next action is refused.
  await page.getByRole('cell', { name: EMAIL }).click();
  await accessCard(page).getByTestId('access-codes-toggle').click();
  await accessCard(page).getByRole('checkbox', { name: 'Zones', exact: true }).uncheck();
  await detail.getByTestId('resource-save').click();
  await expectSaved(page);
  await colleague.reload();
  // One clear message, and the menu as it now is (issue 27 item 8).
  await expect(colleague.getByText('Your access in Sonora Festival 2026 has changed')).toBeVisible();
  await colleague.getByRole('dialog', { name: 'No access' }).getByRole('button', { name: 'OK' }).click();
  await expect(colleague.getByTestId('nav-zones')).toHaveCount(0);

  // 5. A super admin edits the role to include zones: its holders get it at their next request.
  await signOut(page);
  await signIn(page, 'mega@demo.test');
  await page.goto('/admin/configuration/roles');
  await page.getByRole('cell', { name: 'Promoter, read only' }).click();
  await page.getByTestId('role-permissions').getByRole('checkbox', { name: 'Zones', exact: true }).check();
  await page.getByTestId('resource-save').click();
  await expectSaved(page);
  // A role in use is not deleted; the refusal names who holds it.
  await page.getByRole('cell', { name: 'Promoter, read only' }).click();
  await page.getByTestId('resource-detail').getByRole('button', { name: 'Delete' }).click();
  await page.getByTestId('confirm-yes').click();
  await expect(page.getByText(`${EMAIL} (Sonora Festival 2026)`)).toBeVisible();

  await colleague.goto('/admin/access/zones');
  await expect(colleague.getByRole('heading', { name: 'Zones' })).toBeVisible();
  await expect(colleague.getByText('Your access in Sonora Festival 2026 has changed')).toHaveCount(0);
});

test('one-time code with recovery codes: a recovery code signs in once', async ({ page }) => {
  // The colleague of the first test (their own code; an administrator's reset is an API test).
  await signIn(page, EMAIL, NEW_PASSWORD);
  await page.getByTestId('user-menu').click();
  await page.getByTestId('one-time-code').click();
  await expect(page.getByTestId('otp-state')).toHaveText('Not enabled');
  await page.getByTestId('otp-start').click();
  const secret = (await page.getByTestId('otp-secret').textContent())!.trim();
  const code = await generate({ secret, guardrails: createGuardrails({ MIN_SECRET_BYTES: 10 }) });
  await page.getByTestId('otp-confirm-code').locator('input').first().click();
  await page.keyboard.type(code);
  await page.getByTestId('otp-confirm').click();
  const codes = page.getByTestId('recovery-codes').locator('code');
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.first().textContent())!.trim();
  await page.getByTestId('recovery-saved').click();
  await signOut(page);

  const useRecovery = async () => {
    await signIn(page, EMAIL, NEW_PASSWORD, false);
    await expect(page.getByRole('heading', { name: 'One-time code' })).toBeVisible();
    await page.getByTestId('use-recovery-code').click();
    await page.getByTestId('recovery-code').fill(recovery);
    await page.getByRole('button', { name: 'Verify' }).click();
  };
  await useRecovery();
  await expect(page).toHaveURL(/\/admin/);
  await signOut(page);
  await useRecovery();
  await expect(page.getByTestId('login-error')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login/);
});

test('a new address is confirmed from that address; until then the user keeps the old one', async ({
  page,
}) => {
  const NEW_EMAIL = 'paula.new@promoter.test';
  await signIn(page, 'mega@demo.test');
  await page.goto('/admin/configuration/users');
  await page.getByRole('cell', { name: EMAIL }).click();
  const detail = page.getByTestId('resource-detail');
  await detail.getByLabel('E-mail').fill(NEW_EMAIL);
  await detail.getByTestId('resource-save').click();
  await expect(page.getByText(`A confirmation link was sent to ${NEW_EMAIL}`)).toBeVisible();
  // Nothing changed yet: the list still shows the address on file.
  await expect(page.getByRole('cell', { name: EMAIL })).toBeVisible();
  const link = await mailedLink(NEW_EMAIL, '/auth/confirm-email');
  await signOut(page);
  await page.goto(link);
  await expect(page.getByText(`Your e-mail address is now ${NEW_EMAIL}`)).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login/);
  // The link works once.
  await page.goto(link);
  await expect(page.getByText('Sorry, your token is not valid')).toBeVisible();
  await signIn(page, 'mega@demo.test');
  await page.goto('/admin/configuration/users');
  await expect(page.getByRole('cell', { name: NEW_EMAIL })).toBeVisible();
  await expect(page.getByRole('cell', { name: EMAIL, exact: true })).toHaveCount(0);
});
