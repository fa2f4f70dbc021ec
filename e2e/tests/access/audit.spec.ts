import { expect, test } from '@playwright/test';
import { expectSaved, openActiveEvent } from '../helpers';

test('an edit shows in its item history: who changed which field from what to what', async ({ page }) => {
  await openActiveEvent(page, 'admin@demo.test');
  await page.getByTestId('nav-promotors').click();
  await expect(page.getByRole('heading', { name: 'Promoters' })).toBeVisible();

  await page.getByTestId('resource-new').click();
  await page.getByTestId('field-name').fill('E2E Audit Promoter');
  await page.getByTestId('resource-save').click();
  await expectSaved(page);

  await page.getByRole('cell', { name: 'E2E Audit Promoter' }).click();
  await page.getByTestId('field-name').fill('E2E Audited Promoter');
  await page.getByTestId('resource-save').click();
  await expectSaved(page);

  // The form links to the item's history.
  await page.getByRole('cell', { name: 'E2E Audited Promoter' }).click();
  await page.getByTestId('resource-history').click();
  await expect(page.getByRole('heading', { name: 'Audit trail' })).toBeVisible();
  await expect(page.getByTestId('audit-history-filter')).toBeVisible();
  const rows = page.locator('table tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Changed');
  await expect(rows.nth(0)).toContainText('admin@demo.test');
  await expect(rows.nth(1)).toContainText('Created');

  // The change as a readable diff.
  await rows.nth(0).click();
  const detail = page.getByTestId('audit-detail');
  await expect(detail).toBeVisible();
  const name = detail.getByTestId('audit-field-name');
  await expect(name).toContainText('E2E Audit Promoter');
  await expect(name).toContainText('E2E Audited Promoter');
  await expect(detail).toContainText('POST /api/global/promotors');
});

test('an integrator gets an API key shown once, then revoked', async ({ page }) => {
  await openActiveEvent(page, 'admin@demo.test');
  await page.getByTestId('nav-integrators').click();
  await expect(page.getByRole('heading', { name: 'Integrators' })).toBeVisible();

  await page.getByTestId('resource-new').click();
  await page.getByTestId('field-name').fill('E2E Ticket Partner');
  await page.getByTestId('field-contactEmail').fill('tech@partner.example');
  await page.getByTestId('integrator-add-grant').click();
  await page.getByTestId('field-grants.0.eventId').click();
  await page.getByRole('option', { name: 'Sonora Festival 2026' }).click();
  await page.getByTestId('resource-save').click();
  await expectSaved(page);

  await page.getByRole('cell', { name: 'E2E Ticket Partner' }).click();
  await page.getByTestId('integrator-new-key').click();
  await page.getByTestId('api-key-label').fill('production');
  await page.getByTestId('api-key-create').click();
  const secret = page.getByTestId('api-key-secret');
  await expect(secret).toHaveText(/^pk_[a-z0-9]{10}_[A-Za-z0-9_-]{43}$/);
  const key = (await secret.textContent())!;
  await page.getByTestId('api-key-done').click();
  // Afterwards only its prefix is shown.
  const keys = page.getByTestId('integrator-keys');
  await expect(keys).toContainText(key.slice(0, 14));
  await expect(keys).not.toContainText(key);
  await expect(keys).toContainText('Active');

  // The key works against the API in its event, never on an admin route.
  const zones = await page.request.get('/api/zones', { headers: { 'x-api-key': key, 'x-event-id': '1' } });
  expect(zones.status()).toBe(403); // granted the event, but no permission code yet
  const admin = await page.request.get('/api/global/promotors', {
    headers: { 'x-api-key': key, 'x-event-id': '1' },
  });
  expect(admin.status()).toBe(403);

  // Revoked: the prefix stays, marked revoked.
  await keys.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(keys).toContainText('Revoked');
  const revoked = await page.request.get('/api/zones', { headers: { 'x-api-key': key, 'x-event-id': '1' } });
  expect(revoked.status()).toBe(401);

  // The trail names what happened.
  await page.getByTestId('nav-audit').click();
  await expect(page.getByRole('heading', { name: 'Audit trail' })).toBeVisible();
  await expect(page.locator('table tbody tr').first()).toContainText('API key revoked');
});

test('a user without edicionDeEventos cannot open the audit trail', async ({ page }) => {
  await openActiveEvent(page, 'ops@demo.test');
  await expect(page.getByTestId('nav-audit')).toHaveCount(0);
  await page.goto('/admin/configuration/audit');
  await expect(page.getByText('You have no access to this resource').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Audit trail' })).toHaveCount(0);
});
