import { expect, type Page, test } from '@playwright/test';
import { openActiveEvent } from '../helpers';

/**
 * A lost wristband on the portal (issue 28), on a phone (360 × 740): the attendee blocks it, then
 * types the serial and check code of a new wristband from the info desk (one of the event's stock);
 * a wrong code is refused, the right one moves the balance, and the console's customer screen lists
 * the replacement.
 */

const stored = (page: Page, key: string) =>
  page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? 'null') as unknown, key);

test('a lost wristband is blocked, then its balance moves to a new wristband the console shows', async ({
  page,
  browser,
}) => {
  await openActiveEvent(page, 'admin@demo.test');
  await expect.poll(() => stored(page, 'pulsera.eventToken')).toEqual(expect.any(String));
  const trusts = (await stored(page, 'pulsera.trusts')) as string | null;
  const headers: Record<string, string> = {
    token: (await stored(page, 'pulsera.token')) as string,
    tokenevent: (await stored(page, 'pulsera.eventToken')) as string,
    ...(trusts ? { tokentrusts: trusts } : {}),
  };
  const eventId = ((await stored(page, 'pulsera.event')) as { id: number }).id;

  // A demo attendee with money on a wristband (its current one: a run before this one moved it to a
  // new wristband that is not blocked).
  let w: { name: string; n_serie: string; codeCheck: string; cash: number } | null = null;
  for (const name of ['noah', 'olivia', 'liam', 'carmen', 'javier', 'nuria', 'giulia', 'louis']) {
    const search = await page.request.get(`/api/infoCustomer/search?name=${name}`, { headers });
    for (const row of ((await search.json()).result ?? []) as {
      customerId: number;
      idRfid: number | null;
    }[]) {
      if (row.idRfid === null || w) continue;
      const c = (
        await (await page.request.get(`/api/infoCustomer?customerId=${row.customerId}`, { headers })).json()
      ).result as { name: string; n_serie: string; codeCheck: string | null; cash: number; gift: number };
      if (c.codeCheck && c.cash > 0 && c.gift >= 0)
        w = { name: c.name, n_serie: c.n_serie, codeCheck: c.codeCheck, cash: c.cash };
    }
    if (w) break;
  }
  if (!w) throw new Error('The demo has no attendee with a wristband, a check code and money left');

  // The info desk's new wristband: a lot of the event's stock.
  const stamp = Date.now().toString(16).toUpperCase().padStart(12, '0').slice(-12);
  const fresh = { serial: `05${stamp}`, checkCode: stamp.slice(-6) };
  const lot = `Portal lost ${stamp}`;
  const imported = await page.request.post(`/api/wristband-stock/import?lot=${encodeURIComponent(lot)}`, {
    headers: { ...headers, 'content-type': 'text/csv' },
    data: Buffer.from(`serial,code\n${fresh.serial},${fresh.checkCode}\n`),
  });
  expect(imported.status(), await imported.text()).toBe(200);
  const lots = (await (await page.request.get('/api/wristband-stock/lots', { headers })).json()).result as {
    id: number;
    name: string;
  }[];
  const lotId = lots.find((l) => l.name === lot)!.id;
  const assigned = await page.request.post(`/api/wristband-stock/lots/${lotId}/assign`, {
    headers,
    data: { eventId },
  });
  expect(assigned.status(), await assigned.text()).toBe(200);

  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'en-GB' });
  const p = await phone.newPage();
  await p.goto('/portal/sonora-2026');
  await p.getByLabel('Wristband serial number').fill(w.n_serie);
  await p.getByLabel('Check code').fill(w.codeCheck);
  await p.getByRole('button', { name: 'Sign in' }).click();
  const total = await p.getByTestId('balance-total').textContent();

  await p.getByTestId('lost-open').click();
  await p.getByTestId('lost-block').click();
  await expect(p.getByTestId('lost-blocked')).toContainText('This wristband is blocked');
  await expect(p.getByRole('button', { name: 'Top up' })).toHaveCount(0);

  // A wrong check code: refused, nothing moves.
  await p.getByLabel("New wristband's serial number").fill(fresh.serial);
  await p.getByLabel("New wristband's check code").fill('000000');
  await p.getByRole('button', { name: 'Move my balance' }).click();
  await expect(p.getByRole('alert')).toHaveText(
    'We found no wristband with this serial and check code; check them and try again',
  );
  await p.getByLabel("New wristband's check code").fill(fresh.checkCode.toLowerCase());
  await p.getByRole('button', { name: 'Move my balance' }).click();
  await expect(p.getByTestId('lost-blocked')).toHaveCount(0);
  await expect(p.getByText(`Wristband ${fresh.serial}`, { exact: true })).toBeVisible();
  await expect(p.getByTestId('lost-confirm')).toHaveCount(0);
  await expect(p.getByTestId('balance-total')).toHaveText(total!);
  await expect(p.getByRole('button', { name: 'Top up' })).toBeVisible();
  await phone.close();

  // The console's customer screen: the replacement, old wristband to new.
  await page.getByTestId('nav-customers').click();
  await page.getByTestId('customers-search-name').fill(w.name);
  await page.getByTestId('customers-search-submit').click();
  await page.getByTestId('customers-results').locator('tbody tr').first().click();
  await page.getByTestId('customers-tab-features').click();
  const changes = page.getByTestId('customers-wristband-changes');
  await expect(changes).toContainText(w.n_serie);
  await expect(changes).toContainText(fresh.serial);
});
