import { type Browser, expect, type Page, test } from '@playwright/test';
import { openActiveEvent } from '../helpers';

/**
 * The attendee portal (issue 28) on a phone (360 × 740): the demo festival's site at
 * /portal/sonora-2026, a refused sign-in, then a wristband's sign-in with its serial and check code,
 * its balance in the event's display currency, its history as the customer extract shows it, and the
 * top-up amount screen's bonus and fee.
 */

const stored = (page: Page, key: string) =>
  page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? 'null') as string, key);

/** A demo wristband with its check code and balance, as the console's customer lookup shows it. */
async function demoWristband(page: Page, names = ['elena']) {
  await openActiveEvent(page, 'ops@demo.test');
  // The permission-role token comes a moment after the event opens.
  await expect.poll(() => stored(page, 'pulsera.trusts')).toEqual(expect.any(String));
  const headers = {
    token: await stored(page, 'pulsera.token'),
    tokenevent: await stored(page, 'pulsera.eventToken'),
    tokentrusts: await stored(page, 'pulsera.trusts'),
  };
  const rows: { customerId: number; idRfid: number | null }[] = [];
  for (const name of names) {
    const search = await page.request.get(`/api/infoCustomer/search?name=${name}`, { headers });
    expect(search.status()).toBe(200);
    rows.push(...(await search.json()).result);
  }
  for (const row of rows.filter((r) => r.idRfid !== null)) {
    const res = await page.request.get(`/api/infoCustomer?customerId=${row.customerId}`, { headers });
    const c = (await res.json()).result as {
      n_serie: string;
      codeCheck: string | null;
      cash: number;
      gift: number;
    };
    if (c.codeCheck && c.cash > 0 && c.gift >= 0) return { ...c, codeCheck: c.codeCheck };
  }
  throw new Error(`The demo has no ${names.join(' or ')} with a wristband, a check code and money`);
}

test('an attendee signs in with the wristband and sees the balance and history; a wrong code is refused', async ({
  page,
  browser,
}) => {
  const w = await demoWristband(page);

  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'en-GB' });
  const p = await phone.newPage();
  await p.goto('/portal/sonora-2026');
  await expect(p.getByRole('heading', { name: 'Sonora Festival 2026' })).toBeVisible();
  await expect(p.getByText('Check your balance and your purchases.')).toBeVisible();

  // A wrong check code: the same refusal an unknown serial gets, and no balance.
  await p.getByLabel('Wristband serial number').fill(w.n_serie);
  await p.getByLabel('Check code').fill('000000');
  await p.getByRole('button', { name: 'Sign in' }).click();
  await expect(p.getByRole('alert')).toHaveText(
    'We found no wristband or ticket with these details; check them and try again',
  );
  await expect(p.getByTestId('balance-total')).toHaveCount(0);

  await p.getByLabel('Check code').fill(w.codeCheck.toLowerCase());
  await p.getByRole('button', { name: 'Sign in' }).click();
  await expect(p.getByText(`Wristband ${w.n_serie}`)).toBeVisible();
  // Amounts in the festival's tokens: 1 euro = 2 tokens.
  const tokens = (cents: number) =>
    new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
      (cents / 100) * 2,
    );
  await expect(p.getByTestId('balance-cash')).toContainText(tokens(w.cash));
  await expect(p.getByTestId('balance-gift')).toContainText(tokens(w.gift));
  await expect(p.getByTestId('balance-total')).toContainText(tokens(w.cash + w.gift));
  const history = p.getByTestId('history').locator('li');
  await expect(history.first()).toBeVisible();
  await expect(history.first()).toContainText('Balance after:');
  await expect(p.getByTestId('history')).toContainText(/Top-up/);

  // The page fits the phone: nothing wider than the screen.
  const width = await p.evaluate<number>('document.documentElement.scrollWidth');
  expect(width).toBeLessThanOrEqual(360);

  // The amount screen: the online bonus (2.50 € on 50 € or more) and the small top-up fee (0.50 €
  // under 10 €), as the one top-up rule computes them, before paying.
  await p.getByRole('button', { name: 'Top up' }).click();
  await p.getByRole('button', { name: `${tokens(5000)} T` }).click();
  await expect(p.getByTestId('quote-amount')).toHaveText(`${tokens(5000)} T`);
  await expect(p.getByTestId('quote-bonus')).toHaveText(`${tokens(250)} T`);
  await expect(p.getByTestId('quote-fee')).toHaveText('0.00 €');
  await expect(p.getByTestId('quote-money')).toHaveText('50.00 €');
  const other = p.getByLabel('Another amount (T)');
  await other.fill('6');
  await expect(p.getByRole('alert')).toHaveText(
    `Choose an amount from ${tokens(500)} T to ${tokens(50000)} T`,
  );
  await other.fill('12');
  await expect(p.getByTestId('quote-fee')).toHaveText('0.50 €');
  await expect(p.getByTestId('quote-bonus')).toHaveText(`${tokens(0)} T`);
  await expect(p.getByTestId('quote-money')).toHaveText('6.50 €');
  await p.getByRole('button', { name: 'Back' }).click();

  // In Spanish, the same account.
  await p.getByLabel('Language').selectOption('es');
  await expect(p.getByRole('heading', { name: 'Saldo' })).toBeVisible();
  await p.getByRole('button', { name: 'Salir' }).click();
  await expect(p.getByRole('button', { name: 'Entrar' })).toBeVisible();
  await phone.close();
});

