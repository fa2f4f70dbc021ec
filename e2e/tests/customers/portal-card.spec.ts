import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { openActiveEvent, outboxDir } from '../helpers';

/**
 * A card top-up of the attendee portal (issue 28) on a phone (360 × 740): the README's demo
 * wristband tops up 20 € through the demo's local Stripe (its payment page, its signed webhook) and
 * comes back to the result and the new balance; an amount outside the event's limits is refused by
 * the server whatever the page lets through.
 */
const readme = readFileSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../README.md'),
  'utf8',
);
const [, serial = '', checkCode = ''] =
  /serial \*\*`(\w+)`\*\* and check code \*\*`(\w+)`\*\*/.exec(readme) ?? [];
const SESSION = 'pulsera.portal.session.sonora-2026';
const PAYER = 'payer.e2e@example.com';

test('an attendee tops up the wristband by card and sees the new balance; an amount out of limits is refused', async ({
  browser,
  page,
}) => {
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'en-GB' });
  const p = await phone.newPage();
  await p.goto('/portal/sonora-2026');
  await p.getByLabel('Wristband serial number').fill(serial);
  await p.getByLabel('Check code').fill(checkCode);
  await p.getByRole('button', { name: 'Sign in' }).click();
  await expect(p.getByText(`Wristband ${serial}`)).toBeVisible();
  const token = await p.evaluate(
    (k) => JSON.parse(sessionStorage.getItem(k) ?? '{}').token as string,
    SESSION,
  );
  const authorization = `Bearer ${token}`;
  const cashNow = async () =>
    (await (await p.request.get('/api/portal/sonora-2026/me', { headers: { authorization } })).json()).result
      .wristband.cash as number;
  const before = await cashNow();

  // The server refuses an amount outside the limits (5 € to 500 €), in the attendee's language.
  const refused = await p.request.post('/api/portal/sonora-2026/top-ups', {
    headers: { authorization, language: 'en' },
    data: { amount: 100 },
  });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).description).toBe("The amount is outside this event's top-up limits");

  // 20 € = 40 tokens, paid on the (simulated) Stripe page, back to the result.
  await p.getByRole('button', { name: 'Top up' }).click();
  await p.getByRole('button', { name: '40.00 T' }).click();
  await expect(p.getByTestId('quote-money')).toHaveText('20.00 €');
  await p.getByRole('button', { name: 'Pay by card' }).click();
  await expect(p.getByRole('heading', { name: '20.00 EUR' })).toBeVisible();
  // A Mastercard test card: its brand and last digits come back from Stripe's charge.
  await p.getByLabel('Card number').fill('5555 5555 5555 4444');
  await p.getByLabel('Email').fill(PAYER);
  await p.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(p).toHaveURL(/\/portal\/sonora-2026\/top-up\/result\?id=\d+$/);
  await expect(p.getByTestId('top-up-result')).toHaveText('Payment received: your balance is topped up.');
  const tokens = (cents: number) =>
    new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
      (cents / 100) * 2,
    );
  await expect(p.getByTestId('balance-cash')).toContainText(tokens(before + 2000));
  expect(await cashNow()).toBe(before + 2000);
  await expect(p.getByTestId('online-top-ups').locator('li').first()).toContainText('Mastercard **** 4444');
  const width = await p.evaluate<number>('document.documentElement.scrollWidth');
  expect(width).toBeLessThanOrEqual(360);
  await phone.close();

  // The receipt e-mail (once), whose link opens the top-up's receipt with no session.
  let link = '';
  await expect
    .poll(() => {
      const mails = existsSync(outboxDir())
        ? readdirSync(outboxDir()).filter((f) => f.endsWith('.eml') && f.includes(PAYER))
        : [];
      const raw = mails.map((f) => readFileSync(path.join(outboxDir(), f), 'utf8').replace(/=\r?\n/g, ''));
      link = raw[0]?.match(/https?:\/\/\S+\/receipt\/[\w-]{50}/)?.[0] ?? '';
      return mails.length;
    })
    .toBe(1);
  const stranger = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'en-GB' });
  const r = await stranger.newPage();
  await r.goto(new URL(link).pathname);
  await expect(r.getByRole('heading', { name: 'Top-up receipt' })).toBeVisible();
  await expect(r.getByTestId('receipt-paid')).toHaveText('20.00 € · Card · Mastercard **** 4444');
  expect(await r.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
  await stranger.close();

  // The console's online top-ups of the customer name the card too.
  await openActiveEvent(page, 'ops@demo.test');
  await page.getByTestId('nav-customers').click();
  await page.getByTestId('customers-search-name').fill('luca ruiz');
  await page.getByTestId('customers-search-submit').click();
  await page.getByTestId('customers-results').locator('tbody tr').first().click();
  await page.getByTestId('customers-tab-online').click();
  await expect(
    page
      .getByTestId('customers-online-topups')
      .locator('tbody tr')
      .filter({ hasText: 'Mastercard **** 4444' }),
  ).toHaveCount(1);
});
