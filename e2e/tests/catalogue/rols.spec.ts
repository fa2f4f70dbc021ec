import { expect, type Page, test } from '@playwright/test';
import { expectSaved, openActiveEvent } from '../helpers';

/** A call with the browser's own session (the zones and time ranges the rol will use). */
async function apiPost(page: Page, path: string, body: unknown) {
  return page.evaluate(
    async ({ path, body }) => {
      const get = (key: string) => JSON.parse(localStorage.getItem(key) ?? 'null') as string;
      const res = await fetch(`/api${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          token: get('pulsera.token'),
          tokenevent: get('pulsera.eventToken'),
        },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    },
    { path, body },
  );
}

async function pick(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('creates a ticket role with two time ranges and an access pair, and sees them after a reload', async ({
  page,
}) => {
  const tag = Date.now().toString(36);
  await openActiveEvent(page, 'admin@demo.test');
  const zone = await apiPost(page, '/zones', { zone: { name: `Arena ${tag}`, resetHour: '00:00:00' } });
  expect(zone.status).toBe(200);
  for (const [name, day] of [
    [`Friday ${tag}`, '2026-07-10'],
    [`Saturday ${tag}`, '2026-07-11'],
  ]) {
    const range = await apiPost(page, '/timeRange', { name, dateStart: day, dateEnd: day });
    expect(range.status).toBe(200);
  }

  await page.getByTestId('nav-rols').click();
  await expect(page.getByRole('heading', { name: 'Ticket roles' })).toBeVisible();
  await page.getByTestId('resource-new').click();
  const detail = page.getByTestId('resource-detail');
  await expect(detail.getByTestId('rol-warning-noTimeRanges')).toBeVisible();
  await expect(detail.getByTestId('rol-warning-noAccess')).toBeVisible();
  await page.getByTestId('field-name').fill(`Weekend ${tag}`);
  await page.getByTestId('field-price').fill('45');

  await page.getByTestId('rol-tab-ticketing').click();
  await pick(page, 'rol-range-select', `Friday ${tag}`);
  await page.getByTestId('rol-range-add').click();
  await pick(page, 'rol-range-select', `Saturday ${tag}`);
  await page.getByTestId('rol-range-add').click();
  // The same range again is refused.
  await pick(page, 'rol-range-select', `Friday ${tag}`);
  await page.getByTestId('rol-range-add').click();
  await expect(page.getByText('This configuration is already inserted')).toBeVisible();
  await expect(page.getByTestId('rol-ranges').locator('tbody tr')).toHaveCount(2);

  await page.getByTestId('rol-tab-access').click();
  await pick(page, 'rol-access-zone', `Arena ${tag}`);
  await pick(page, 'rol-access-range', `Saturday ${tag}`);
  await page.getByTestId('rol-access-entries').fill('2');
  await page.getByTestId('rol-access-add').click();
  await expect(page.getByTestId('rol-access').locator('tbody tr')).toHaveCount(1);
  await expect(detail.getByTestId('rol-warning-noTimeRanges')).toHaveCount(0);
  await expect(detail.getByTestId('rol-warning-noAccess')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/rols-detail.png', fullPage: true });

  await page.getByTestId('resource-save').click();
  await expectSaved(page);
  await expect(page.getByTestId('resource-detail')).toHaveCount(0);

  await page.reload();
  const row = page.getByRole('row').filter({ hasText: `Weekend ${tag}` });
  await expect(row).toBeVisible();
  await expect(row).not.toContainText('No time ranges');
  await expect(row).not.toContainText('No accesses');
  await row.click();
  await expect(page.getByTestId('field-name')).toHaveValue(`Weekend ${tag}`);
  await page.getByTestId('rol-tab-ticketing').click();
  const ranges = page.getByTestId('rol-ranges');
  await expect(ranges).toContainText(`Friday ${tag}`);
  await expect(ranges).toContainText(`Saturday ${tag}`);
  await page.getByTestId('rol-tab-access').click();
  const access = page.getByTestId('rol-access').locator('tbody tr');
  await expect(access).toHaveCount(1);
  await expect(access).toContainText(`Arena ${tag}`);
  await expect(access).toContainText(`Saturday ${tag}`);
  await expect(access.getByRole('textbox', { name: 'Entries' })).toHaveValue('2');
  await page.screenshot({ path: 'test-results/rols-reloaded.png', fullPage: true });
});
