/**
 * The camera a terminal's browser test points at a code. The Chromium the tests run (a headless
 * shell) has no capture devices at all, fake ones included (getUserMedia answers NotSupportedError),
 * so the camera is given at the browser's own door: `getUserMedia` answers a live stream of a canvas
 * on which the QR code of a text is drawn (black modules on white, with its quiet zone), as a phone
 * held over a printed QR would see it; or it refuses as a browser does when the camera is not allowed.
 * Everything behind that door (the video, the barcode reader, the app) is the app's own.
 */
import type { BrowserContext } from '@playwright/test';
import QRCode from 'qrcode';

/** From now on, pages of `context` (those open too) that open the camera see the QR code of `text`. */
export async function pointCameraAt(context: BrowserContext, text: string) {
  const image = await QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 4, width: 400 });
  // Plain browser script (this project's types have no DOM).
  await everyPage(
    context,
    `navigator.mediaDevices.getUserMedia = async () => {
      const canvas = document.createElement('canvas');
      canvas.width = 640;
      canvas.height = 480;
      const g = canvas.getContext('2d');
      const qr = new Image();
      qr.src = ${JSON.stringify(image)};
      await qr.decode();
      const draw = () => {
        g.fillStyle = '#fff';
        g.fillRect(0, 0, canvas.width, canvas.height);
        g.drawImage(qr, 120, 40, 400, 400);
      };
      draw();
      setInterval(draw, 100);
      return canvas.captureStream(10);
    };`,
  );
}

/** From now on, pages of `context` are refused the camera, as when the user or the site settings deny it. */
export async function denyCamera(context: BrowserContext) {
  await everyPage(
    context,
    `navigator.mediaDevices.getUserMedia = async () => {
      throw new DOMException('Permission denied', 'NotAllowedError');
    };`,
  );
}

/** Runs a script in the pages open now and in every page loaded from now on. */
async function everyPage(context: BrowserContext, content: string) {
  await context.addInitScript({ content });
  for (const page of context.pages()) await page.evaluate(content);
}
