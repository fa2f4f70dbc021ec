import { expect, type Page, test } from '@playwright/test';
import { expectSaved, openActiveEvent } from '../helpers';

/**
 * Ticket API lists (admin/api-ticket manual, converter, reseller): a reseller allocated tickets of a
 * role, a ticket made by hand for it (sold and remaining), a pasted list with one bad row (the good
 * rows land, the bad one's reason shown), and a converter mapping.
 */
const sfx = Date.now().toString(36).toUpperCase();

async function pick(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('resellers, tickets by hand with a list, and a conversion', async ({ page }) => {
  test.setTimeout(120_000);
  await openActiveEvent(page, 'admin@demo.test');
  const agency = `Agency ${sfx}`;

  // A reseller with 3 General tickets.
  await page.goto('/admin/api-ticket/reseller');
  await page.getByTestId('reseller-new').click();
  await page.getByTestId('reseller-name').fill(agency);
  await page.getByTestId('reseller-email').fill('sales@agency.test');
  await page.getByTestId('allocation-add').click();
  await pick(page, 'allocation-role-0', 'General');
  await page.getByTestId('allocation-quantity-0').fill('3');
  await page.getByTestId('reseller-save').click();
  await expectSaved(page);

  // A ticket by hand sold by it.
  await page.goto('/admin/api-ticket/manual');
  await page.getByTestId('manual-code').fill(`HAND-${sfx}`);
  await pick(page, 'manual-role', 'General');
  await page.getByTestId('manual-holder').fill('Hana Hand');
  await page.getByTestId('manual-email').fill('hana@hand.test');
  await pick(page, 'manual-reseller', agency);
  await page.getByTestId('manual-create').click();
  await expectSaved(page);
  await expect(page.getByTestId('manual-table').getByText(`HAND-${sfx}`)).toBeVisible();

  // A list with one bad row: previewed, then the good rows land and the bad row's reason shows.
  await page
    .getByTestId('manual-list-text')
    .fill(
      [
        'code;role;holder;email',
        `L1-${sfx};General;Lia One;lia@list.test`,
        `L2-${sfx};Nobody;Leo Two;leo@list.test`,
        `L3-${sfx};VIP;Lou Three;`,
      ].join('\n'),
    );
  await expect(page.getByTestId('manual-list-summary')).toContainText('2 new');
  await expect(page.getByTestId('import-problems')).toContainText(
    'There is no ticket role Nobody in this event',
  );
  await page.getByTestId('manual-list-apply').click();
  await expect(page.getByTestId('manual-list-result')).toContainText('2 created');
  await expect(page.getByTestId('manual-list-result')).toContainText('1 refused');
  // The refused row listed once (issue 27 item 21).
  const refusedRow = page.getByTestId('manual-list-result').getByTestId('import-row-3');
  await expect(refusedRow).toHaveCount(1);
  await expect(refusedRow).toContainText('There is no ticket role Nobody');
  await page.getByTestId('manual-search').fill(sfx);
  await expect(page.getByTestId('manual-table').getByText(`L1-${sfx}`)).toBeVisible();
  await expect(page.getByTestId('manual-table').getByText(`L3-${sfx}`)).toBeVisible();
  await expect(page.getByTestId('manual-table').getByText(`L2-${sfx}`)).toHaveCount(0);

  // A conversion of another platform's code.
  await page.goto('/admin/api-ticket/converter');
  await page.getByTestId('converter-external').fill(`EXT-${sfx}`);
  await page.getByTestId('converter-code').fill(`OUR-${sfx}`);
  await pick(page, 'converter-role', 'VIP');
  await page.getByTestId('converter-save').click();
  await expectSaved(page);
  const row = page.getByTestId('converter-table').getByRole('row', { name: new RegExp(`EXT-${sfx}`) });
  await expect(row).toContainText(`OUR-${sfx}`);
  await expect(row).toContainText('VIP');
  // The same external code again with another of our codes already taken is refused in the form.
  await page.getByTestId('converter-external').fill(`EXT2-${sfx}`);
  await page.getByTestId('converter-code').fill(`HAND-${sfx}`);
  await pick(page, 'converter-role', 'VIP');
  await page.getByTestId('converter-save').click();
  await expect(
    page.getByText(`A ticket with the code HAND-${sfx} already exists in this event`),
  ).toBeVisible();

  // The reseller: 3 allocated, 1 sold, 2 remaining; below what was sold is refused.
  await page.goto('/admin/api-ticket/reseller');
  await page.getByTestId('reseller-list').getByText(agency).click();
  await expect(page.getByTestId('allocation-sold-0')).toHaveText('1');
  await expect(page.getByTestId('allocation-remaining-0')).toHaveText('2');
  await page.getByTestId('allocation-quantity-0').fill('0');
  await page.getByTestId('reseller-save').click();
  await expect(page.getByText('1 already sold: allocate at least that many')).toBeVisible();
});

test('the api-ticket screens at 1440 and 1280 px', async ({ page }) => {
  test.setTimeout(120_000);
  await openActiveEvent(page, 'admin@demo.test');
  for (const width of [1440, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const screen of ['schedules', 'issues', 'converter', 'reseller', 'manual']) {
      await page.goto(`/admin/api-ticket/${screen}`);
      await expect(page.getByRole('heading', { level: 2 })).toBeVisible();
      if (screen === 'schedules') {
        await page.getByTestId('schedule-new').click();
        await page.getByTestId('mapping-add').click();
      }
      if (screen === 'reseller') {
        const first = page.getByTestId('reseller-list').locator('tbody tr').first();
        if (await first.isVisible()) await first.click();
      }
      if (screen === 'manual') {
        await page
          .getByTestId('manual-list-text')
          .fill('code;role;holder;email\nSHOT-1;General;A;\nSHOT-2;Nope;B;x');
        await expect(page.getByTestId('manual-list-summary')).toBeVisible();
      }
      await page.waitForTimeout(800);
      await page.screenshot({ path: `test-results/api-ticket-${screen}-${width}.png`, fullPage: true });
    }
  }
});
