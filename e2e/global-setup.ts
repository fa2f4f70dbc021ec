import { existsSync } from 'node:fs';
import { CHROMIUM } from './playwright.config';

export default function globalSetup() {
  if (!CHROMIUM.path || !existsSync(CHROMIUM.path)) {
    throw new Error(
      [
        '',
        CHROMIUM.source === 'CHROMIUM_PATH'
          ? `Browser tests need Chromium, and CHROMIUM_PATH names ${CHROMIUM.path}, which does not exist.`
          : `Browser tests need Chromium. The one npm installs (@sparticuz/chromium) runs on Linux x64 only, and this is ${process.platform} ${process.arch}.`,
        'Point CHROMIUM_PATH at an installed Chromium or Chrome binary, then run npm test again, e.g.',
        '  CHROMIUM_PATH="/Applications/Google Chrome.app/Contents/MacOS/Google Chrome" npm test   (macOS)',
        '  CHROMIUM_PATH=/usr/bin/chromium npm test                                              (Debian / Ubuntu)',
        '',
      ].join('\n'),
    );
  }
  console.log(`Browser tests use ${CHROMIUM.source}: ${CHROMIUM.path}`);
}
