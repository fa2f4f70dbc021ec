import { expect, type Page, test } from '@playwright/test';
import { expectSaved, openActiveEvent } from '../helpers';

/**
 * The terminal fleet: the device registry (admin/configuration/devices), a terminal configured by the
 * event's QR, the live fleet health of status/devices, and a ban's reach on the banned wristbands.
 */

const stored = (page: Page, key: string) =>
  page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? 'null') as string, key);

/** The event's configuration QR, as the event screen generates it (through its call). */
async function eventQr(page: Page) {
  const res = await page.request.post('/api/event/generateQr', {
    headers: {
      token: await stored(page, 'pulsera.token'),
      tokenevent: await stored(page, 'pulsera.eventToken'),
    },
    data: { qrExpiration: 30, authExpiration: 24 },
  });
  expect(res.status()).toBe(200);
  return (await res.json()).result as string;
}

/** A terminal redeems the QR as it would, then answers its sync function. */
async function redeem(page: Page, qr: string, serial: string) {
  const res = await page.request.post('/api/device/redeem', { data: { qr, serial, model: 'Sunmi V2s' } });
  expect(res.status()).toBe(200);
  const { token, device } = (await res.json()).result as { token: string; device: { id: number } };
  const sync = async (operations: unknown[], health: Record<string, unknown>) => {
    const r = await page.request.post('/api/device/sync', {
      headers: { devicetoken: token },
      data: { ...health, operations },
    });
    expect(r.status()).toBe(200);
    return (await r.json()).result as { banList?: { version: number } };
  };
  return { id: device.id, sync };
}

/** Chooses a CSV file in the open import dialog. */
const chooseCsv = (page: Page, csv: string) =>
  page
    .getByRole('dialog')
    .locator('input[type="file"]')
    .setInputFiles({ name: 'terminals.csv', mimeType: 'text/csv', buffer: Buffer.from(`${csv}\n`, 'utf8') });

const access = (seq: number) => ({
  kind: 'access',
  id: crypto.randomUUID(),
  deviceTime: new Date().toISOString(),
  rfid: '04E2E0AA11BB22',
  acceso: 'S',
  seq,
});

test('registers a terminal, configures it by the event QR and sees it assigned, with its history', async ({
  page,
}) => {
  await openActiveEvent(page, 'admin@demo.test');
  await page.getByTestId('nav-configDevices').click();
  await expect(page.getByRole('heading', { name: 'Device registry' })).toBeVisible();

  await page.getByTestId('resource-new').click();
  await page.getByTestId('field-n_serie').fill('E2E-FLEET-01');
  await page.getByTestId('field-model').fill('Sunmi V2s');
  await page.getByTestId('resource-save').click();
  // The key is shown once.
  await expect(page.getByTestId('devices-secret-key')).toBeVisible();
  await page.getByTestId('devices-secret-key-close').click();
  await expectSaved(page);
  const row = page.getByRole('row', { name: /E2E-FLEET-01/ });
  await expect(row).toContainText('Not assigned');

  // The same serial in another letter case is refused.
  await page.getByTestId('resource-new').click();
  await page.getByTestId('field-n_serie').fill('e2e-fleet-01');
  await page.getByTestId('resource-save').click();
  await expect(page.getByText('A device with this serial number already exists')).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await page.getByRole('button', { name: 'Yes, exit' }).click();

  // The terminal scans the event's configuration QR, naming its serial as it reads it.
  await redeem(page, await eventQr(page), 'e2e-fleet-01');
  await page.reload();
  await expect(row).toContainText('Sonora Festival 2026');
  await row.click();
  const history = page.getByTestId('registry-history');
  await expect(history).toContainText('Sonora Festival 2026');
  await expect(history).toContainText('Now');
  await expect(page.getByTestId('field-configured')).toBeChecked();
});

