import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { openActiveEvent } from '../helpers';
import { pointCameraAt } from './camera-video';
import { consoleHeaders, openGate, ticketsHeld } from './terminal-helpers';

/**
 * Ticket validation at the gate (issue 30) on a phone (360×740): a General ticket made in the console
 * is typed at the North gate, a new wristband tapped next is bound to it, and that wristband is then
 * admitted by the ticket's role; the ticket typed again is refused as used, an unknown code is refused
 * with its reason. Offline, the gate validates from the ticket list it holds: a known ticket is bound
 * and admitted, the same ticket scanned again is refused (double scan), an unknown code is refused,
 * and a ticket deleted in the console is refused once the gate has synced its list.
 */

test('a ticket validated at the gate binds the next wristband, which is then admitted', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await openActiveEvent(page, 'admin@demo.test');
  const code = `GATE-${randomBytes(4).toString('hex').toUpperCase()}`;
  const band = `04${randomBytes(6).toString('hex').toUpperCase()}`;
  const second = `${code}-B`;
  const third = `${code}-C`;
  const secondBand = `04${randomBytes(6).toString('hex').toUpperCase()}`;
  const made = await page.request.post('/api/api-ticket/manual', {
    headers: await consoleHeaders(page),
    data: {
      rows: [
        { line: 1, code, role: 'General', holder: 'Tess Ticket', email: '', reseller: '' },
        { line: 2, code: second, role: 'General', holder: 'Otto Offline', email: '', reseller: '' },
        { line: 3, code: third, role: 'General', holder: 'Dora Deleted', email: '', reseller: '' },
      ],
    },
  });
  expect(made.status()).toBe(200);

  const { headers: deviceHeaders, phone, terminal, tap } = await openGate(page, browser, 'E2E-GATE-TICKET');

  // The new wristband has no role yet: refused before the ticket is bound to it.
  await tap(band);
  await expect(terminal.getByTestId('gate-code')).toHaveText('NI · denied: no role');
  await terminal.getByTestId('gate-next').click();

  // An unknown code is refused with the reason.
  await terminal.getByTestId('gate-validate-ticket').click();
  await terminal.getByTestId('ticket-code').fill('NO-SUCH-TICKET-42');
  await terminal.getByTestId('ticket-check').click();
  await expect(terminal.getByTestId('ticket-refused')).toHaveText('No ticket of this event has this code');

  // The ticket made in the console, scanned with the camera: its holder shown, the next wristband
  // bound, then admitted.
  await pointCameraAt(phone, code);
  await terminal.getByTestId('ticket-camera-start').click();
  await expect(terminal.getByTestId('ticket-found')).toHaveText(`Ticket ${code}: Tess Ticket`, {
    timeout: 20_000,
  });
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

  // Offline: the second ticket is in the list the gate holds: bound and admitted without the server.
  await expect.poll(() => ticketsHeld(terminal)).toBeGreaterThan(0);
  await phone.setOffline(true);
  await terminal.getByTestId('ticket-code').fill(second);
  await terminal.getByTestId('ticket-check').click();
  await expect(terminal.getByTestId('ticket-found')).toHaveText(`Ticket ${second}: Otto Offline`);
  await tap(secondBand);
  await expect(terminal.getByTestId('ticket-bound')).toHaveText(
    `Ticket bound to wristband ${secondBand}: tap it to enter.`,
  );
  await expect(await tap(secondBand)).toHaveClass(/admitted/);
  await expect(terminal.getByTestId('gate-code')).toHaveText('S · allowed');
  await terminal.getByTestId('gate-next').click();
  // Scanned again on this gate, still offline: refused as used on that wristband.
  await terminal.getByTestId('gate-validate-ticket').click();
  await terminal.getByTestId('ticket-code').fill(second);
  await terminal.getByTestId('ticket-check').click();
  await expect(terminal.getByTestId('ticket-refused')).toHaveText(
    `Refused: this ticket is already validated on wristband ${secondBand}.`,
  );
  await terminal.getByTestId('ticket-code').fill('NO-SUCH-TICKET-42');
  await terminal.getByTestId('ticket-check').click();
  await expect(terminal.getByTestId('ticket-refused')).toHaveText(
    "Refused: this code is not a ticket of this event (checked offline, against the gate's ticket list).",
  );
  await terminal.screenshot({ path: 'test-results/terminal-gate-ticket-offline.png' });

  // Back online the validation reaches the server once; the third ticket, deleted in the console, is
  // refused offline once the gate has its newer list (it fetches it when it starts).
  await phone.setOffline(false);
  await expect(terminal.getByTestId('status-bar')).toContainText('All sent', { timeout: 30_000 });
  const bound = await page.request.get(`/api/device/ticket/${second}`, { headers: deviceHeaders });
  expect((await bound.json()).result.boundTo).toBe(secondBand);
  const listed = await page.request.get(`/api/api-ticket/manual?search=${third}`, {
    headers: await consoleHeaders(page),
  });
  const thirdId = (await listed.json()).result.tickets[0].id as number;
  const removed = await page.request.delete(`/api/api-ticket/manual/${thirdId}`, {
    headers: await consoleHeaders(page),
  });
  expect(removed.status()).toBe(200);
  const before = await ticketsHeld(terminal);
  await terminal.reload();
  await expect.poll(() => ticketsHeld(terminal)).toBe(before - 1);
  await phone.setOffline(true);
  await terminal.getByTestId('gate-validate-ticket').click();
  await terminal.getByTestId('ticket-code').fill(third);
  await terminal.getByTestId('ticket-check').click();
  await expect(terminal.getByTestId('ticket-refused')).toHaveText(
    "Refused: this code is not a ticket of this event (checked offline, against the gate's ticket list).",
  );
  await phone.close();
});
