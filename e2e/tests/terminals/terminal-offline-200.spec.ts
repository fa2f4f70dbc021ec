import { expect, test } from '@playwright/test';
import { openActiveEvent } from '../helpers';
import {
  barOf,
  consoleHeaders,
  deviceDesk,
  eventQr,
  installed,
  phoneTerminal,
  tap,
} from './terminal-helpers';

/**
 * A day at a bar on a tablet in landscape (1280×800): 20 sales and 5 top-ups (a phone at the top-up
 * point) online, then the network drops and 200 more sales are made, the page reloaded in the middle
 * of one; back online, the console's customer extract shows every operation once, and each
 * wristband's extract ends at its balance.
 */

const BANDS = Array.from({ length: 20 }, (_, i) => `04E2E7A1B2D3${(i + 16).toString(16).toUpperCase()}`);
const START = 20_000;

test('200 sales offline with a reload in the middle reach the console once each, and the ledger meets the balances', async ({
  page,
  browser,
}) => {
  test.setTimeout(600_000);
  await openActiveEvent(page, 'admin@demo.test');
  const qr = await eventQr(page);
  const desk = await deviceDesk(page.request, qr, 'E2E-OFFLINE-200-DESK');
  const config = await desk.config();
  const { bar, items } = barOf(config);
  // The bar's cheapest drink: ten of them offline stay within the offline limit of one wristband.
  const drink = items.reduce((a, b) => (b.price < a.price ? b : a));
  expect(10 * drink.price).toBeLessThanOrEqual(10_000);
  for (const band of BANDS) await desk.topUp(band, START);

  const { phone: tablet, terminal } = await phoneTerminal(browser, qr, config, bar.id, {
    width: 1280,
    height: 800,
  });
  if (await terminal.getByTestId('mode-sale').isVisible()) await terminal.getByTestId('mode-sale').click();
  await installed(terminal);
  const status = terminal.getByTestId('status-bar');
  const sell = async (band: string) => {
    await terminal.getByRole('button', { name: new RegExp(`^${drink.name}`) }).click();
    await terminal.getByTestId('sale-charge').click();
    await tap(terminal, band);
    await expect(terminal.getByTestId('sale-done')).toBeVisible();
    await terminal.getByTestId('sale-next').click();
  };

  // Online: one sale on each wristband (the terminal learns their balances).
  for (const band of BANDS) await sell(band);
  await expect(status).toContainText('All sent', { timeout: 30_000 });

  // Five top-ups of 50.00 online at the top-up point, on a phone.
  const point = config.locations.find((l) => l.active && l.activities.includes('C'))!;
  const { phone, terminal: topUpPoint } = await phoneTerminal(browser, qr, config, point.id);
  if (await topUpPoint.getByTestId('mode-topUp').isVisible())
    await topUpPoint.getByTestId('mode-topUp').click();
  const topped = BANDS.slice(0, 5);
  for (const band of topped) {
    await tap(topUpPoint, band);
    await topUpPoint.getByRole('button', { name: '100.00 T', exact: true }).click();
    await topUpPoint.getByTestId('topup-cash').click();
    await expect(topUpPoint.getByTestId('topup-done')).toBeVisible();
    await topUpPoint.getByTestId('topup-next').click();
  }
  await expect(topUpPoint.getByTestId('status-bar')).toContainText('All sent', { timeout: 30_000 });
  await phone.close();

  // Offline: ten sales on each wristband, the page reloaded in the middle of the 101st.
  await tablet.setOffline(true);
  let made = 0;
  for (let round = 0; round < 10; round++)
    for (const band of BANDS) {
      if (made === 100) {
        await terminal.getByRole('button', { name: new RegExp(`^${drink.name}`) }).click();
        await terminal.reload();
        await expect(terminal.getByTestId('signed-in')).toBeVisible();
        await expect(status).toContainText('100 operations waiting');
      }
      await sell(band);
      made++;
    }
  await expect(status).toContainText('Offline');
  await expect(status).toContainText('200 operations waiting');

  await tablet.setOffline(false);
  await expect(status).toContainText('All sent', { timeout: 120_000 });
  await tablet.close();

  // The console: each wristband's extract holds its 11 sales and its top-ups once, and ends at its balance.
  const headers = await consoleHeaders(page);
  for (const band of BANDS) {
    const found = await page.request.get(`/api/infoCustomer/search?rfid=${band}`, { headers });
    const [row] = (await found.json()).result as { customerId: number; idRfid: number }[];
    const res = await page.request.get(
      `/api/infoCustomer/extract?customerId=${row!.customerId}&rfidId=${row!.idRfid}`,
      { headers },
    );
    expect(res.status()).toBe(200);
    const rows = (await res.json()).result.rows as {
      operation: string;
      amount: number;
      accumulate: number;
    }[];
    const isTopped = topped.includes(band);
    expect(
      rows.filter((r) => r.operation === 'sale'),
      band,
    ).toHaveLength(11);
    expect(
      rows.filter((r) => r.operation === 'topUp'),
      band,
    ).toHaveLength(isTopped ? 2 : 1);
    const balance = await desk.band(band);
    expect(rows.at(-1)!.accumulate, band).toBe(balance.cash + balance.gift);
    // 100.00 T is 50.00 €, which the demo's festival bonus rewards with 2.50 € (5.00 T).
    expect(balance.cash + balance.gift, band).toBe(START - 11 * drink.price + (isTopped ? 5000 + 250 : 0));
  }
});
