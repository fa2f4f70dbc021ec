import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import {
  activeEventDesk,
  overflowing,
  phoneTerminal,
  spaceBetween,
  TERMINAL_LANGUAGES,
  tap,
} from './terminal-helpers';

/**
 * The kiosk (customer service, issue 30) in the browser's language (es, it, fr) on a phone (360×740) at
 * the demo's top-up kiosks: a tapped wristband's balance and history with amounts as that language writes them (a
 * decimal comma; the balance in the event's tokens, the refund in euros), a wristband change (its
 * balance moves to the new one) and the new one's cash refund with its receipt, each screen's texts in
 * that language (terminal/src/locales). Each screen fits the phone's width (two 7-byte serials of wide
 * digits in the change's heading wrap inside them), and its buttons keep apart.
 */
const LANGUAGES = [
  {
    ...TERMINAL_LANGUAGES.es,
    kiosk: 'Atención al cliente',
    tap: 'Acerca la pulsera del cliente',
    sent: 'Todo enviado',
    history: 'Historial',
    topUp: 'Recarga',
    changedIn: 'Cambio de pulsera (destino)',
    refunded: 'Devolución total',
    wristband: 'Pulsera ',
    balance: 'Saldo: 51,00 T + 0,00 T de regalo',
    refund: 'Devolver 25,50 € en efectivo',
    change: 'Cambiar pulsera',
    back: 'Volver',
    tapNew: 'Acerca la pulsera nueva para ',
    same: 'Es la misma pulsera: acerca la nueva.',
    changed: (from: string, to: string) => `Saldo pasado de ${from} a ${to}`,
    next: 'Siguiente cliente',
    receipt: 'Recibo de devolución',
    date: /^Fecha: \d{1,2}\/\d{1,2}\/\d{4}, \d{1,2}:\d{2}:\d{2}$/,
    receiptBand: 'Pulsera: ',
    paid: 'Devuelto en efectivo: 25,50 €',
    print: 'Imprimir recibo',
    nothing: 'Nada que devolver: el saldo en efectivo está vacío.',
  },
  {
    ...TERMINAL_LANGUAGES.it,
    kiosk: 'Assistenza clienti',
    tap: 'Avvicina il braccialetto del cliente',
    sent: 'Tutto inviato',
    history: 'Cronologia',
    topUp: 'Ricarica',
    changedIn: 'Sostituzione del braccialetto (destinazione)',
    refunded: 'Rimborso totale',
    wristband: 'Braccialetto ',
    balance: 'Saldo: 51,00 T + 0,00 T omaggio',
    refund: 'Rimborsa 25,50 € in contanti',
    change: 'Cambia braccialetto',
    back: 'Indietro',
    tapNew: 'Avvicina il nuovo braccialetto per ',
    same: 'È lo stesso braccialetto: avvicina quello nuovo.',
    changed: (from: string, to: string) => `Saldo spostato da ${from} a ${to}`,
    next: 'Cliente successivo',
    receipt: 'Ricevuta di rimborso',
    date: /^Data: \d{1,2}\/\d{1,2}\/\d{4}, \d{1,2}:\d{2}:\d{2}$/,
    receiptBand: 'Braccialetto: ',
    paid: 'Restituito in contanti: 25,50 €',
    print: 'Stampa ricevuta',
    nothing: 'Niente da rimborsare: il saldo in contanti è vuoto.',
  },
  {
    ...TERMINAL_LANGUAGES.fr,
    kiosk: 'Service client',
    tap: 'Approchez le bracelet du client',
    sent: 'Tout est envoyé',
    history: 'Historique',
    topUp: 'Recharge',
    changedIn: 'Remplacement de bracelet (destination)',
    refunded: 'Remboursement total',
    wristband: 'Bracelet ',
    balance: 'Solde : 51,00 T + 0,00 T offert',
    refund: 'Rembourser 25,50 € en espèces',
    change: 'Changer de bracelet',
    back: 'Retour',
    tapNew: 'Approchez le nouveau bracelet pour ',
    same: "C'est le même bracelet : approchez le nouveau.",
    changed: (from: string, to: string) => `Solde transféré de ${from} vers ${to}`,
    next: 'Client suivant',
    receipt: 'Reçu de remboursement',
    date: /^Date : \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/,
    receiptBand: 'Bracelet : ',
    paid: 'Rendu en espèces : 25,50 €',
    print: 'Imprimer le reçu',
    nothing: 'Rien à rembourser : le solde en espèces est vide.',
  },
];

