import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { openActiveEvent } from '../helpers';
import {
  consoleHeaders,
  deviceDesk,
  eventQr,
  installed,
  phoneTerminal,
  tap,
  wedge,
} from './terminal-helpers';

/**
 * Presence control on a terminal (issue 30) on a phone (360×740) at the demo's staff entrance
 * (activity P), offline: a staff member's wristband is checked in, then out (the terminal suggests
 * out after in); a wristband that is no staff member's is refused. Back online both checks reach the
 * server, and the console's presence control (at 360 px too) lists them with the controller and the
 * place. The reader's field takes one read: a keyboard-wedge reader's next serial is read alone.
 */
test('a terminal checks a staff member in and out offline; the console’s presence control shows both', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const name = `Pia Presence ${randomBytes(2).toString('hex')}`;
  const rfid = `04${randomBytes(6).toString('hex').toUpperCase()}`;
  await openActiveEvent(page, 'admin@demo.test');
  const made = await page.request.post('/api/staff', {
    headers: await consoleHeaders(page),
    data: { staff: { user: `pia-${rfid.toLowerCase()}`, name, trusts: 'T', rfid } },
  });
  expect(made.status()).toBe(200);
  const qr = await eventQr(page);
  const config = await (await deviceDesk(page.request, qr, 'E2E-PRESENCE-DESK')).config();
  const entrance = config.locations.find((l) => l.name === 'Staff entrance')!;
  const { phone, terminal, member } = await phoneTerminal(browser, qr, config, entrance.id);
  await installed(terminal);
  await phone.setOffline(true);

  // A chip whose serial is longer than a serial may be is refused with that reason.
  await tap(terminal, '04:A1:B2:C3:D4:E5:F6:A7:B8:C9');
  await expect(terminal.locator('form.reader').getByRole('alert')).toHaveText(
    "This wristband's chip has a 10-byte serial, longer than the 18 characters this system keeps: use NTAG or MIFARE Ultralight wristbands (7-byte serial).",
  );
  await tap(terminal, '04DEAD00BEEF01');
  await expect(terminal.getByTestId('presence-error')).toHaveText(
    'Wristband 04DEAD00BEEF01 is not a staff wristband of this event.',
  );
  // The next read, by a keyboard-wedge reader, finds the field empty again.
  await wedge(terminal, rfid);
  await expect(terminal.getByTestId('presence-name')).toHaveText(name);
  await expect(terminal.getByTestId('presence-last')).toHaveText('No check recorded on this terminal yet.');
  await expect(terminal.getByTestId('presence-in')).toHaveClass(/primary/);
  await terminal.getByTestId('presence-in').click();
  await expect(terminal.getByTestId('presence-done')).toContainText(`${name} checked in at`);
  await terminal.getByTestId('presence-next').click();

  await tap(terminal, rfid);
  await expect(terminal.getByTestId('presence-last')).toContainText('Last check here: in at');
  await expect(terminal.getByTestId('presence-out')).toHaveClass(/primary/);
  await terminal.getByTestId('presence-out').click();
  await expect(terminal.getByTestId('presence-done')).toContainText(`${name} checked out at`);
  await terminal.screenshot({ path: 'test-results/terminal-presence.png' });
  await terminal.getByTestId('presence-next').click();

  await phone.setOffline(false);
  await expect(terminal.getByTestId('status-bar')).toContainText('All sent', { timeout: 30_000 });
  await phone.close();

  await page.goto('/admin/reports/control-presence');
  await page.getByTestId('presence-filter-name').fill(name);
  await page.getByRole('cell', { name, exact: true }).click();
  const detail = page.getByTestId('presence-detail');
  await expect(detail.getByTestId('presence-detail-name')).toHaveText(name);
  const records = detail.getByTestId('presence-records');
  await expect(records.getByRole('cell', { name: 'In', exact: true })).toHaveCount(1);
  await expect(records.getByRole('cell', { name: 'Out', exact: true })).toHaveCount(1);
  await expect(records.getByRole('cell', { name: member.name, exact: true })).toHaveCount(2);
  await expect(records.getByRole('cell', { name: 'Staff entrance', exact: true })).toHaveCount(2);
  await page.screenshot({ path: 'test-results/terminal-presence-console.png', fullPage: true });
});
