import { expect, test } from '@playwright/test';
import { activeEventDesk, barOf, tap } from './terminal-helpers';

/**
 * The terminal in the browser's language (es, it, fr; English is every other spec's) on a phone
 * (360×740): set up, the staff sign-in and a sale at a bar, each screen in that language and the
 * amounts written as it writes them (a decimal comma).
 */
const LANGUAGES = [
  {
    locale: 'es-ES',
    where: '¿Dónde vende este terminal?',
    signIn: 'Acceso del personal',
    staff: 'Personal',
    charge: 'Cobrar',
    paid: 'Pagado',
  },
  {
    locale: 'it-IT',
    where: 'Dove vende questo terminale?',
    signIn: 'Accesso del personale',
    staff: 'Personale',
    charge: 'Incassa',
    paid: 'Pagato',
  },
  {
    locale: 'fr-FR',
    where: 'Où ce terminal vend-il ?',
    signIn: 'Connexion du personnel',
    staff: 'Personnel :',
    charge: 'Encaisser',
    paid: 'Payé',
  },
];

test('the terminal speaks the browser’s language: set up, sign-in and a sale in es, it and fr', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const { qr, kiosk, config } = await activeEventDesk(page, 'E2E-LANG-DESK-1');
  const { bar } = barOf(config);
  const member = config.staff.find(
    (s) => s.active && s.rfid && (s.locationIds === null || s.locationIds.includes(bar.id)),
  )!;
  for (const [i, lang] of LANGUAGES.entries()) {
    const band = `04E2E71A0000${i}${i}`;
    await kiosk.topUp(band, 5000);
    const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: lang.locale });
    const terminal = await phone.newPage();
    await terminal.goto('/terminal/');
    await terminal.getByTestId('provision-qr').fill(qr);
    await terminal.getByTestId('provision-submit').click();
    await expect(terminal.getByRole('heading', { name: lang.where })).toBeVisible();
    await terminal.getByRole('button', { name: bar.name, exact: true }).click();
    await expect(terminal.getByRole('heading', { name: lang.signIn })).toBeVisible();
    await tap(terminal, member.rfid!);
    await expect(terminal.getByTestId('signed-in')).toContainText(`${lang.staff}`);
    await expect(terminal.getByTestId('signed-in')).toContainText(member.name);
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