test('the kiosk speaks the browser’s language: balance, wristband change and cash refund in es, it and fr', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const { qr, kiosk: api, config } = await activeEventDesk(page, 'E2E-KIOSK-LANG-DESK');
  const kiosks = config.locations.find((l) => l.name === 'Top-up kiosks')!;
  // 7-byte serials of mostly the widest hex digit (D), so that the change's heading, which names two,
  // is as long as a real one can be; each its own (a counter, and a random byte for the run).
  let made = 0;
  const serial = () =>
    `04${'D'.repeat(9)}${(made++).toString(16).toUpperCase()}${randomBytes(1).toString('hex').toUpperCase()}`;
  for (const lang of LANGUAGES) {
    const [oldBand, newBand] = [serial(), serial()];
    await api.topUp(oldBand, 2550);
    const { phone, terminal } = await phoneTerminal(browser, qr, config, kiosks.id, undefined, lang);
    await terminal.getByTestId('mode-kiosk').click();
    await expect(terminal.getByTestId('mode-kiosk')).toHaveText(lang.kiosk);
    await expect(terminal.getByRole('heading', { name: lang.tap })).toBeVisible();

    // The wristband's balance, as this language writes amounts.
    await tap(terminal, oldBand);
    const screen = terminal.getByTestId('kiosk-wristband');
    await expect(screen.getByText(`${lang.wristband}${oldBand}`, { exact: true })).toBeVisible();
    await expect(terminal.getByTestId('kiosk-balance')).toHaveText(lang.balance);
    await expect(terminal.getByTestId('kiosk-refund')).toHaveText(lang.refund);
    await expect(terminal.getByTestId('kiosk-change')).toHaveText(lang.change);
    // Its history (the event's extract, newest first): the top-up, in the language's words and format.
    const history = terminal.getByTestId('kiosk-history');
    await expect(history.getByRole('heading')).toHaveText(lang.history);
    await expect(history.locator('li')).toHaveCount(1);
    await expect(history.locator('li .what')).toHaveText([lang.topUp]);
    await expect(history.locator('li .amount')).toHaveText(['+51,00 T']);
    await expect(history.locator('li small')).toHaveText(/^\d{1,2}\/\d{1,2}\/\d{2,4},? \d{1,2}:\d{2}$/);
    const back = screen.getByRole('button', { name: lang.back, exact: true });
    await expect(back).toBeVisible();
    expect(await overflowing(terminal)).toEqual([]);
    expect(
      await spaceBetween(terminal.getByTestId('kiosk-refund'), terminal.getByTestId('kiosk-change')),
    ).toBeGreaterThanOrEqual(8);
    expect(await spaceBetween(terminal.getByTestId('kiosk-change'), back)).toBeGreaterThanOrEqual(8);
    await terminal.screenshot({ path: `test-results/terminal-kiosk-${lang.locale}.png` });

    // The wristband changed for a new one: its balance moves.
    await terminal.getByTestId('kiosk-change').click();
    await expect(terminal.getByRole('heading', { name: `${lang.tapNew}${oldBand}` })).toBeVisible();
    await tap(terminal, oldBand);
    await expect(terminal.getByTestId('kiosk-error')).toHaveText(lang.same);
    await tap(terminal, newBand);
    const changed = terminal.getByTestId('kiosk-changed');
    await expect(changed.getByRole('heading')).toHaveText(lang.changed(oldBand, newBand));
    await expect(changed).toContainText(lang.balance);
    await expect(terminal.getByTestId('kiosk-next')).toHaveText(lang.next);
    expect(await overflowing(terminal)).toEqual([]);
    await terminal.screenshot({ path: `test-results/terminal-kiosk-changed-${lang.locale}.png` });
    await terminal.getByTestId('kiosk-next').click();

    // The new wristband's cash refunded, with its receipt.
    await tap(terminal, newBand);
    await expect(terminal.getByTestId('kiosk-refund')).toHaveText(lang.refund);
    await terminal.getByTestId('kiosk-refund').click();
    const receipt = terminal.getByTestId('kiosk-receipt');
    await expect(receipt.getByRole('heading')).toHaveText(lang.receipt);
    await expect(receipt.getByText(lang.date)).toBeVisible();
    await expect(receipt.getByText(`${lang.receiptBand}${newBand}`, { exact: true })).toBeVisible();
    await expect(terminal.getByTestId('kiosk-refunded')).toHaveText(lang.paid);
    const print = receipt.getByRole('button', { name: lang.print, exact: true });
    await expect(print).toBeVisible();
    expect(await overflowing(terminal)).toEqual([]);
    expect(await spaceBetween(print, terminal.getByTestId('kiosk-next'))).toBeGreaterThanOrEqual(8);
    await terminal.screenshot({ path: `test-results/terminal-kiosk-receipt-${lang.locale}.png` });
    await terminal.getByTestId('kiosk-next').click();
    await expect(terminal.getByTestId('status-bar')).toContainText(lang.sent, { timeout: 30_000 });
    await tap(terminal, newBand);
    await expect(terminal.getByTestId('kiosk-refund-why')).toHaveText(lang.nothing);
    // The new wristband's history: the refund above the change that brought the balance in.
    await expect(history.locator('li .what')).toHaveText([lang.refunded, lang.changedIn]);
    await expect(history.locator('li .amount')).toHaveText(['-51,00 T', '+51,00 T']);
    expect(await overflowing(terminal)).toEqual([]);
    // Each amount stands at its line's right, level with what it was, however long that is.
    for (const line of await history.locator('li').all()) {
      const [what, amount, box] = await Promise.all([
        line.locator('.what').boundingBox(),
        line.locator('.amount').boundingBox(),
        line.boundingBox(),
      ]);
      expect(Math.abs(amount!.y - what!.y)).toBeLessThan(2);
      expect(Math.abs(amount!.x + amount!.width - (box!.x + box!.width))).toBeLessThan(2);
    }
    await terminal.screenshot({ path: `test-results/terminal-kiosk-history-${lang.locale}.png` });
    await phone.close();
  }
});