/** A phone (360 × 740) signed in to the demo portal with the wristband's serial and check code. */
async function signedInPhone(browser: Browser, w: { n_serie: string; codeCheck: string }) {
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'en-GB' });
  const p = await phone.newPage();
  await p.goto('/portal/sonora-2026');
  await p.getByLabel('Wristband serial number').fill(w.n_serie);
  await p.getByLabel('Check code').fill(w.codeCheck);
  await p.getByRole('button', { name: 'Sign in' }).click();
  return { phone, p };
}

test('an attendee asks for their money back: a wrong IBAN is told under its field, then the request shows its state', async ({
  page,
  browser,
}) => {
  const w = await demoWristband(page, ['jorge', 'marta', 'pablo', 'sara']);
  const { phone, p } = await signedInPhone(browser, w);
  await expect(p.getByTestId('balance-total')).toBeVisible();

  const cash = (await p.getByTestId('balance-cash').textContent())!;
  await expect(p.getByRole('heading', { name: 'Get your money back' })).toBeVisible();
  await p.getByTestId('refund-ccOwner').fill('Jordi Puig');
  await p.getByTestId('refund-ccIban').fill('ES0000000000000000000000');
  await p.getByTestId('refund-submit').click();
  await expect(p.getByTestId('refund-ccIban').locator('..').getByRole('alert')).toBeVisible();
  await expect(p.getByTestId('refund-status')).toHaveCount(0);

  await p.getByTestId('refund-ccIban').fill('ES91 2100 0418 4502 0005 1332');
  await p.getByTestId('refund-submit').click();
  await expect(p.getByTestId('refund-status')).toContainText(`for ${cash} back`);
  await expect(p.getByTestId('refund-status')).toContainText('Waiting for the next bank transfer run.');
  await phone.close();
});

test('an attendee blocks a lost wristband: asked first, then nobody can top up with it and the page says what to do', async ({
  page,
  browser,
}) => {
  const w = await demoWristband(page, ['diego', 'irene', 'hugo', 'emma']);
  const { phone, p } = await signedInPhone(browser, w);
  await expect(p.getByRole('button', { name: 'Top up' })).toBeVisible();

  await p.getByTestId('lost-open').click();
  await expect(p.getByTestId('lost-confirm')).toContainText(`Block wristband ${w.n_serie}?`);
  await p.getByRole('button', { name: 'Keep it' }).click();
  await expect(p.getByTestId('lost-confirm')).toHaveCount(0);

  await p.getByTestId('lost-open').click();
  await p.getByTestId('lost-block').click();
  await expect(p.getByTestId('lost-blocked')).toContainText('This wristband is blocked');
  await expect(p.getByRole('button', { name: 'Top up' })).toHaveCount(0);
  await phone.close();
});

test("a purchase's receipt opens from the history, and its link opens it for anyone without signing in", async ({
  page,
  browser,
}) => {
  const w = await demoWristband(page, ['elena', 'luca']);
  const { phone, p } = await signedInPhone(browser, w);
  const purchase = p.getByTestId('history').locator('li').filter({ hasText: 'Purchase' }).first();
  await purchase.getByRole('link', { name: /^Receipt/ }).click();
  await expect(p).toHaveURL(/\/portal\/sonora-2026\/receipt\/[\w-]{50}$/);
  await expect(p.getByRole('heading', { name: 'Purchase receipt' })).toBeVisible();
  await expect(p.getByTestId('receipt-total')).toHaveText(/\d+\.\d{2} T$/);
  await expect(p.getByText('Of which VAT (10 %)')).toBeVisible();
  expect(await p.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
  const address = p.url();
  await phone.close();

  const stranger = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'es-ES' });
  const s = await stranger.newPage();
  await s.goto(address);
  await expect(s.getByRole('heading', { name: 'Recibo de compra' })).toBeVisible();
  const altered = address.replace(
    /(\/receipt\/[\w-]{30})(.)/,
    (_, head, c) => head + (c === 'A' ? 'B' : 'A'),
  );
  await s.goto(altered);
  await expect(s.getByRole('alert')).toHaveText('Este recibo no existe: comprueba el enlace.');
  await stranger.close();
});
