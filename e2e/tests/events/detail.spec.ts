import { expect, type Locator, type Page, test } from '@playwright/test';
import { openActiveEvent, signIn } from '../helpers';
import { png } from '../png';

/**
 * The event detail (admin/events/theevent): editing an event across a time zone, duplicating it with
 * and without articles, the device-configuration QR, a location’s receipt logo, and the event’s own
 * receipt logo and sponsor image.
 */

/** The console's session token, for reading what the server stored. */
const sessionToken = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('pulsera.token') ?? 'null') as string);
const selectedEventId = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('pulsera.event') ?? 'null') as { id: number }).id);

async function findEvent(page: Page, id: number) {
  const res = await page.request.get(`/api/findEvent/${id}`, {
    headers: { token: await sessionToken(page) },
  });
  expect(res.status()).toBe(200);
  return (await res.json()).result as {
    event: { nombre: string; zona_horaria: string; f_inicio: string; f_fin: string };
    articles: { id: number; nombre: string }[];
  };
}

/** An instant as the wall clock of a time zone shows it: 'YYYY-MM-DD HH:mm'. */
function wallClock(iso: string, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** Creates an event from the chooser (an admin lands on its detail). */
async function createEvent(page: Page, name: string) {
  await signIn(page, 'admin@demo.test');
  await page.getByTestId('event-new').click();
  await page.getByTestId('new-event-name').fill(name);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByTestId('current-event')).toHaveText(name);
  await expect(page).toHaveURL(/\/admin\/events\/theevent/);
}

test('edits an event in another time zone and sees the same local times after reload', async ({ page }) => {
  await createEvent(page, 'Brooklyn Nights 2026');
  const id = await selectedEventId(page);
  const before = (await findEvent(page, id)).event;
  expect(before.zona_horaria).toBe('Europe/Madrid');

  // The zone changes, the wall-clock times stay (the instants move).
  const form = page.getByTestId('event-form');
  const start = form.getByTestId('field-f_inicio');
  const end = form.getByTestId('field-f_fin');
  const startBefore = (await start.textContent())!.trim();
  const endBefore = (await end.textContent())!.trim();
  await form.getByTestId('field-zona_horaria').click();
  await form.getByTestId('field-zona_horaria').fill('America/New_York');
  await page.getByRole('option', { name: 'America/New_York', exact: true }).click();
  await expect(form.getByTestId('field-zona_horaria')).toHaveValue('America/New_York');
  await expect(start).toHaveText(startBefore);
  await expect(end).toHaveText(endBefore);

  // A new start at 20:30 New York time, on another day (the next one, or the one before at a
  // month's end so that it is on the calendar shown).
  const [d, m, y] = startBefore.split(' ')[0]!.split('/').map(Number) as [number, number, number];
  let day = new Date(Date.UTC(y, m - 1, d + 1));
  if (day.getUTCMonth() !== m - 1) day = new Date(Date.UTC(y, m - 1, d - 1));
  const dd = String(day.getUTCDate()).padStart(2, '0');
  const mm = String(day.getUTCMonth() + 1).padStart(2, '0');
  const yyyy = day.getUTCFullYear();
  const monthName = day.toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' });
  await setDateTime(page, start, `${day.getUTCDate()} ${monthName} ${yyyy}`, '20', '30');
  await expect(start).toHaveText(`${dd}/${mm}/${yyyy} 20:30`);

  // An event made from the chooser has no promoter yet: the form asks for one.
  await page.getByTestId('event-save').click();
  await expect(form.getByText('Required field')).toBeVisible();
  await form.getByTestId('field-id_promotor').click();
  await page.getByRole('option', { name: 'Sonora Live', exact: true }).click();
  await page.getByTestId('event-save').click();
  await expect(page.getByTestId('event-save')).toBeDisabled();

  // After a reload the event shows the same local times, in its new zone.
  await page.reload();
  await expect(form.getByTestId('field-zona_horaria')).toHaveValue('America/New_York');
  await expect(start).toHaveText(`${dd}/${mm}/${yyyy} 20:30`);
  await expect(end).toHaveText(endBefore);
  await expect(form.getByText('America/New_York').first()).toBeVisible();

  // The server keeps UTC instants: the start is 20:30 in New York (not in Madrid, nor in UTC).
  const after = (await findEvent(page, id)).event;
  expect(after.zona_horaria).toBe('America/New_York');
  expect(after.f_inicio).toMatch(/Z$/);
  expect(wallClock(after.f_inicio, 'America/New_York')).toBe(`${yyyy}-${mm}-${dd} 20:30`);
  expect(wallClock(after.f_inicio, 'UTC')).not.toBe(`${yyyy}-${mm}-${dd} 20:30`);
  expect(wallClock(after.f_inicio, 'Europe/Madrid')).not.toBe(`${yyyy}-${mm}-${dd} 20:30`);
  // The end kept its wall-clock time when the zone changed, so its instant moved.
  expect(wallClock(after.f_fin, 'America/New_York')).toBe(wallClock(before.f_fin, 'Europe/Madrid'));
  expect(after.f_fin).not.toBe(before.f_fin);
});

