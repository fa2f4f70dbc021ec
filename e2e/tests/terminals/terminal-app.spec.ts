import { expect, test } from '@playwright/test';
import { activeEventDesk, barOf, installed } from './terminal-helpers';

/**
 * The terminal web app (/terminal/) on a phone (360×740): set up by the event's configuration QR
 * pasted as text, a staff member signs in with their staff wristband, three sales online, five more
 * offline with a reload in the middle of one, back online: the server has every sale exactly once.
 */

const ATTENDEE = '04E2E7A1B2C301';

test('a bar terminal sells online and offline, survives a reload, and every sale reaches the server once', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  // A top-up kiosk of the same event (redeemed through the API): loads the wristband and reads it back.
  const { qr, kiosk: desk, config } = await activeEventDesk(page, 'E2E-TOPUP-KIOSK');

  // The event's real bar and one of its drinks.
  const { bar, items } = barOf(config);
  const drink = items[0]!;
  const start = 8 * drink.price + 1000;
  await desk.topUp(ATTENDEE, start);

  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'en-GB' });
  const terminal = await phone.newPage();
  await terminal.goto('/terminal/');
  await terminal.getByTestId('provision-qr').fill(qr);
  await terminal.getByTestId('provision-submit').click();
  await terminal.getByRole('button', { name: bar.name, exact: true }).click();
  // The demo's bar staff member Carmen Ruiz, her wristband as a USB reader types it (colons).
  await terminal.getByTestId('reader-serial').fill('04:CA:3E:00:00:00:01');
  await terminal.getByTestId('reader-read').click();
  await expect(terminal.getByTestId('signed-in')).toHaveText('Staff: Carmen Ruiz');
  // Installed: the service worker controls the page, so it loads with no network.
  await installed(terminal);

  const status = terminal.getByTestId('status-bar');
  const sell = async () => {
    await terminal.getByRole('button', { name: new RegExp(`^${drink.name}`) }).click();
    await terminal.getByTestId('sale-charge').click();
    await terminal.getByTestId('reader-serial').fill(ATTENDEE);
    await terminal.getByTestId('reader-read').click();
    await expect(terminal.getByTestId('sale-done')).toBeVisible();
    await terminal.getByTestId('sale-next').click();
  };

  for (let i = 0; i < 3; i++) await sell();
  await expect(status).toContainText('Online');
  await expect(status).toContainText('All sent');
  await expect.poll(async () => (await desk.band(ATTENDEE)).cash).toBe(start - 3 * drink.price);

  await phone.setOffline(true);
  for (let i = 0; i < 2; i++) await sell();
  await expect(status).toContainText('Offline');
  await expect(status).toContainText('2 operations waiting');
  // A reload in the middle of a sale: the drink in the cart is gone, the two sales are not.
  await terminal.getByRole('button', { name: new RegExp(`^${drink.name}`) }).click();
  await expect(terminal.getByTestId('cart-total')).not.toContainText('0.00');
  await terminal.reload();
  await expect(terminal.getByTestId('signed-in')).toHaveText('Staff: Carmen Ruiz');
  await expect(status).toContainText('2 operations waiting');
  for (let i = 0; i < 3; i++) await sell();
  await expect(status).toContainText('5 operations waiting');
  // Nothing reached the server while offline.
  expect((await desk.band(ATTENDEE)).cash).toBe(start - 3 * drink.price);

  await phone.setOffline(false);
  await expect(status).toContainText('All sent', { timeout: 30_000 });
  await expect(status).toContainText('Online');
  // Eight sales, each recorded once: the wristband paid eight drinks.
  expect(await desk.band(ATTENDEE)).toMatchObject({ cash: start - 8 * drink.price, gift: 0 });
  await phone.close();

  // The terminal is in the console's device registry, assigned to the event.
  await page.getByTestId('nav-configDevices').click();
  await expect(page.getByRole('row', { name: /WEB-.*Pulsera web terminal/ })).toContainText(
    'Sonora Festival 2026',
  );
});
