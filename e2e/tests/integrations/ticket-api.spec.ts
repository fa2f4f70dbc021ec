import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { fakeOrders, type PretixFake, startPretixFake } from '../../../server/test/pretix-fake';
import { expectSaved, openActiveEvent, outboxDir } from '../helpers';

/**
 * Ticket API (admin/api-ticket): a schedule against a local server answering as pretix's
 * documentation shows, its report address verified by the e-mailed link, an import run now, the
 * imported tickets found in the ticketing report, and an issue solved.
 */
let pretix: PretixFake;

test.beforeAll(async () => {
  pretix = await startPretixFake({ pageSize: 10 });
  pretix.items = [
    { id: 1345, name: 'Standard ticket' },
    { id: 777, name: 'Odd pass' },
  ];
  pretix.orders = fakeOrders(25, 1, 0, new Date().toISOString());
  pretix.orders.push({
    code: 'ODDONE',
    status: 'p',
    email: 'odd@example.org',
    datetime: new Date().toISOString(),
    last_modified: new Date().toISOString(),
    positions: [
      {
        id: 99001,
        positionid: 1,
        item: 777,
        variation: null,
        secret: 'ODD-777',
        attendee_name: 'Odd One',
        attendee_email: null,
      },
    ],
  });
});
test.afterAll(async () => {
  await pretix.close();
});

function scheduleLink(to: string) {
  const files = readdirSync(outboxDir())
    .filter((f) => f.includes(to))
    .sort();
  const raw = readFileSync(path.join(outboxDir(), files.at(-1)!), 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=');
  return raw.match(/https?:\/\/\S+\/auth\/schedule\?apiScheduleToken=[A-Za-z0-9_%-]+/)?.[0] ?? '';
}

test('configure a schedule, verify its address, import, find the tickets and solve an issue', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await openActiveEvent(page, 'admin@demo.test');
  await page.goto('/admin/api-ticket/schedules');
  await page.getByTestId('schedule-new').click();
  await page.getByTestId('schedule-name').fill('Box office pretix');
  // Plain http to another host is refused.
  // An address inside the network (the cloud's metadata service) is refused (issue 26 item 4).
  await page.getByTestId('schedule-base-url').fill('https://169.254.169.254');
  await page.getByTestId('schedule-organizer').fill(pretix.organizer);
  await page.getByTestId('schedule-event').fill(pretix.event);
  await page.getByTestId('schedule-token').fill(pretix.token);
  await page.getByTestId('schedule-email').fill('tickets-e2e@sonora.test');
  // The products are chosen by name before the first save: reading them at an address inside the
  // network is refused at its field, as a save is.
  await page.getByTestId('mapping-add').click();
  await expect(page.getByText('This address is inside the network')).toBeVisible();
  await page.getByTestId('schedule-base-url').fill(pretix.url);
  await page.getByTestId('schedule-products').click();
  await page.getByTestId('mapping-product-0').click();
  await expect(page.getByRole('option', { name: 'Odd pass' })).toBeVisible();
  await page.getByRole('option', { name: 'Standard ticket' }).click();
  // A row left without a role says the role is required.
  await page.getByTestId('schedule-save').click();
  await expect(page.getByTestId('mapping-0')).toContainText('Required field');
  await expect(page.getByTestId('mapping-0')).not.toContainText('Invalid field');
  await page.getByTestId('mapping-role-0').click();
  await page.getByRole('option').first().click();
  await page.getByTestId('schedule-base-url').fill('https://169.254.169.254');
  await page.getByTestId('schedule-save').click();
  await expect(page.getByText('This address is inside the network')).toBeVisible();
  // At its field, with no dialog over the form.
  await expect(page.getByText('Error code 400')).toHaveCount(0);
  await page.getByTestId('schedule-base-url').fill(pretix.url);
  await page.getByTestId('schedule-save').click();
  await expect(page.getByText('A verification link was e-mailed to the report address')).toBeVisible();
  await expect(page.getByTestId('schedule-email-state')).toHaveText('not verified');
  // The token is never shown again.
  await expect(page.getByTestId('schedule-token')).toHaveValue('');

  let link = '';
  await expect.poll(() => (link = scheduleLink('tickets-e2e@sonora.test')), { timeout: 15_000 }).not.toBe('');
  await page.goto(link);
  await expect(page.getByText('E-mail verified')).toBeVisible();
  // Back to sign-in, which passes a signed-in user on to the console.
  await expect(page).toHaveURL(/\/auth\/login|\/admin$/);

  await page.goto('/admin/api-ticket/schedules');
  await page.getByRole('cell', { name: 'Box office pretix' }).click();
  await expect(page.getByTestId('schedule-email-state')).toHaveText('verified');
  await page.getByTestId('schedule-run').click();
  await expect(page.getByTestId('schedule-last-run')).toContainText('done', { timeout: 60_000 });
  await expect(page.getByTestId('schedule-last-run')).toContainText('25 created');
  await expect(page.getByTestId('schedule-last-run')).toContainText(/\b1 issue(?!s)/);
  // After the run, and after a reload, the mapping still names its product.
  await page.reload();
  await page.getByRole('cell', { name: 'Box office pretix' }).click();
  await expect(page.getByTestId('mapping-product-0')).toHaveValue('Standard ticket');

  await page.goto('/admin/reports/validations/search');
  await page.getByTestId('ticket-search').fill('sec7x0');
  await expect(page.getByTestId('ticket-sec7x0')).toBeVisible();
  await expect(page.getByTestId('ticket-sec7x0')).toContainText('Attendee 7-0');

  await page.goto('/admin/api-ticket/issues');
  const row = page.getByRole('row', { name: /ODD-777/ });
  await expect(row).toContainText('Unknown product');
  // The product by its name on the platform, not '#777 / –'.
  await expect(row).toContainText('Odd pass');
  await expect(row).not.toContainText('#777');
  // Retry names the product and says what to do.
  await row.getByRole('button', { name: 'Retry' }).click();
  await expect(
    page.getByText(
      'Still not applicable: the product “Odd pass” has no ticket role. Map it in the schedule “Box office pretix”, then retry.',
    ),
  ).toBeVisible();
  await row.getByRole('button', { name: 'Mark solved' }).click();
  await expectSaved(page);
  await expect(page.getByRole('row', { name: /ODD-777/ })).toHaveCount(0);
  await page.getByText('Solved', { exact: true }).click();
  // Who solved it, and when.
  await expect(page.getByRole('row', { name: /ODD-777/ })).toContainText(/solved \d+ \w+, \d\d:\d\d by \S+/);
});
