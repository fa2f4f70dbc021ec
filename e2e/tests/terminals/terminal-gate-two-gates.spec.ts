import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { openActiveEvent } from '../helpers';
import { consoleHeaders, openGate, ticketsHeld } from './terminal-helpers';

/**
 * Two gates offline validate the same ticket (issue 30), each on a phone (360×740): both hold the
 * ticket as unused in their lists, so both bind it to the wristband tapped there and admit it. Back
 * online both validations reach the server; the console's ticket search (at 360 px too) shows both
 * and flags the ticket as validated on two gates, the second validation marked.
 */
test('two gates offline validate one ticket: the console flags it validated on two gates', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 360, height: 740 });
  await openActiveEvent(page, 'admin@demo.test');
  const code = `TWO-${randomBytes(4).toString('hex').toUpperCase()}`;
  const made = await page.request.post('/api/api-ticket/manual', {
    headers: await consoleHeaders(page),
    data: { rows: [{ line: 1, code, role: 'General', holder: 'Gemma Twice', email: '', reseller: '' }] },
  });
  expect(made.status()).toBe(200);

  const a = await openGate(page, browser, `E2E-TWO-A-${randomBytes(2).toString('hex')}`);
  const b = await openGate(page, browser, `E2E-TWO-B-${randomBytes(2).toString('hex')}`);
  const bands = [a, b].map(() => `04${randomBytes(6).toString('hex').toUpperCase()}`);
  for (const gate of [a, b]) await expect.poll(() => ticketsHeld(gate.terminal)).toBeGreaterThan(0);
  await a.phone.setOffline(true);
  await b.phone.setOffline(true);

  // Each gate, offline, validates the ticket from its own list and admits the wristband bound to it.
  for (const [i, gate] of [a, b].entries()) {
    const { terminal, tap } = gate;
    await terminal.getByTestId('gate-validate-ticket').click();
    await terminal.getByTestId('ticket-code').fill(code);
    await terminal.getByTestId('ticket-check').click();
    await expect(terminal.getByTestId('ticket-found')).toHaveText(`Ticket ${code}: Gemma Twice`);
    await tap(bands[i]!);
    await expect(terminal.getByTestId('ticket-bound')).toHaveText(
      `Ticket bound to wristband ${bands[i]}: tap it to enter.`,
    );
    await expect(await tap(bands[i]!)).toHaveClass(/admitted/);
    await terminal.getByTestId('gate-next').click();
  }

  // Back online, both reach the server: none is dropped.
  for (const gate of [a, b]) {
    await gate.phone.setOffline(false);
    await expect(gate.terminal.getByTestId('status-bar')).toContainText('All sent', { timeout: 30_000 });
  }

  await page.goto('/admin/reports/validations/search');
  await page.getByTestId('ticket-search').fill(code);
  const ticket = page.getByTestId(`ticket-${code}`);
  await expect(ticket.getByTestId('ticket-gates')).toHaveText(
    'Validated on 2 gates: the ticket was let in more than once',
  );
  await expect(ticket.getByTestId('validation-repeated')).toHaveCount(1);
  await expect(ticket.getByTestId('validation')).toHaveCount(1);
  await page.screenshot({ path: 'test-results/terminal-two-gates-console.png', fullPage: true });
  await a.phone.close();
  await b.phone.close();
});
