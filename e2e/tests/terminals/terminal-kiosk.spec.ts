import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { activeEventDesk, installed, phoneTerminal } from './terminal-helpers';

/**
 * The kiosk (customer service, issue 30) on a phone (360×740) at the demo's top-up kiosks, offline:
 * a wristband with 30.00 € is changed for a new one (its balance moves), the new one is refunded in
 * cash by the event's refund rule (a receipt), and the old one, replaced, holds nothing. Back online
 * both reach the server once, and the console's customer screen shows the change and the refund.
 */
test('a kiosk changes a wristband and refunds the new one offline; the console shows both', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const { qr, kiosk: api, config } = await activeEventDesk(page, 'E2E-KIOSK-DESK');
  const kiosks = config.locations.find((l) => l.name === 'Top-up kiosks')!;
  const serial = () => `04${randomBytes(6).toString('hex').toUpperCase()}`;
  const [oldBand, newBand] = [serial(), serial()];
  await api.topUp(oldBand, 3000);
  const { phone, terminal } = await phoneTerminal(browser, qr, config, kiosks.id);
  const tap = async (rfid: string) => {
    await terminal.getByTestId('reader-serial').fill(rfid);
    await terminal.getByTestId('reader-read').click();
  };
  await terminal.getByTestId('mode-kiosk').click();
  // Learned online (its balance), then the kiosk works offline.
  await tap(oldBand);
  await expect(terminal.getByTestId('kiosk-refund')).toHaveText('Refund 30.00 € in cash');
  await installed(terminal);
  await phone.setOffline(true);

  await terminal.getByTestId('kiosk-change').click();
  await tap(oldBand);
  await expect(terminal.getByTestId('kiosk-error')).toHaveText(
    'That is the same wristband: tap the new one.',
  );
  await tap(newBand);
  await expect(terminal.getByTestId('kiosk-changed')).toContainText(
    `Balance moved from ${oldBand} to ${newBand}`,
  );
  await terminal.getByTestId('kiosk-next').click();

  await tap(newBand);
  await expect(terminal.getByTestId('kiosk-refund')).toBeEnabled();
  await terminal.getByTestId('kiosk-refund').click();
  await expect(terminal.getByTestId('kiosk-receipt')).toContainText('Refund receipt');
  await expect(terminal.getByTestId('kiosk-refunded')).toHaveText('Paid back in cash: 30.00 €');
  await terminal.screenshot({ path: 'test-results/terminal-kiosk-receipt.png' });
  await terminal.getByTestId('kiosk-next').click();

  // Refunded: nothing left to refund; the old wristband was replaced.
  await tap(newBand);
  await expect(terminal.getByTestId('kiosk-refund-why')).toHaveText(
    'Nothing to refund: the cash balance is empty.',
  );
  await terminal.getByRole('button', { name: 'Back' }).click();
  await tap(oldBand);
  await expect(terminal.getByTestId('kiosk-error')).toHaveText(
    `Wristband ${oldBand} was replaced by another one: it holds nothing.`,
  );
  const status = terminal.getByTestId('status-bar');
  await expect(status).toContainText('2 operations waiting');

  await phone.setOffline(false);
  await expect(status).toContainText('All sent', { timeout: 30_000 });
  expect(await api.band(newBand)).toMatchObject({ cash: 0 });
  expect(await api.band(oldBand)).toMatchObject({ cash: 0 });
  await phone.close();

  // The console: the new wristband's customer shows the change and the refund.
  await page.getByTestId('nav-customers').click();
  await page.getByTestId('customers-search-rfid').fill(newBand);
  await page.getByTestId('customers-search-submit').click();
  await page.getByTestId('customers-results').locator('tbody tr').first().click();
  await page.getByTestId('customers-tab-features').click();
  await expect(page.getByTestId('customers-wristband-changes')).toContainText(oldBand);
  await page.getByTestId('customers-tab-summary').click();
  await expect(page.getByTestId('customers-extract')).toContainText('Full refund');
});
