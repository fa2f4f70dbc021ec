import { expect, test } from '@playwright/test';
import { activeEventDesk, barOf, phoneTerminal, TERMINAL_LANGUAGES, tap } from './terminal-helpers';

/**
 * The terminal in the browser's language (es, it, fr; English is every other spec's) on a phone
 * (360×740): set up, the staff sign-in and a sale at a bar, each screen in that language and the
 * amounts written as it writes them (a decimal comma).
 */
const LANGUAGES = [
  { ...TERMINAL_LANGUAGES.es, charge: 'Cobrar', paid: 'Pagado' },
  { ...TERMINAL_LANGUAGES.it, charge: 'Incassa', paid: 'Pagato' },
  { ...TERMINAL_LANGUAGES.fr, charge: 'Encaisser', paid: 'Payé' },
];

test('the terminal speaks the browser’s language: set up, sign-in and a sale in es, it and fr', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const { qr, kiosk, config } = await activeEventDesk(page, 'E2E-LANG-DESK-1');
  const { bar } = barOf(config);
  for (const [i, lang] of LANGUAGES.entries()) {
    const band = `04E2E71A0000${i}${i}`;
    await kiosk.topUp(band, 5000);
    const { phone, terminal } = await phoneTerminal(browser, qr, config, bar.id, undefined, lang);
    await terminal.locator('button.tile:not(.pack)').first().click();
    await expect(terminal.getByTestId('sale-charge')).toContainText(
      new RegExp(`^${lang.charge} \\d+,\\d{2}`),
    );
    await terminal.getByTestId('sale-charge').click();
    await tap(terminal, band);
    await expect(terminal.getByTestId('sale-done')).toContainText(new RegExp(`${lang.paid} \\d+,\\d{2}`));
    await phone.close();
  }
});
