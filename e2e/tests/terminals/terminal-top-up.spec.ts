import { expect, type Page, test } from '@playwright/test';
import { activeEventDesk, barOf, consoleHeaders, eventQr, phoneTerminal, tap } from './terminal-helpers';

/**
 * The terminal's second slice on a phone (360×740): a top-up point that shows the bonus the event's
 * rule gives and books it; the offline limit that stops a wristband's sales; and the screen of a
 * terminal whose key was rotated in the console, which keeps its waiting operation and sends it once
 * set up again with a new QR.
 */

/** The serial the terminal named itself with (its credentials in IndexedDB). */
const serialOf = (terminal: Page) =>
  terminal.evaluate(
    () =>
      new Promise<string>((resolve) => {
        // The e2e workspace has no DOM types: the browser's IndexedDB, typed as far as used here.
        type Req<T> = { result: T; onsuccess: (() => void) | null };
        const idb = (
          globalThis as unknown as {
            indexedDB: {
              open(name: string): Req<{
                transaction(s: string): {
                  objectStore(s: string): { get(k: string): Req<{ value: { serial: string } }> };
                };
              }>;
            };
          }
        ).indexedDB;
        const open = idb.open('pulsera-terminal');
        open.onsuccess = () => {
          const get = open.result.transaction('kv').objectStore('kv').get('credentials');
          get.onsuccess = () => resolve(get.result.value.serial);
        };
      }),
  );

// The demo festival shows tokens at 2 per euro, as its console and portal do; the money a top-up
// collects is in euros.
const tokens = (cents: number) => `${((cents * 2) / 100).toFixed(2)} T`;
const euros = (cents: number) => `${(cents / 100).toFixed(2)} €`;

test('a top-up point shows the bonus of the event’s rule and books the amount and bonus', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const BAND = '04E2E7A1B2C3A1';
  const { qr, kiosk, config } = await activeEventDesk(page, 'E2E-TOPUP-DESK-1');
  const point = config.locations.find((l) => l.active && l.activities.includes('C'))!;
  // A known wristband with 10.00 on it.
  await kiosk.topUp(BAND, 1000);
  const { phone, terminal } = await phoneTerminal(browser, qr, config, point.id);
  if (await terminal.getByTestId('mode-topUp').isVisible()) await terminal.getByTestId('mode-topUp').click();

  // The balance check: the tap shows what the wristband holds.
  await tap(terminal, BAND);
  await expect(terminal.getByTestId('topup-balance')).toHaveText(
    `Balance: ${tokens(1000)} + ${tokens(0)} gift`,
  );
  // 50.00: the demo's festival bonus gives 2.50 on top-ups from 50.00, and no fee (only below 10.00).
  await terminal.getByRole('button', { name: tokens(5000), exact: true }).click();
  await expect(terminal.getByTestId('topup-bonus')).toHaveText(tokens(250));
  await expect(terminal.getByTestId('topup-money')).toHaveText(euros(5000));
  await terminal.getByTestId('topup-cash').click();
  await expect(terminal.getByTestId('topup-done')).toContainText(`Topped up ${tokens(5000)}`);
  await expect(terminal.getByTestId('topup-done')).toContainText(`Bonus ${tokens(250)} added`);
  await expect(terminal.getByTestId('topup-done')).toContainText(
    `Balance left: ${tokens(6000)} + ${tokens(250)} gift`,
  );
  await expect(terminal.getByTestId('status-bar')).toContainText('All sent', { timeout: 30_000 });
  // The server booked the amount and the bonus, once: the wristband's second top-up.
  expect(await kiosk.band(BAND)).toMatchObject({ cash: 6000, gift: 250, topUps: 2 });

  // A free amount typed in tokens: 10.00 T is 5.00 €, below 10.00 € the demo's 0.50 € fee: 5.50 € to pay.
  await terminal.getByTestId('topup-next').click();
  await tap(terminal, BAND);
  await terminal.getByTestId('topup-free').fill('10');
  await expect(terminal.getByTestId('topup-money')).toHaveText(euros(550));
  await expect(terminal.getByTestId('topup-bonus')).toHaveText(tokens(0));
  await terminal.getByTestId('topup-card').click();
  await expect(terminal.getByTestId('topup-done')).toContainText(`Collected ${euros(550)}`);
  await expect(terminal.getByTestId('status-bar')).toContainText('All sent', { timeout: 30_000 });
  expect(await kiosk.band(BAND)).toMatchObject({ cash: 6500, gift: 250, topUps: 3 });
  await phone.close();
});

