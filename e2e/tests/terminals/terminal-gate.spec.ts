import { expect, test } from '@playwright/test';
import { openActiveEvent } from '../helpers';
import { openGate } from './terminal-helpers';

/**
 * The terminal at a gate (issue 30) on a phone (360×740): the demo's North gate chosen, a staff member
 * signed in; the README's demo wristband (Luca Ruiz, General ticket) is admitted, a wristband without a
 * ticket role is refused with NI and its reason; offline, Luca's second entry is decided from what the
 * gate holds (a warning for a double entry); back online every passage reaches the server once, and
 * the console's customer lookup lists it. Out of contact past the offline limit, the gate stops.
 */

const LUCA = '04577424DBA62E';
const NO_ROLE = '04E2E7A1B2C3F0';

test('a gate admits a wristband with its ticket role, refuses one without, offline too, and the console shows the passages', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await openActiveEvent(page, 'admin@demo.test');
  const { headers, phone, terminal, tap } = await openGate(page, browser, 'E2E-GATE-DESK');
  const accesses = async (serial: string) =>
    (await (await page.request.get(`/api/device/wristband/${serial}`, { headers })).json()).result
      .entries as unknown[];
  const lucaBefore = (await accesses(LUCA)).length;

  const next = () => terminal.getByTestId('gate-next').click();

  // Luca's General ticket opens the grounds during the festival (a warning if he is inside already).
  const luca = await tap(LUCA);
  await expect(luca).toHaveClass(/admitted/);
  await expect(luca).toContainText('ADMITTED');
  await expect(terminal.getByTestId('gate-code')).toHaveText(/^(S · allowed|W · warning: double entry)$/);
  await terminal.screenshot({ path: 'test-results/terminal-gate-admitted.png' });
  await next();

  const stranger = await tap(NO_ROLE);
  await expect(stranger).toHaveClass(/refused/);
  await expect(stranger).toContainText('REFUSED');
  await expect(terminal.getByTestId('gate-code')).toHaveText('NI · denied: no role');
  await expect(terminal.getByTestId('gate-reason')).toHaveText(
    'No ticket role on this wristband: send to ticketing.',
  );
  await terminal.screenshot({ path: 'test-results/terminal-gate-refused.png' });
  await next();
  const status = terminal.getByTestId('status-bar');
  await expect(status).toContainText('All sent', { timeout: 30_000 });
  expect(await accesses(LUCA)).toHaveLength(lucaBefore + 1);

  // Offline: Luca is inside by what the gate holds, so his second entry is a double entry (warned).
  await phone.setOffline(true);
  const again = await tap(LUCA);
  await expect(again).toHaveClass(/admitted/);
  await expect(terminal.getByTestId('gate-code')).toHaveText('W · warning: double entry');
  await expect(terminal.getByTestId('gate-reason')).toHaveText(
    'Already inside this zone: check the wristband.',
  );
  await next();
  await expect(status).toContainText('1 operation waiting');
  expect(await accesses(LUCA)).toHaveLength(lucaBefore + 1);
  await phone.setOffline(false);
  await expect(status).toContainText('All sent', { timeout: 30_000 });
  expect(await accesses(LUCA)).toHaveLength(lucaBefore + 2);

  // Out of contact for longer than the configuration allows, the gate admits no one and says why.
  await phone.setOffline(true);
  // (Its last contact moved back 25 hours in its IndexedDB; the default limit is 24 hours.)
  await terminal.evaluate(`new Promise((done) => {
    const open = indexedDB.open('pulsera-terminal');
    open.onsuccess = () => {
      const tx = open.result.transaction('kv', 'readwrite');
      tx.objectStore('kv').put({ key: 'lastContact', value: Date.now() - 25 * 3600000 });
      tx.oncomplete = () => { open.result.close(); done(); };
    };
  })`);
  await terminal.getByTestId('reader-serial').fill(LUCA);
  await terminal.getByTestId('reader-read').click();
  await expect(terminal.getByTestId('gate-stopped')).toHaveText(
    'Stopped: this gate has had no contact with the server for more than 24 h, so its ban list and access rules may be out of date. Connect it to the network; it admits again as soon as it has synced.',
  );
  await expect(terminal.getByTestId('gate-answer')).toHaveCount(0);
  await expect(status).toContainText('All sent');
  await phone.close();

  // The console's customer lookup lists Luca's passage through the North gate from this terminal.
  await page.getByTestId('nav-customers').click();
  await page.getByTestId('customers-search-rfid').fill(LUCA);
  await page.getByTestId('customers-search-submit').click();
  await page.getByTestId('customers-results').locator('tbody tr').first().click();
  await page.getByTestId('customers-tab-access').click();
  const first = page.getByTestId('customers-access').locator('tbody tr').first();
  await expect(first).toContainText('W · Warning');
  await expect(first).toContainText('North gate');
  await expect(first).toContainText('Pulsera web terminal');
});