/** Picks a day and a time in a date-time field's picker and confirms it. */
async function setDateTime(page: Page, field: Locator, dayLabel: string, hours: string, minutes: string) {
  await field.click();
  const picker = page.getByRole('dialog').last();
  await picker.getByRole('button', { name: dayLabel, exact: true }).click();
  const [h, mi] = [picker.getByRole('spinbutton').first(), picker.getByRole('spinbutton').nth(1)];
  // On a loaded machine the picker may still be re-rendering the chosen day while the time is typed
  // (the fields then come back empty): type the time again until both fields hold it.
  await expect(async () => {
    await h.click();
    await h.press('Backspace');
    await h.pressSequentially(hours);
    await mi.click();
    await mi.press('Backspace');
    await mi.pressSequentially(minutes);
    await expect(h).toHaveValue(hours, { timeout: 2000 });
    await expect(mi).toHaveValue(minutes, { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  // The confirm button (a check mark) closes the picker with the chosen value.
  await picker.locator('button').last().click();
  await expect(picker).toBeHidden();
}

test('duplicates an event with its articles, and without them', async ({ page }) => {
  await openActiveEvent(page, 'admin@demo.test');
  const source = await findEvent(page, await selectedEventId(page));
  const articleNames = source.articles.map((a) => a.nombre).sort();
  expect(articleNames).toEqual(expect.arrayContaining(['Beer 50cl', 'Gin tonic']));
  await page.getByTestId('tab-duplicate').click();

  await page.getByTestId('field-newEventName').fill('Copy With Articles 2026');
  await page.getByTestId('field-duplicateArticles').check({ force: true });
  await page.getByTestId('duplicate-submit').click();
  await expect(page.getByTestId('duplicate-done')).toContainText('Copy With Articles 2026');

  await page.getByTestId('field-newEventName').fill('Copy Without Articles 2026');
  await expect(page.getByTestId('field-duplicateArticles')).not.toBeChecked();
  await page.getByTestId('duplicate-submit').click();
  await expect(page.getByTestId('duplicate-done')).toContainText('Copy Without Articles 2026');

  // The copy with articles sells the same articles…
  await page.getByRole('link', { name: 'Choose event' }).first().click();
  await page.getByRole('cell', { name: 'Copy With Articles 2026' }).click();
  await expect(page.getByTestId('current-event')).toHaveText('Copy With Articles 2026');
  await page.getByTestId('nav-articles').click();
  for (const name of ['Beer 50cl', 'Gin tonic']) {
    await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
  }
  const withArticles = await findEvent(page, await selectedEventId(page));
  expect(withArticles.articles.map((a) => a.nombre).sort()).toEqual(articleNames);

  // …the other has none.
  await page.getByRole('link', { name: 'Choose event' }).first().click();
  await page.getByRole('cell', { name: 'Copy Without Articles 2026' }).click();
  await expect(page.getByTestId('current-event')).toHaveText('Copy Without Articles 2026');
  await page.getByTestId('nav-articles').click();
  await expect(page.getByRole('heading', { name: 'Articles' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Beer 50cl', exact: true })).toHaveCount(0);
  expect((await findEvent(page, await selectedEventId(page))).articles).toEqual([]);
});

test('generates a device QR: shown as an image and as text without the prefix, and a terminal redeems it', async ({
  page,
}) => {
  await createEvent(page, 'Terminal Setup Fest 2026');
  await page.getByTestId('tab-qr').click();
  await page.getByTestId('qr-generate').click();
  const result = page.getByTestId('qr-result');
  await expect(result).toBeVisible();
  const image = result.getByRole('img', { name: 'Device configuration code' });
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((i) => (i as { naturalWidth: number }).naturalWidth))
    .toBeGreaterThan(100);

  const text = (await page.getByTestId('qr-text').textContent())!.trim();
  expect(text.startsWith('PULSERA-DEVCFG')).toBe(false);
  expect(text).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

  // The text as shown is what a terminal redeems: it joins the event and syncs.
  const redeemed = await page.request.post('/api/device/redeem', {
    data: { qr: text, serial: 'E2E-QR-PDA-1', model: 'Sunmi V2s' },
  });
  expect(redeemed.status()).toBe(200);
  const r = (await redeemed.json()).result;
  expect(r.event.name).toBe('Terminal Setup Fest 2026');
  expect(r.device).toMatchObject({ n_serie: 'E2E-QR-PDA-1', type: 'PDA', model: 'Sunmi V2s' });
  // The staff member who checks in is the event's own (the feed records only the event's names).
  const stored = (key: string) =>
    page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? 'null') as string, key);
  const made = await page.request.post('/api/staff', {
    headers: { token: await stored('pulsera.token'), tokenevent: await stored('pulsera.eventToken') },
    data: { staff: { user: 'qr-checker', name: 'QR Checker', trusts: 'C' } },
  });
  expect(made.status()).toBe(200);
  const staffId = (await made.json()).result.id as number;
  const synced = await page.request.post('/api/device/sync', {
    headers: { devicetoken: r.token },
    data: {
      operations: [
        {
          kind: 'presence',
          id: crypto.randomUUID(),
          deviceTime: new Date().toISOString(),
          staffId,
          type: 'in',
        },
      ],
    },
  });
  expect(synced.status()).toBe(200);
  expect((await synced.json()).result.accepted).toHaveLength(1);
});

test('uploads a receipt logo for a location and sees it after reload', async ({ page }) => {
  await createEvent(page, 'Logo Test Fest 2026');
  await page.getByTestId('nav-locations').click();
  await page.getByTestId('resource-new').click();
  await page.getByTestId('field-nombre').fill('Main bar');
  await page.getByTestId('resource-save').click();
  await expect(page.getByText('Operation successfully ended').first()).toBeVisible();
  await page.getByRole('cell', { name: 'Main bar' }).click();

  const logo = page.getByTestId('image-upload-/locations/images');
  await expect(logo.getByText('No image')).toBeVisible();
  await logo.locator('input[type=file]').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: png(200, 200),
  });
  await expect(page.getByText('Image saved')).toBeVisible();
  const shown = logo.getByRole('img', { name: 'Receipt logo' });
  await expect(shown).toBeVisible();

  await page.reload();
  await page.getByRole('cell', { name: 'Main bar' }).click();
  const again = page.getByTestId('image-upload-/locations/images').getByRole('img', { name: 'Receipt logo' });
  await expect(again).toBeVisible();
  await expect.poll(() => again.evaluate((i) => (i as { naturalWidth: number }).naturalWidth)).toBe(200);
  await expect.poll(() => again.evaluate((i) => (i as { naturalHeight: number }).naturalHeight)).toBe(200);
});

test('uploads the event’s receipt logo and sponsor image, sees them after reload, and is told of a wrong size', async ({
  page,
}) => {
  await createEvent(page, 'Receipt Logo Fest 2026');
  const logo = page.getByTestId('image-upload-/event/images/receipt-logo');
  const sponsor = page.getByTestId('image-upload-/event/images/image-sponsor');
  await expect(logo.getByText('No image')).toBeVisible();
  await expect(sponsor.getByText('No image')).toBeVisible();

  await logo.locator('input[type=file]').setInputFiles({
    name: 'receipt-logo.png',
    mimeType: 'image/png',
    buffer: png(200, 200),
  });
  await expect(logo.getByRole('img', { name: 'Receipt logo' })).toBeVisible();
  await sponsor.locator('input[type=file]').setInputFiles({
    name: 'sponsor.png',
    mimeType: 'image/png',
    buffer: png(500, 140),
  });
  await expect(sponsor.getByRole('img', { name: 'Sponsor image' })).toBeVisible();

  // After a reload both are the event's, at their sizes.
  await page.reload();
  const naturalSize = (img: Locator) =>
    img.evaluate((i) => {
      const el = i as { naturalWidth: number; naturalHeight: number };
      return `${el.naturalWidth}x${el.naturalHeight}`;
    });
  const logoImg = logo.getByRole('img', { name: 'Receipt logo' });
  const sponsorImg = sponsor.getByRole('img', { name: 'Sponsor image' });
  await expect(logoImg).toBeVisible();
  await expect(sponsorImg).toBeVisible();
  await expect.poll(() => naturalSize(logoImg)).toBe('200x200');
  await expect.poll(() => naturalSize(sponsorImg)).toBe('500x140');
  const stored = await page.request.get(`/api/findEvent/${await selectedEventId(page)}`, {
    headers: { token: await sessionToken(page) },
  });
  const event = (await stored.json()).result.event;
  expect(event.pictureReceiptLogo).toMatchObject({ id: expect.any(Number), url: expect.any(String) });
  expect(event.pictureSponsor).toMatchObject({ id: expect.any(Number), url: expect.any(String) });

  // A sponsor-sized image is no receipt logo: the field says why, and the logo stays.
  await logo.locator('input[type=file]').setInputFiles({
    name: 'too-wide.png',
    mimeType: 'image/png',
    buffer: png(500, 140),
  });
  await expect(logo.getByRole('alert')).toHaveText('The image must be 200×200 pixels; this one is 500×140');
  await expect.poll(() => naturalSize(logoImg)).toBe('200x200');
  await page.reload();
  await expect.poll(() => naturalSize(logo.getByRole('img', { name: 'Receipt logo' }))).toBe('200x200');
});
