import { expect, test } from '@playwright/test';
import { openActiveEvent } from '../helpers';
import { consoleHeaders, deviceDesk as desk, eventQr, phoneTerminal } from './terminal-helpers';

/**
 * Paying at the bar on a phone (360×740): the console's beer bucket (a pack) with a reusable cup (an
 * add-on of the menu at its own price), which the wristband alone cannot pay, is refused in words; paid part from the wristband and the rest in cash, the sale reaches the server
 * once, takes only the wristband's part from its balance, and the cash part counts in the staff
 * member's cash to hand in.
 */

const ATTENDEE = '04E2E7B4A75101';
// The demo festival shows tokens at 2 per euro; the cash taken by hand is in euros.
const tokens = (cents: number) => `${((cents * 2) / 100).toFixed(2)} T`;

test('a pack with its add-on, refused on the wristband alone, paid part wristband part cash', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await openActiveEvent(page, 'admin@demo.test');
  const qr = await eventQr(page);
  const kiosk = await desk(page.request, qr, 'E2E-BAR-PAY-DESK');
  const config = await kiosk.config();

  // The demo's Main Bar: the console's beer bucket (five beers for 27.00) is sold there, and its menu
  // has the reusable cup at its own price.
  const bar = config.locations.find((l) => l.name === 'Main Bar')!;
  const menu = config.menus.find((m) => m.location === bar.id)!;
  const bucket = config.packs.find((p) => p.locationIds.includes(bar.id))!;
  const cup = menu.items.find((i) => i.name === 'Reusable cup')!;
  // The wristband holds less than the two: 3.00 € short.
  await kiosk.topUp(ATTENDEE, cup.price + bucket.price - 300);

  const { phone, terminal, member } = await phoneTerminal(browser, qr, config, bar.id);

  // The pack in the cart says what it holds; the cup is added to it.
  await terminal.getByTestId('pack-tile').filter({ hasText: bucket.name }).click();
  await terminal.getByRole('button', { name: new RegExp(`^${cup.name}`) }).click();
  const cart = terminal.getByTestId('cart');
  await expect(cart).toContainText('5 × Beer 50cl');
  await expect(cart).toContainText(cup.name);
  await expect(terminal.getByTestId('cart-total')).toHaveText(`Total: ${tokens(cup.price + bucket.price)}`);
  await terminal.getByTestId('sale-charge').click();

  // The event allows cash, external TPV, cashless and pin pad: every way shows, the wristband first.
  const pay = terminal.getByTestId('sale-pay');
  for (const way of ['Wristband', 'Cash', 'Card', 'Wristband + cash', 'Wristband + card'])
    await expect(pay.getByRole('button', { name: way, exact: true })).toBeVisible();
  await expect(terminal.getByTestId('pay-wristband')).toHaveAttribute('aria-pressed', 'true');

  // The wristband alone: refused in words, nothing written.
  await terminal.getByTestId('reader-serial').fill(ATTENDEE);
  await terminal.getByTestId('reader-read').click();
  await expect(pay.getByRole('alert')).toHaveText('Not enough balance: 6.00 T missing.');

  // Wristband + cash: the wristband pays what it holds, 3.00 € to collect.
  await terminal.getByTestId('pay-wristbandCash').click();
  await terminal.getByTestId('reader-serial').fill(ATTENDEE);
  await terminal.getByTestId('reader-read').click();
  await expect(terminal.getByTestId('sale-split-rest')).toHaveText('3.00 €');
  await terminal.getByTestId('pay-confirm').click();
  await expect(terminal.getByTestId('sale-done')).toBeVisible();
  await expect(terminal.getByTestId('sale-done-split')).toContainText('cash 3.00 €');
  await expect(terminal.getByTestId('status-bar')).toContainText('All sent', { timeout: 30_000 });

  // The server took the wristband's part only; the cash part is in the staff member's cash to hand in.
  expect(await kiosk.band(ATTENDEE)).toMatchObject({ cash: 0, gift: 0 });
  const res = await page.request.get('/api/reports/documents/staff-cash-up', {
    headers: await consoleHeaders(page),
  });
  const row = (await res.json()).result.rows.find((r: { idStaff: number }) => r.idStaff === member.id);
  expect(row.salesO).toBe(300);

  // The attendee scans the receipt's QR, signed by the terminal, and the portal opens that sale.
  const receiptQr = terminal.getByTestId('receipt-qr');
  await expect(receiptQr).toContainText('Scan for your receipt');
  const link = (await receiptQr.getAttribute('data-url'))!;
  // The event's portal address (its slug may have been changed by the online services' test).
  expect(link).toMatch(/\/portal\/[\w-]+\/receipt\/[\w-]{50}$/);
  const attendee = await phone.newPage();
  await attendee.goto(link);
  await expect(attendee.getByRole('heading', { name: 'Purchase receipt' })).toBeVisible();
  await expect(attendee.getByTestId('receipt-total')).toHaveText(tokens(cup.price + bucket.price));
  await phone.close();
});
