/** What the terminal's browser tests share: the console's headers, the event's QR, the installed app. */
import { expect, type Page } from '@playwright/test';

const stored = (page: Page, key: string) =>
  page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? 'null') as string, key);

/** The headers of the console session open in `page`. */
export const consoleHeaders = async (page: Page) => ({
  token: await stored(page, 'pulsera.token'),
  tokenevent: await stored(page, 'pulsera.eventToken'),
});

/** A device configuration QR of the event open in the console. */
export async function eventQr(page: Page) {
  const res = await page.request.post('/api/event/generateQr', {
    headers: await consoleHeaders(page),
    data: { qrExpiration: 30, authExpiration: 24 },
  });
  expect(res.status()).toBe(200);
  return (await res.json()).result as string;
}

/** Waits until the service worker controls the terminal's page, so it loads with no network. */
export const installed = (terminal: Page) =>
  terminal.waitForFunction(
    () =>
      (globalThis as unknown as { navigator: { serviceWorker: { controller: unknown } } }).navigator
        .serviceWorker.controller !== null,
    undefined,
    { timeout: 30_000 },
  );
