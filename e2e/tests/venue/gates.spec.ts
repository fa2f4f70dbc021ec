import { expect, type Page, test } from '@playwright/test';
import { expectSaved, openActiveEvent } from '../helpers';

/** Picks an option of a Mantine select by the field's test id. */
async function choose(page: Page, field: string, option: string) {
  await page.getByTestId(`field-${field}`).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function newZone(page: Page, name: string) {
  await page.getByTestId('resource-new').click();
  await page.getByTestId('field-name').fill(name);
  await page.getByTestId('resource-save').click();
  await expectSaved(page);
  await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
}

test('a gate from zone A into zone B, chosen by a location, cannot be deleted while chosen', async ({
  page,
}) => {
  // admin: ops@demo.test lacks the puertas permission.
  await openActiveEvent(page, 'admin@demo.test');

  // Two zones to lead between.
  await page.getByTestId('nav-zones').click();
  await expect(page.getByRole('heading', { name: 'Zones' })).toBeVisible();
  await newZone(page, 'E2E Zone A');
  await newZone(page, 'E2E Zone B');

  // The gate from A into B.
  await page.getByTestId('nav-gates').click();
  await expect(page.getByRole('heading', { name: 'Gates' })).toBeVisible();
  await page.getByTestId('resource-new').click();
  await page.getByTestId('field-name').fill('E2E A to B');
  await choose(page, 'idZoneFrom', 'E2E Zone A');
  await choose(page, 'idZoneTo', 'E2E Zone A');
  await page.getByTestId('resource-save').click();
  await expect(page.getByText('The zone it leads to must differ from the zone it leads from')).toBeVisible();
  await choose(page, 'idZoneTo', 'E2E Zone B');
  await page.getByTestId('resource-save').click();
  await expectSaved(page);
  const gateRow = page.getByRole('row').filter({ hasText: 'E2E A to B' });
  await expect(gateRow.getByRole('cell', { name: 'E2E Zone A', exact: true })).toBeVisible();
  await expect(gateRow.getByRole('cell', { name: 'E2E Zone B', exact: true })).toBeVisible();

  // A location validates and gives access through it.
  await page.getByTestId('nav-locations').click();
  await expect(page.getByRole('heading', { name: 'Locations' })).toBeVisible();
  await page.getByTestId('resource-new').click();
  await page.getByTestId('field-nombre').fill('E2E Gate desk');
  await page.getByTestId('gate-choose').check();
  await choose(page, 'idGate', 'E2E A to B');
  await page.getByTestId('resource-save').click();
  await expectSaved(page);
  await page.reload();
  const deskRow = page.getByRole('row').filter({ hasText: 'E2E Gate desk' });
  await expect(deskRow.getByRole('cell', { name: 'E2E A to B', exact: true })).toBeVisible();

  // Deleting the gate the location chose is refused with the reason; the gate stays.
  await page.getByTestId('nav-gates').click();
  await page.getByRole('cell', { name: 'E2E A to B', exact: true }).click();
  await page.getByTestId('resource-detail').getByRole('button', { name: 'Delete' }).click();
  await page.getByTestId('confirm-yes').click();
  await expect(
    page.getByText('This gate cannot be deleted: a location validates access through it'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
  await page.reload();
  await expect(page.getByRole('cell', { name: 'E2E A to B', exact: true })).toBeVisible();
});