test('offline, a wristband that reached the offline limit on this terminal is refused and told why', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const BAND = '04E2E7A1B2C3A2';
  const { qr, kiosk, config } = await activeEventDesk(page, 'E2E-TOPUP-DESK-2');
  const { bar, items } = barOf(config);
  const drink = items[0]!;
  await kiosk.topUp(BAND, 20_000);
  const { phone, terminal } = await phoneTerminal(browser, qr, config, bar.id);
  if (await terminal.getByTestId('mode-sale').isVisible()) await terminal.getByTestId('mode-sale').click();
  // Learned online, then the network drops.
  const sell = async (quantity: number) => {
    for (let i = 0; i < quantity; i++)
      await terminal.getByRole('button', { name: new RegExp(`^${drink.name}`) }).click();
    await terminal.getByTestId('sale-charge').click();
    await tap(terminal, BAND);
  };
  await sell(1);
  await expect(terminal.getByTestId('sale-done')).toBeVisible();
  await terminal.getByTestId('sale-next').click();
  await expect(terminal.getByTestId('status-bar')).toContainText('All sent', { timeout: 30_000 });
  await phone.setOffline(true);

  // The default limit: 100.00 per wristband offline on one terminal.
  const under = Math.floor(6000 / drink.price);
  await sell(under);
  await expect(terminal.getByTestId('sale-done')).toBeVisible();
  await terminal.getByTestId('sale-next').click();
  await sell(under);
  await expect(terminal.getByRole('alert')).toHaveText(
    `Stopped: this wristband has spent ${tokens(under * drink.price)} on this terminal while offline, and may spend at most ${tokens(10_000)} until the terminal is back online.`,
  );
  await expect(terminal.getByTestId('sale-done')).toHaveCount(0);
  await expect(terminal.getByTestId('status-bar')).toContainText('1 operation waiting');

  // Back online: the waiting sale is sent, and the same sale goes through.
  await phone.setOffline(false);
  await expect(terminal.getByTestId('status-bar')).toContainText('All sent', { timeout: 30_000 });
  await tap(terminal, BAND);
  await expect(terminal.getByTestId('sale-done')).toBeVisible();
  await expect
    .poll(async () => (await kiosk.band(BAND)).cash, { timeout: 30_000 })
    .toBe(20_000 - (1 + 2 * under) * drink.price);
  await phone.close();
});

test('a terminal whose key was rotated says what to do, keeps its sale and sends it once set up again', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const BAND = '04E2E7A1B2C3A3';
  const { qr, kiosk, config } = await activeEventDesk(page, 'E2E-TOPUP-DESK-3');
  const { bar, items } = barOf(config);
  const drink = items[0]!;
  await kiosk.topUp(BAND, 5000);
  const { phone, terminal } = await phoneTerminal(browser, qr, config, bar.id);
  if (await terminal.getByTestId('mode-sale').isVisible()) await terminal.getByTestId('mode-sale').click();
  await expect(terminal.getByTestId('status-bar')).toContainText('All sent', { timeout: 30_000 });

  // The console rotates this terminal's key (the registry's "new key").
  const headers = await consoleHeaders(page);
  const list = (await (await page.request.get('/api/global/devices', { headers })).json()).result as {
    devices: { id: number; n_serie: string }[];
  };
  const serial = await serialOf(terminal);
  const device = list.devices.find((d) => d.n_serie === serial)!;
  expect((await page.request.post(`/api/global/devices/${device.id}/key`, { headers })).status()).toBe(200);

  // A sale after the rotation: written, then refused with the terminal's key.
  await terminal.getByRole('button', { name: new RegExp(`^${drink.name}`) }).click();
  await terminal.getByTestId('sale-charge').click();
  await tap(terminal, BAND);
  const blocked = terminal.getByTestId('blocked');
  // Written (the outbox) before anything is sent: "done", or at once the refusal's screen over it
  // when the sync answers first; either way the sale waits, counted below.
  await expect(terminal.getByTestId('sale-done').or(blocked)).toBeVisible();
  await expect(blocked).toBeVisible({ timeout: 30_000 });
  await expect(blocked.getByRole('heading')).toHaveText('This terminal’s key was changed');
  await expect(blocked).toContainText(`the terminal stays ${serial}`);
  await expect(terminal.getByTestId('blocked-waiting')).toHaveText(
    '1 operation waits on this terminal; it is kept and sent as soon as the terminal is accepted again.',
  );
  expect((await kiosk.band(BAND)).cash).toBe(5000);

  // Set up again with a new QR: the same terminal, and the waiting sale reaches the server once.
  await terminal.getByTestId('provision-qr').fill(await eventQr(page));
  await terminal.getByTestId('provision-submit').click();
  await expect(blocked).toHaveCount(0, { timeout: 30_000 });
  await expect(terminal.getByTestId('status-bar')).toContainText('All sent', { timeout: 30_000 });
  expect((await kiosk.band(BAND)).cash).toBe(5000 - drink.price);
  await phone.close();
});

