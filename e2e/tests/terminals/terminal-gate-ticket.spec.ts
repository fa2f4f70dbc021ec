import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { openActiveEvent } from '../helpers';
import { consoleHeaders, eventQr } from './terminal-helpers';

/**
 * Ticket validation at the gate (issue 30) on a phone (360×740): a General ticket made in the console
 * is typed at the North gate, a new wristband tapped next is bound to it, and that wristband is then
 * admitted by the ticket's role; the ticket typed again is refused as used, an unknown code is refused
 * with its reason, and offline no ticket can be checked.
 */

interface Config {
  gates: { id: number; name: string; locationId: number | null }[];
  staff: { name: string; active: boolean; rfid: string | null; locationIds: number[] | null }[];
}

test('a ticket validated at the gate binds the next wristband, which is then admitted', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await openActiveEvent(page, 'admin@demo.test');
  const code = `GATE-${randomBytes(4).toString('hex').toUpperCase()}`;
  const band = `04${randomBytes(6).toString('hex').toUpperCase()}`;
  const made = await page.request.post('/api/api-ticket/manual', {
    headers: await consoleHeaders(page),
    data: { rows: [{ line: 1, code, role: 'General', holder: 'Tess Ticket', email: '', reseller: '' }] },
  });
  expect(made.status()).toBe(200);

  const qr = await eventQr(page);
  const redeemed = await page.request.post('/api/device/redeem', { data: { qr, serial: 'E2E-GATE-TICKET' } });
  const headers = { devicetoken: (await redeemed.json()).result.token as string };
  const config = (await (await page.request.get('/api/device/config', { headers })).json()).result as Config;
  const north = config.gates.find((g) => g.name === 'North gate')!;
  const guard = config.staff.find(
    (s) => s.active && s.rfid && (s.locationIds === null || s.locationIds.includes(north.locationId!)),
  )!;

  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'en-GB' });
  const terminal = await phone.newPage();
  await terminal.goto('/terminal/');
  await terminal.getByTestId('provision-qr').fill(qr);
  await terminal.getByTestId('provision-submit').click();
  await terminal.getByRole('button', { name: 'Gate: North gate', exact: true }).click();
  const tap = async (serial: string) => {
    await terminal.getByTestId('reader-serial').fill(serial);
    await terminal.getByTestId('reader-read').click();
  };
  await tap(guard.rfid!);
  await expect(terminal.getByTestId('gate-name')).toHaveText('North gate');

  // The new wristband has no role yet: refused before the ticket is bound to it.
  await tap(band);
  await expect(terminal.getByTestId('gate-code')).toHaveText('NI · denied: no role');
  await terminal.getByTestId('gate-next').click();

  // An unknown code is refused with the reason.
  await terminal.getByTestId('gate-validate-ticket').click();
  await terminal.getByTestId('ticket-code').fill('NO-SUCH-TICKET-42');
  await terminal.getByTestId('ticket-check').click();
  await expect(terminal.getByTestId('ticket-refused')).toHaveText('No ticket of this event has this code');

  // The ticket made in the console: its holder shown, the next wristband bound, then admitted.
  await terminal.getByTestId('ticket-code').fill(code);
  await terminal.getByTestId('ticket-check').click();
  await expect(terminal.getByTestId('ticket-found')).toHaveText(`Ticket ${code}: Tess Ticket`);
  await tap(band);
  await expect(terminal.getByTestId('ticket-bound')).toHaveText(
    `Ticket bound to wristband ${band}: tap it to enter.`,
  );
  await tap(band);
  const answer = terminal.getByTestId('gate-answer');
  await expect(answer).toHaveClass(/admitted/);
  await expect(terminal.getByTestId('gate-code')).toHaveText('S · allowed');
  await terminal.screenshot({ path: 'test-results/terminal-gate-ticket-admitted.png' });
  await terminal.getByTestId('gate-next').click();
  await expect(terminal.getByTestId('status-bar')).toContainText('All sent', { timeout: 30_000 });

  // The server holds the binding: the ticket typed again is refused as used on that wristband.
  await terminal.getByTestId('gate-validate-ticket').click();
  await terminal.getByTestId('ticket-code').fill(code);
  await terminal.getByTestId('ticket-check').click();
  await expect(terminal.getByTestId('ticket-refused')).toHaveText(
    `Refused: this ticket is already validated on wristband ${band}.`,
  );

  // Offline the gate cannot check a ticket, and says so.
  await phone.setOffline(true);
  await terminal.getByTestId('ticket-check').click();
  await expect(terminal.getByTestId('ticket-refused')).toHaveText(
    'Refused: the ticket cannot be checked without a connection to the server. Connect the gate and try again.',
  );
  await phone.close();
});
