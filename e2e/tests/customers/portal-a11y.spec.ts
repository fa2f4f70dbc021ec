import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

/**
 * The attendee portal (issue 28) passes axe-core on a phone (360 × 740): sign-in, balance and history,
 * the refund form (also with a refused field), the top-up amount screen and a receipt. Any serious or
 * critical violation of WCAG 2.1 A/AA fails, named with the elements it was found on.
 */
const readme = readFileSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../README.md'),
  'utf8',
);
const [, serial = '', checkCode = ''] =
  /serial \*\*`(\w+)`\*\* and check code \*\*`(\w+)`\*\*/.exec(readme) ?? [];

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('the portal has no serious accessibility violation on a phone: sign-in, balance, refund, top-up, receipt', async ({
  browser,
}) => {
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'en-GB' });
  const p = await phone.newPage();
  await p.goto('/portal/sonora-2026');
  await expect(p.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await seriousViolations(p), 'sign-in').toEqual([]);

  await p.getByLabel('Wristband serial number').fill(serial);
  await p.getByLabel('Check code').fill('000000');
  await p.getByRole('button', { name: 'Sign in' }).click();
  await expect(p.getByRole('alert')).toBeVisible();
  expect(await seriousViolations(p), 'sign-in refused').toEqual([]);

  await p.getByLabel('Check code').fill(checkCode);
  await p.getByRole('button', { name: 'Sign in' }).click();
  await expect(p.getByTestId('balance-total')).toBeVisible();
  await expect(p.getByTestId('history')).toBeVisible();
  expect(await seriousViolations(p), 'balance and history').toEqual([]);

  await p.getByTestId('refund-ccOwner').fill('Luca Ruiz');
  await p.getByTestId('refund-ccIban').fill('ES0000000000000000000000');
  await p.getByTestId('refund-submit').click();
  await expect(p.getByTestId('refund-ccIban').locator('..').getByRole('alert')).toBeVisible();
  expect(await seriousViolations(p), 'refund form with a refused field').toEqual([]);

  const receipt = p
    .getByTestId('history')
    .getByRole('link', { name: /^Receipt/ })
    .first();
  const receiptAddress = await receipt.getAttribute('href');
  await p.getByRole('button', { name: 'Top up' }).click();
  await expect(p.getByRole('button', { name: 'Pay by card' })).toBeVisible();
  expect(await seriousViolations(p), 'top-up').toEqual([]);

  await p.goto(receiptAddress!);
  await expect(p.getByTestId('receipt')).toBeVisible();
  expect(await seriousViolations(p), 'receipt').toEqual([]);

  // The check sees what it should: an image with no text is reported.
  await p.locator('main').evaluate((main) => main.insertAdjacentHTML('beforeend', '<img src="data:,">'));
  expect((await seriousViolations(p)).join('\n')).toContain('image-alt (critical)');
  await phone.close();
});