test('the last order can be cancelled: the wristband gets back what it paid, on the server too', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const BAND = '04E2E7A1B2C3A4';
  const { qr, kiosk, config } = await activeEventDesk(page, 'E2E-TOPUP-DESK-4');
  const { bar, items } = barOf(config);
  const drink = items[0]!;
  await kiosk.topUp(BAND, 3000);
  const { phone, terminal } = await phoneTerminal(browser, qr, config, bar.id);
  if (await terminal.getByTestId('mode-sale').isVisible()) await terminal.getByTestId('mode-sale').click();

  await terminal.getByRole('button', { name: new RegExp(`^${drink.name}`) }).click();
  await terminal.getByRole('button', { name: new RegExp(`^${drink.name}`) }).click();
  await terminal.getByTestId('sale-charge').click();
  await tap(terminal, BAND);
  await expect(terminal.getByTestId('sale-done')).toBeVisible();
  await terminal.getByTestId('sale-next').click();
  await expect(terminal.getByTestId('status-bar')).toContainText('All sent', { timeout: 30_000 });
  expect((await kiosk.band(BAND)).cash).toBe(3000 - 2 * drink.price);

  await terminal.getByTestId('cancel-last').click();
  await expect(terminal.getByText(`Give back ${tokens(2 * drink.price)} to the wristband?`)).toBeVisible();
  await terminal.getByTestId('cancel-last-yes').click();
  // Cancelled once: the button is gone, and the server gave the two drinks back.
  await expect(terminal.getByTestId('cancel-last')).toHaveCount(0);
  await expect(terminal.getByTestId('status-bar')).toContainText('All sent', { timeout: 30_000 });
  await expect.poll(async () => (await kiosk.band(BAND)).cash, { timeout: 30_000 }).toBe(3000);
  await phone.close();
});

