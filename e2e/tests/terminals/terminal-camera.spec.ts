import { expect, test } from '@playwright/test';
import { openActiveEvent } from '../helpers';
import { denyCamera, pointCameraAt } from './camera-video';
import { eventQr } from './terminal-helpers';

/**
 * A phone (360×740) sets itself up by holding its camera over the event's configuration QR: no
 * typing. Refused: a camera the phone does not allow says so and leaves pasting possible; a QR that
 * is not the event's is refused in words.
 */
test('a terminal is set up by scanning the event QR with the camera', async ({ page, browser }) => {
  await openActiveEvent(page, 'admin@demo.test');
  const qr = await eventQr(page);

  const phone = await browser.newContext({
    viewport: { width: 360, height: 740 },
    locale: 'en-GB',
  });
  await pointCameraAt(phone, qr);
  const terminal = await phone.newPage();
  await terminal.goto('/terminal/');
  await terminal.getByTestId('provision-camera-start').click();
  // Read, redeemed, and the camera closed: the terminal asks where it sells. (The camera's view may
  // open and close between two looks of the test: the first frame can hold the code.)
  await expect(terminal.getByRole('heading', { name: 'Where does this terminal sell?' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(terminal.getByTestId('provision-camera-view')).toHaveCount(0);
  await phone.close();
});

test('a camera the phone does not allow, and a QR that is not the event’s, are refused in words', async ({
  browser,
}) => {
  const denied = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'en-GB' });
  await denyCamera(denied);
  const first = await denied.newPage();
  await first.goto('/terminal/');
  await first.getByTestId('provision-camera-start').click();
  await expect(first.getByTestId('provision-camera-problem')).toHaveText(
    "The camera is not allowed. Allow it in the browser's site settings, or type the code.",
  );
  // Pasting stays possible.
  await expect(first.getByTestId('provision-qr')).toBeEditable();
  await denied.close();

  const allowed = await browser.newContext({
    viewport: { width: 360, height: 740 },
    locale: 'en-GB',
  });
  await pointCameraAt(allowed, 'https://example.com/not-a-pulsera-qr');
  const second = await allowed.newPage();
  await second.goto('/terminal/');
  await second.getByTestId('provision-camera-start').click();
  await expect(second.getByRole('alert')).toContainText('The QR was refused', { timeout: 20_000 });
  await expect(second.getByTestId('provision-qr')).toHaveValue('https://example.com/not-a-pulsera-qr');
  await allowed.close();
});
