import { expect, test } from '@playwright/test';
import { expectSaved, openActiveEvent } from '../helpers';
import { eventQr } from './terminal-helpers';

/**
 * Staff sign in on a terminal with a PIN the console set, offline against its cached hash: a wrong
 * PIN is refused, the right one signs them in (issue 29).
 */
test('a staff member signs in on a phone with the PIN the console set; a wrong one is refused', async ({
  page,
  browser,
}) => {
  await openActiveEvent(page, 'admin@demo.test');
  await page.goto('/admin/events/staffs');
  await page.locator('main tbody tr').filter({ hasText: 'Carmen Ruiz' }).first().click();
  const form = page.getByTestId('resource-detail');
  await expect(form.getByText('No PIN yet')).toBeVisible();
  await form.getByTestId('field-pin').fill('12');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('A PIN is 4 to 8 digits')).toBeVisible();
  await form.getByTestId('field-pin').fill('4821');
  await form.getByRole('button', { name: 'Save' }).click();
  await expectSaved(page);
  // Reopened, the form says a PIN is set, never what it is.
  await page.locator('main tbody tr').filter({ hasText: 'Carmen Ruiz' }).first().click();
  await expect(form.getByText('A PIN is set')).toBeVisible();
  await expect(form.getByTestId('field-pin')).toHaveValue('');

  const qr = await eventQr(page);
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'en-GB' });
  const terminal = await phone.newPage();
  await terminal.goto('/terminal/');
  await terminal.getByTestId('provision-qr').fill(qr);
  await terminal.getByTestId('provision-submit').click();
  await terminal.getByRole('button', { name: 'Top-up kiosks', exact: true }).click();
  await terminal.getByTestId('pin-staff').selectOption({ label: 'Carmen Ruiz' });
  await terminal.getByTestId('pin-input').fill('0000');
  await terminal.getByTestId('pin-submit').click();
  await expect(terminal.getByRole('alert')).toHaveText('Wrong PIN.');
  await terminal.getByTestId('pin-input').fill('4821');
  await terminal.getByTestId('pin-submit').click();
  await expect(terminal.getByTestId('signed-in')).toHaveText('Staff: Carmen Ruiz');
  await phone.close();
});
