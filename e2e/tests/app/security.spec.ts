import { expect, test } from '@playwright/test';
import { openActiveEvent } from '../helpers';

/**
 * The console runs under its strict Content-Security-Policy (no inline script) without a single
 * violation, refuses to be framed, and the API docs page still works under its own policy.
 */
test('the console works under its Content-Security-Policy, with no violation reported', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  await openActiveEvent(page, 'mega@demo.test');
  await page.goto('/admin/events/theevent');
  await expect(page.getByRole('heading').first()).toBeVisible();
  await page.goto('/admin/reports/quick-dashboard');
  await expect(page.getByRole('heading').first()).toBeVisible();
  expect(violations).toEqual([]);
});

test('another site cannot frame the console', async ({ page, baseURL }) => {
  const response = await page.request.get(`${baseURL}/auth/login`);
  expect(response.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(response.headers()['x-frame-options']).toBe('DENY');
  // A page of another origin that frames the console gets an empty frame.
  await page.setContent(`<iframe id="f" src="${baseURL}/auth/login" width="400" height="300"></iframe>`);
  const frame = page.frameLocator('#f');
  await expect(frame.getByRole('button', { name: 'Sign in' })).toHaveCount(0);
});

test('the API docs page renders under its own policy', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  await page.goto('/api/docs');
  await expect(page.getByText('Pulsera API').first()).toBeVisible();
  expect(violations).toEqual([]);
});
