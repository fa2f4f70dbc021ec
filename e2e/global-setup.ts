import { existsSync } from 'node:fs';
import { CHROMIUM } from './playwright.config';

export default function globalSetup() {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      [
        '',
        `Browser tests need Chromium, and none was found at ${CHROMIUM}.`,
        'Install it with:  sudo apt-get install chromium     (Debian / Ubuntu)',
        'or point CHROMIUM_PATH at an installed Chromium or Chrome binary, then run npm test again.',
        '',
      ].join('\n'),
    );
  }
}