test('imports terminals from a CSV: a preview with each bad row named, the good rows registered', async ({
  page,
}) => {
  await openActiveEvent(page, 'admin@demo.test');
  await page.getByTestId('nav-configDevices').click();
  await page.getByTestId('registry-import').click();
  const csv = [
    'serial;model;type;owner',
    'E2E-IMP-01;Sunmi V2s;PDA;Rentals SL',
    'E2E-IMP-02;Kiosk C1;cash kiosk;',
    'E2E-IMP-03;Phone;PHONE;',
    'e2e-imp-01;Sunmi V2s;;',
  ].join('\n');
  await chooseCsv(page, csv);
  await expect(page.getByTestId('import-count')).toContainText('4 rows (2 valid, 2 with problems)');
  const problems = page.getByTestId('import-problems');
  await expect(problems.getByTestId('import-row-4')).toContainText('Unknown device type');
  await expect(problems.getByTestId('import-row-5')).toContainText('already in line 2');
  await page.getByTestId('registry-import-upload').click();
  const result = page.getByTestId('registry-import-result');
  await expect(result).toContainText('2 terminals registered, 2 rows refused');
  // Each refusal names its field as the screen does, never the raw key.
  await expect(result).toContainText('Type: Unknown device type');
  await expect(result).not.toContainText('type:');
  await expect(result).not.toContainText('n_serie');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('row', { name: /E2E-IMP-02/ })).toContainText('Cash kiosk');
});

test('import: an already registered serial is named in the preview, refusals listed once as a warning (issue 27 item 21)', async ({
  page,
}) => {
  await openActiveEvent(page, 'admin@demo.test');
  await page.getByTestId('nav-configDevices').click();
  const importFile = async (lines: string[]) => {
    await page.getByTestId('registry-import').click();
    await chooseCsv(page, ['serial;model', ...lines].join('\n'));
  };
  await importFile(['E2E-DUP-01;Sunmi V2s']);
  await page.getByTestId('registry-import-upload').click();
  await expect(page.getByTestId('registry-import-summary')).toContainText(
    '1 terminal registered, 0 rows refused',
  );
  await page.keyboard.press('Escape');

  // The same serial in another case: the preview asks the server and names it before the upload.
  await importFile(['e2e-dup-01;Sunmi V2s', 'E2E-DUP-02;Sunmi V2s']);
  await expect(page.getByTestId('import-count')).toContainText('2 rows (1 valid, 1 with problems)');
  await expect(page.getByTestId('import-problems').getByTestId('import-row-2')).toContainText(
    'Serial number: The serial e2e-dup-01 is already registered',
  );
  await page.getByTestId('registry-import-upload').click();
  const result = page.getByTestId('registry-import-result');
  await expect(page.getByTestId('registry-import-summary')).toContainText(
    '1 terminal registered, 1 row refused',
  );
  // Each refused row once, and no green success beside it: the notice is the warning with the counts.
  await expect(result.getByTestId('import-row-2')).toHaveCount(1);
  await expect(
    page.locator('.mantine-Notification-root', { hasText: '1 terminal registered, 1 row refused' }),
  ).toBeVisible();
  await expect(page.getByText('Operation successfully ended')).toHaveCount(0);
});

test('deleting a terminal that has worked offers its inactive date instead (issue 27 item 21)', async ({
  page,
}) => {
  await openActiveEvent(page, 'admin@demo.test');
  await redeem(page, await eventQr(page), 'E2E-WORKED-01');
  await page.getByTestId('nav-configDevices').click();
  const row = page.getByRole('row', { name: /E2E-WORKED-01/ });
  await row.click();
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('This terminal has worked');
  await expect(dialog).toContainText('It can only be given an inactive date');
  await dialog.getByRole('button', { name: 'Make inactive from now' }).click();
  await expect(page.getByText('The terminal is inactive from now')).toBeVisible();
  await expect(row).toContainText('Inactive');
  // Asked again, it says since when instead of refusing after the question.
  await row.click();
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog')).toContainText('It is already inactive since');
});

