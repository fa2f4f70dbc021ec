import { expect, test } from '@playwright/test';
import { openActiveEvent } from '../helpers';
import { openGate, overflowing, spaceBetween, TERMINAL_LANGUAGES } from './terminal-helpers';

/**
 * The terminal at a gate (issue 30) in the browser's language (es, it, fr) on a phone (360×740): set up
 * at the demo's North gate, a staff member signed in; the README's demo wristband (Luca Ruiz, General
 * ticket) is admitted and a wristband without a ticket role is refused with NI, the answer's heading,
 * access code and reason in that language (terminal/src/locales); every screen fits the phone's width
 * and its buttons keep apart.
 */

const LUCA = '04577424DBA62E';

const LANGUAGES = [
  {
    ...TERMINAL_LANGUAGES.es,
    tap: 'Acerca la pulsera',
    validate: 'Validar entrada',
    admitted: 'ADMITIDO',
    refused: 'DENEGADO',
    next: 'Siguiente',
    S: ['S · permitido', 'Bienvenido.'],
    W: ['W · aviso: doble entrada', 'Ya está dentro de esta zona: revisa la pulsera.'],
    NI: ['NI · denegado: sin rol', 'La pulsera no tiene rol de entrada: enviar a taquilla.'],
  },
  {
    ...TERMINAL_LANGUAGES.it,
    tap: 'Avvicina il braccialetto',
    validate: 'Convalida biglietto',
    admitted: 'AMMESSO',
    refused: 'RIFIUTATO',
    next: 'Avanti',
    S: ['S · consentito', 'Benvenuto.'],
    W: ['W · avviso: doppio ingresso', 'Già dentro questa zona: controlla il braccialetto.'],
    NI: ['NI · negato: senza ruolo', 'Nessun ruolo sul braccialetto: inviare alla biglietteria.'],
  },
  {
    ...TERMINAL_LANGUAGES.fr,
    tap: 'Présentez le bracelet',
    validate: 'Valider un billet',
    admitted: 'ADMIS',
    refused: 'REFUSÉ',
    next: 'Suivant',
    S: ['S · autorisé', 'Bienvenue.'],
    W: ['W · avertissement : double entrée', 'Déjà dans cette zone : vérifiez le bracelet.'],
    NI: ['NI · refusé : pas de rôle', 'Aucun rôle sur ce bracelet : envoyer à la billetterie.'],
  },
];

test('a gate answers in the browser’s language: admitted and refused with code and reason in es, it and fr', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await openActiveEvent(page, 'admin@demo.test');
  for (const [i, lang] of LANGUAGES.entries()) {
    const { phone, terminal, tap } = await openGate(page, browser, `E2E-GATE-LANG-${i}`, lang);
    await expect(terminal.getByText(lang.tap, { exact: true })).toBeVisible();
    await expect(terminal.getByTestId('gate-validate-ticket')).toHaveText(lang.validate);
    expect(await overflowing(terminal)).toEqual([]);
    expect(
      await spaceBetween(terminal.getByTestId('reader-read'), terminal.getByTestId('gate-validate-ticket')),
    ).toBeGreaterThanOrEqual(8);
    await terminal.screenshot({ path: `test-results/terminal-gate-${lang.locale}.png` });

    // Luca's General ticket opens the grounds (a warning if another test let him in already).
    const luca = await tap(LUCA);
    await expect(luca).toHaveClass(/admitted/);
    const code = (await luca.getAttribute('data-code')) as 'S' | 'W';
    expect(['S', 'W']).toContain(code);
    await expect(luca.getByRole('heading')).toHaveText(lang.admitted);
    await expect(terminal.getByTestId('gate-code')).toHaveText(lang[code][0]);
    await expect(terminal.getByTestId('gate-reason')).toHaveText(lang[code][1]);
    await expect(terminal.getByTestId('gate-next')).toHaveText(lang.next);
    expect(await overflowing(terminal)).toEqual([]);
    await terminal.screenshot({ path: `test-results/terminal-gate-admitted-${lang.locale}.png` });
    await terminal.getByTestId('gate-next').click();

    const stranger = await tap(`04E2E7A1B2C3E${i}`);
    await expect(stranger).toHaveClass(/refused/);
    await expect(stranger.getByRole('heading')).toHaveText(lang.refused);
    await expect(terminal.getByTestId('gate-code')).toHaveText(lang.NI[0]);
    await expect(terminal.getByTestId('gate-reason')).toHaveText(lang.NI[1]);
    expect(await overflowing(terminal)).toEqual([]);
    await terminal.screenshot({ path: `test-results/terminal-gate-refused-${lang.locale}.png` });
    await phone.close();
  }
});