test('a terminal unassigned in the console says so, keeps its sale, and resumes once assigned again', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const BAND = '04E2E7A1B2C3A5';
  const { qr, kiosk, config } = await activeEventDesk(page, 'E2E-TOPUP-DESK-5');
  const { bar, items } = barOf(config);
  const drink = items[0]!;
  await kiosk.topUp(BAND, 3000);
  const { phone, terminal } = await phoneTerminal(browser, qr, config, bar.id);
  if (await terminal.getByTestId('mode-sale').isVisible()) await terminal.getByTestId('mode-sale').click();
  await expect(terminal.getByTestId('status-bar')).toContainText('All sent', { timeout: 30_000 });

  // The console takes the terminal out of the event (the registry's event: none).
  const headers = await consoleHeaders(page);
  const list = (await (await page.request.get('/api/global/devices', { headers })).json()).result as {
    devices: { id: number; n_serie: string; idEvent: number | null }[];
  };
  const serial = await serialOf(terminal);
  const device = list.devices.find((d) => d.n_serie === serial)!;
  const assign = async (idEvent: number | null) =>
    expect(
      (
        await page.request.post('/api/global/devices', {
          headers,
          data: { device: { id: device.id, n_serie: device.n_serie, idEvent } },
        })
      ).status(),
    ).toBe(200);
  const eventId = device.idEvent;
  await assign(null);

  await terminal.getByRole('button', { name: new RegExp(`^${drink.name}`) }).click();
  await terminal.getByTestId('sale-charge').click();
  await tap(terminal, BAND);
  const blocked = terminal.getByTestId('blocked');
  // Written (the outbox) before anything is sent: "done", or at once the refusal's screen over it
  // when the sync answers first; either way the sale waits, counted below.
  await expect(terminal.getByTestId('sale-done').or(blocked)).toBeVisible();
  await expect(blocked.getByRole('heading')).toHaveText('This terminal is not assigned to an event', {
    timeout: 30_000,
  });
  await expect(blocked).toContainText(`Ask a manager to assign ${device.n_serie} to the open event`);
  await expect(terminal.getByTestId('blocked-waiting')).toContainText('1 operation waits on this terminal');
  expect((await kiosk.band(BAND)).cash).toBe(3000);

  // Assigned again: the terminal resumes by itself and its sale reaches the server once.
  await assign(eventId);
  await expect(blocked).toHaveCount(0, { timeout: 60_000 });
  await expect(terminal.getByTestId('status-bar')).toContainText('All sent', { timeout: 30_000 });
  expect((await kiosk.band(BAND)).cash).toBe(3000 - drink.price);
  await phone.close();
});

test('the staff close their cash desk: the count and the difference reach the console’s staff cash-up', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const BAND = '04E2E7A1B2C3C1';
  const { qr, kiosk, config } = await activeEventDesk(page, 'E2E-CLOSE-DESK-1');
  const point = config.locations.find((l) => l.active && l.activities.includes('C'))!;
  await kiosk.topUp(BAND, 1000);
  const { phone, terminal } = await phoneTerminal(browser, qr, config, point.id);
  const staffName = (await terminal.getByTestId('signed-in').textContent())!.replace('Staff: ', '');
  if (await terminal.getByTestId('mode-topUp').isVisible()) await terminal.getByTestId('mode-topUp').click();
  // Two cash top-ups (20.00 € and 50.00 €) and one by card, which puts nothing in the drawer.
  for (const [amount, pay] of [
    [2000, 'topup-cash'],
    [5000, 'topup-cash'],
    [5000, 'topup-card'],
  ] as const) {
    await tap(terminal, BAND);
    await terminal.getByRole('button', { name: tokens(amount), exact: true }).click();
    await terminal.getByTestId(pay).click();
    await terminal.getByTestId('topup-next').click();
  }
  await terminal.getByTestId('mode-cashClose').click();
  await expect(terminal.getByTestId('cash-close-expected')).toContainText(
    `expects ${euros(7000)} in your drawer: 2 cash operations`,
  );
  // A count that is not a number is refused; 69.50 € counted: 0.50 € missing.
  await terminal.getByTestId('cash-close-counted').fill('abc');
  await terminal.getByTestId('cash-close-confirm').click();
  await expect(terminal.getByRole('alert')).toHaveText('Type the cash you counted (0 or more).');
  await terminal.getByTestId('cash-close-counted').fill('69.50');
  await terminal.getByTestId('cash-close-confirm').click();
  await expect(terminal.getByTestId('cash-close-difference')).toHaveText(euros(-50));
  await expect(terminal.getByTestId('cash-close-done')).toContainText(
    `${euros(50)} missing from the drawer.`,
  );
  await expect(terminal.getByTestId('status-bar')).toContainText('All sent', { timeout: 30_000 });
  // The drawer starts again from zero.
  await terminal.getByRole('button', { name: 'Back' }).click();
  await expect(terminal.getByTestId('cash-close-expected')).toContainText('the drawer should be empty');
  await phone.close();

  // The console's staff cash-up shows the count beside the cash the server received.
  await page.goto('/admin/reports/documents');
  await page.getByTestId('document-tab-staffCashUp').click();
  const row = page.getByTestId('document-staffCashUp').getByRole('row', { name: new RegExp(staffName) });
  await expect(row).toContainText(euros(6950));
  // Who never closed a cash desk has no count, not a count of 0.
  await expect(page.getByTestId('document-staffCashUp').getByText('Not closed').first()).toBeVisible();
});