test('the fleet health flags a silent terminal and one with a gap, and refreshes live', async ({ page }) => {
  await openActiveEvent(page, 'admin@demo.test');
  const qr = await eventQr(page);
  const gap = await redeem(page, qr, 'E2E-GAP-01');
  // Operations 3 and 4 never arrive.
  await gap.sync([access(1), access(2), access(5)], {
    lastSeq: 5,
    pendingOperations: 0,
    appVersion: '3.4.2',
  });
  // A terminal configured, then never heard of again.
  const event = (await page.evaluate(() => JSON.parse(localStorage.getItem('pulsera.event') ?? '{}'))) as {
    id: number;
  };
  const silent = await page.request.post('/api/global/devices', {
    headers: { token: await stored(page, 'pulsera.token') },
    data: { device: { n_serie: 'E2E-SILENT-01', idEvent: event.id } },
  });
  expect(silent.status()).toBe(200);

  await page.getByTestId('nav-devices').click();
  await page.getByTestId('fleet-gaps').check();
  const gapRow = page.getByRole('row', { name: /E2E-GAP-01/ });
  await expect(gapRow.getByTestId('flag-gap')).toHaveText('2 missing');
  await expect(gapRow).toContainText('3.4.2');
  await expect(page.getByRole('row', { name: /E2E-SILENT-01/ })).toHaveCount(0);
  await expect(page).toHaveURL(/gaps=1/);

  await page.getByTestId('fleet-gaps').uncheck();
  await page.getByTestId('fleet-silent').fill('30');
  await expect(page.getByRole('row', { name: /E2E-SILENT-01/ }).getByTestId('flag-never')).toBeVisible();
  await expect(page.getByRole('row', { name: /E2E-GAP-01/ })).toHaveCount(0);

  // The late operations arrive: the flag goes without reloading the page.
  await page.getByTestId('fleet-silent').fill('');
  await expect(gapRow.getByTestId('flag-gap')).toBeVisible();
  await gap.sync([access(3), access(4)], { lastSeq: 5, pendingOperations: 0 });
  await expect(gapRow.getByTestId('flag-gap')).toHaveCount(0, { timeout: 30_000 });
});

test('the fleet counter follows the search: filtered of total (issue 27 item 24)', async ({ page }) => {
  await openActiveEvent(page, 'admin@demo.test');
  await page.getByTestId('nav-devices').click();
  const count = page.getByTestId('fleet-count');
  await expect(count).toContainText(/(\d+) of \1 terminals/);
  const total = Number((await count.innerText()).match(/of (\d+) terminals/)![1]);
  const first = (await page.getByRole('row').nth(1).getByRole('cell').first().innerText()).trim();
  await page.getByRole('textbox', { name: 'Search' }).fill(first);
  await expect(count).not.toContainText(`${total} of ${total}`);
  await expect(count).toContainText(new RegExp(`\\d+ of ${total} terminals`));
});

test("a ban's reach: how many of the event's active terminals have received it", async ({ page }) => {
  await openActiveEvent(page, 'super@demo.test');
  const terminal = await redeem(page, await eventQr(page), 'E2E-BAN-01');
  await page.getByTestId('nav-banRfids').click();
  await page.getByTestId('resource-new').click();
  await page.getByTestId('field-nSerie').fill('04E2EBA0000001');
  await page.getByTestId('field-enabled').check({ force: true });
  await page.getByTestId('resource-save').click();
  await expectSaved(page);
  const row = page.getByRole('row', { name: /04E2EBA0000001/ });
  await expect(row.getByTestId('ban-reach')).toHaveText(/^0 \/ \d+$/);

  // The terminal asks for the list, then says it holds it.
  const { banList } = await terminal.sync([], { banListVersion: 0 });
  await terminal.sync([], { banListVersion: banList!.version });
  await page.reload();
  await expect(row.getByTestId('ban-reach')).toHaveText(/^1 \/ \d+$/);
});
