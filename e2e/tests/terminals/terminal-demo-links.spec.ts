import { expect, type Page, test } from '@playwright/test';

/**
 * The demo's ready-to-open terminals (README "Terminal"), on a desktop browser: /terminal/demo/top-up
 * opens a top-up point already set up, where the README's staff member loads a wristband typed by
 * hand; /terminal/demo/bar, in another browser, opens a bar that sells to it. The setup code leaves
 * the address bar at once. A browser that already is a terminal says so and stays what it is.
 */
const STAFF_WRISTBAND = '04CA3E00000001';
const desktop = { viewport: { width: 1280, height: 800 }, locale: 'en-GB' };

test('the demo’s top-up and bar terminals open set up, load a typed wristband and sell to it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const band = `04D3${Date.now().toString(16).slice(-10).toUpperCase()}`;

  const topUpBrowser = await browser.newContext(desktop);
  const point = await topUpBrowser.newPage();
  await point.goto('/terminal/demo/top-up');
  // Set up with no step of the user's: the staff sign-in of the top-up point, the code out of the address.
  await expect(point.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible({ timeout: 20_000 });
  expect(point.url()).not.toContain('setup');
  expect(point.url()).toMatch(/\/terminal\/$/);
  await point.getByTestId('reader-serial').fill(STAFF_WRISTBAND);
  await point.getByTestId('reader-read').click();
  await expect(point.getByTestId('signed-in')).toHaveText('Staff: Carmen Ruiz');
  if (await point.getByTestId('mode-topUp').isVisible()) await point.getByTestId('mode-topUp').click();
  await point.getByTestId('reader-serial').fill(band);
  await point.getByTestId('reader-read').click();
  await point.getByTestId('topup-free').fill('40');
  await point.getByTestId('topup-cash').click();
  await expect(point.getByTestId('topup-done')).toContainText('Topped up 40.00 T');

  // The same browser is a terminal already: a second link changes nothing and says why.
  await point.goto('/terminal/demo/bar');
  await expect(point.getByRole('alert')).toContainText('This browser is already a terminal');
  await expect(point.getByTestId('signed-in')).toHaveText('Staff: Carmen Ruiz');
  expect(point.url()).not.toContain('setup');

  const barBrowser = await browser.newContext(desktop);
  const bar = await barBrowser.newPage();
  await bar.goto('/terminal/demo/bar');
  await expect(bar.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible({ timeout: 20_000 });
  await bar.getByTestId('reader-serial').fill(STAFF_WRISTBAND);
  await bar.getByTestId('reader-read').click();
  await expect(bar.getByTestId('signed-in')).toHaveText('Staff: Carmen Ruiz');
  await expect(bar.getByTestId('mode-topUp')).toHaveCount(0);
  await bar.locator('button.tile:not(.pack)').first().click();
  await bar.getByTestId('sale-charge').click();
  await bar.getByTestId('reader-serial').fill(band);
  await bar.getByTestId('reader-read').click();
  await expect(bar.getByTestId('sale-done')).toBeVisible();
  await expect(bar.getByTestId('status-bar')).toContainText('All sent', { timeout: 30_000 });
  await topUpBrowser.close();
  await barBrowser.close();
});

test('the demo’s gate and kiosk open set up: a demo ticket admits its new wristband, the kiosk shows a balance', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const band = `04E7${Date.now().toString(16).slice(-10).toUpperCase()}`;
  const signIn = async (terminal: Page) => {
    await expect(terminal.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible({ timeout: 20_000 });
    expect(terminal.url()).not.toContain('setup');
    await terminal.getByTestId('reader-serial').fill(STAFF_WRISTBAND);
    await terminal.getByTestId('reader-read').click();
    await expect(terminal.getByTestId('signed-in')).toHaveText('Staff: Carmen Ruiz');
  };
  const read = async (terminal: Page, serial: string) => {
    await terminal.getByTestId('reader-serial').fill(serial);
    await terminal.getByTestId('reader-read').click();
  };

  // The North gate, as the README walks it: a demo ticket (README "At a gate") bound to a new
  // wristband, which is then admitted by the ticket's role; a cancelled one is refused.
  const gateBrowser = await browser.newContext(desktop);
  const gate = await gateBrowser.newPage();
  await gate.goto('/terminal/demo/gate');
  await signIn(gate);
  await expect(gate.getByTestId('gate-name')).toHaveText('North gate');
  await gate.getByTestId('gate-validate-ticket').click();
  await gate.getByTestId('ticket-code').fill('WEB-00006');
  await gate.getByTestId('ticket-check').click();
  await expect(gate.getByTestId('ticket-refused')).toContainText('cancelled');
  await gate.getByTestId('ticket-code').fill('WEB-00002');
  await gate.getByTestId('ticket-check').click();
  await expect(gate.getByTestId('ticket-found')).toHaveText('Ticket WEB-00002: no name on the ticket');
  await read(gate, band);
  await expect(gate.getByTestId('ticket-bound')).toHaveText(
    `Ticket bound to wristband ${band}: tap it to enter.`,
  );
  await read(gate, band);
  await expect(gate.getByTestId('gate-answer')).toHaveClass(/admitted/);
  await expect(gate.getByTestId('gate-code')).toHaveText('S · allowed');

  // The kiosk: the README's demo wristband and its balance.
  const kioskBrowser = await browser.newContext(desktop);
  const kiosk = await kioskBrowser.newPage();
  await kiosk.goto('/terminal/demo/kiosk');
  await signIn(kiosk);
  await kiosk.getByTestId('mode-kiosk').click();
  await read(kiosk, '04577424DBA62E');
  await expect(kiosk.getByTestId('kiosk-balance')).toContainText(
    /^Balance: \d+\.\d\d T \+ \d+\.\d\d T gift$/,
  );
  await gateBrowser.close();
  await kioskBrowser.close();
});
