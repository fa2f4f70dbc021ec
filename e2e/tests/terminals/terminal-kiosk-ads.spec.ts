import { expect, test } from '@playwright/test';
import { png } from '../png';
import { activeEventDesk, consoleHeaders, phoneTerminal, tap } from './terminal-helpers';

/**
 * The kiosk's ads (issue 30) on a phone (360×740): an ad showing today, its image uploaded in the
 * console's Kiosk ads screen, is shown by the idle kiosk and hidden once a wristband is tapped. The
 * spec deletes its ad at the end (the specs share one demo server).
 */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test('the idle kiosk shows the event’s ad, and hides it once a wristband is tapped', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { qr, config } = await activeEventDesk(page, 'E2E-KIOSK-ADS-1');
  const headers = await consoleHeaders(page);
  const saved = await page.request.post('/api/ads', {
    headers,
    data: {
      ad: {
        dateStart: day(-1),
        dateEnd: day(1),
        timeStart: '00:00:00',
        timeEnd: '23:59:59',
        dayWeek: 'LMXJVSD',
        order: 0,
      },
    },
  });
  expect(saved.status()).toBe(200);
  const adId = (await saved.json()).result as number;
  try {
    // Its image, uploaded in the console.
    await page.getByTestId('nav-ads').click();
    const [y, m, d] = day(-1).split('-');
    await page
      .getByRole('row', { name: new RegExp(`${d}/${m}/${y}.*00:00`) })
      .first()
      .click();
    const upload = page.getByTestId('image-upload-/ads/kiosk/image');
    await upload
      .locator('input[type=file]')
      .setInputFiles({ name: 'ad.png', mimeType: 'image/png', buffer: png(500, 500) });
    await expect(upload.locator('img')).toBeVisible();

    const kiosks = config.locations.find((l) => l.name === 'Top-up kiosks')!;
    const { phone, terminal } = await phoneTerminal(browser, qr, config, kiosks.id);
    await terminal.getByTestId('mode-kiosk').click();
    const ad = terminal.getByTestId('kiosk-ad');
    await expect(ad.locator(`img[data-ad="${adId}"]`)).toBeVisible();
    // The image itself loaded (not a broken picture).
    expect(
      await ad.locator('img').evaluate((i) => (i as unknown as { naturalWidth: number }).naturalWidth),
    ).toBe(500);
    await terminal.screenshot({ path: 'test-results/terminal-kiosk-ad.png' });
    await tap(terminal, '04E2E7AD000001');
    await expect(ad).toHaveCount(0);
    await phone.close();
  } finally {
    await page.request.delete(`/api/ads/${adId}`, { headers });
  }
});
