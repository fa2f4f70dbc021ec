import { expect, test } from '@playwright/test';
import { activeEventDesk, barOf, eventQr, phoneTerminal } from './terminal-helpers';

/**
 * The terminal's own menu below the staff sign-in, on a phone (360×740): moved from a bar to the
 * top-up point; set up again with a new configuration QR, a refused code leaving it as it was and a
 * good one keeping its serial; removed from the browser.
 */
test('a terminal changes location, is set up again with a new code, and is removed from the browser', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { qr, config } = await activeEventDesk(page, 'E2E-MENU-DESK-1');
  const { bar } = barOf(config);
  const point = config.locations.find(
    (l) => l.active && l.activities.includes('C') && !l.activities.includes('K'),
  )!;
  const { phone, terminal, member } = await phoneTerminal(browser, qr, config, bar.id);
  expect(member.locationIds === null || member.locationIds.includes(point.id)).toBe(true);
  const menu = terminal.getByTestId('terminal-menu');
  const openMenu = async () => {
    await terminal.getByRole('button', { name: 'Sign out' }).click();
    await menu.locator('summary').click();
  };
  const signIn = async () => {
    await terminal.getByTestId('reader-serial').fill(member.rfid!);
    await terminal.getByTestId('reader-read').click();
    await expect(terminal.getByTestId('signed-in')).toHaveText(`Staff: ${member.name}`);
  };

  // From the bar to the top-up point. The sign-in shows no trace of the last staff wristband.
  await openMenu();
  await expect(terminal.getByTestId('reader-serial')).toHaveValue('');
  await expect(menu.locator('summary')).toContainText('This terminal: ');
  await expect(menu.locator('summary')).toContainText(` · ${bar.name}`);
  const serial = (await menu.getByText(/^Terminal WEB-/).textContent())!;
  await terminal.getByTestId('terminal-change-place').click();
  await terminal.getByRole('button', { name: point.name, exact: true }).click();
  await signIn();
  await expect(terminal.locator('nav.who')).toContainText(point.name);
  await expect(terminal.getByText('Tap the wristband to top up or check its balance')).toBeVisible();

  // A refused code changes nothing; a good one sets the same terminal up again.
  await openMenu();
  await terminal.getByTestId('terminal-other-event').click();
  await menu.getByTestId('provision-qr').fill('PULSERA-DEVCFG:not-a-code');
  await menu.getByTestId('provision-submit').click();
  await expect(menu.getByRole('alert')).toContainText('The QR was refused');
  await menu.getByRole('button', { name: 'Back' }).click();
  await expect(menu.locator('summary')).toContainText(point.name);
  await terminal.getByTestId('terminal-other-event').click();
  await menu.getByTestId('provision-qr').fill(await eventQr(page));
  await menu.getByTestId('provision-submit').click();
  await expect(terminal.getByRole('heading', { name: 'Where does this terminal sell?' })).toBeVisible();
  await terminal.getByRole('button', { name: bar.name, exact: true }).click();
  await signIn();
  await openMenu();
  await expect(menu.getByText(/^Terminal WEB-/)).toHaveText(serial);

  // Removed: the browser is no terminal any more.
  await terminal.getByTestId('terminal-remove').click();
  await terminal.getByTestId('terminal-remove-confirm').click();
  await expect(terminal.getByRole('heading', { name: 'Set up this terminal' })).toBeVisible();
  await phone.close();
});
