import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectSaved, openActiveEvent } from '../helpers';
import { png } from '../png';

/**
 * Online services (admin/events/onlineServices): configuring the top-up site of the active festival,
 * watching the preview follow the form, saving and finding it all again after a reload (and in the
 * chooser's address column); refusals shown at their fields.
 */

test.describe.configure({ mode: 'serial' });

async function openOnlineServices(page: Page) {
  await openActiveEvent(page, 'admin@demo.test');
  await page.goto('/admin/events/onlineServices');
  await expect(page.getByRole('heading', { name: 'Online services' })).toBeVisible();
}

/** Flips a switch from the keyboard (the console's sticky header may cover it after scrolling). */
async function toggle(page: Page, control: Locator) {
  await control.focus();
  await page.keyboard.press('Space');
}

const bg = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .evaluate(
      (el) =>
        (
          globalThis as unknown as { getComputedStyle(e: unknown): { backgroundColor: string } }
        ).getComputedStyle(el).backgroundColor,
    );

test('configures the online top-up site, sees the preview follow, saves and finds it after a reload', async ({
  page,
}) => {
  // The longest flow of the suite (every field, four images uploaded, two saves and a reload): on a
  // loaded 2-core machine it took 60 s, the default limit, while the app answered each step in time.
  test.slow();
  await page.setViewportSize({ width: 1440, height: 1000 });
  await openOnlineServices(page);
  const preview = page.getByTestId('top-up-preview');
  await expect(page.getByTestId('preview-address')).toHaveText(/\/portal\/sonora-2026$/);

  await page.getByTestId('field-slug').fill('sonora-weekend');
  await expect(page.getByTestId('preview-address')).toHaveText(/\/portal\/sonora-weekend$/);

  // Colours: the button takes the main colour; without a gradient the header does too.
  const primary = page.getByTestId('field-colors.primary');
  await primary.fill('#0f766e');
  await primary.blur();
  await expect.poll(() => bg(page, 'preview-button')).toBe('rgb(15, 118, 110)');
  await toggle(page, page.getByRole('switch', { name: 'Header with a gradient' }));
  await expect.poll(() => bg(page, 'preview-header')).toBe('rgb(15, 118, 110)');

  // Sign-in by ticket only: the preview asks for the ticket code, not the wristband.
  await page.getByText('Only ticket', { exact: true }).click();
  await expect(preview.getByPlaceholder('Ticket code')).toBeVisible();
  await expect(preview.getByPlaceholder('Wristband number')).toHaveCount(0);

  await page.getByTestId('field-minTopUp').fill('10');
  await page.getByTestId('field-maxTopUp').fill('200');
  await expect(page.getByTestId('preview-amounts')).toContainText('10.00');
  await expect(page.getByTestId('preview-amounts')).toContainText('200.00');
  await page.getByTestId('field-infoText.en').fill('Top up before the gates open and skip the queues.');
  await expect(page.getByTestId('preview-info')).toHaveText(
    'Top up before the gates open and skip the queues.',
  );
  await page.getByTestId('field-redirectUrls.success').fill('https://sonora.example/thanks');

  // The header image is saved at once and shows in the preview.
  const header = page.getByTestId('image-upload-/event/online-services/images/header');
  await header.locator('input[type=file]').setInputFiles({
    name: 'header.png',
    mimeType: 'image/png',
    buffer: png(300, 160),
  });
  await expect(page.getByTestId('preview-header-image')).toBeVisible();
  const login = page.getByTestId('image-upload-/event/online-services/images/login');
  await login.locator('input[type=file]').setInputFiles({
    name: 'login.png',
    mimeType: 'image/png',
    buffer: png(300, 150),
  });
  await expect(page.getByTestId('preview-login-image')).toBeVisible();

  await page.screenshot({ path: 'test-results/online-services-1440.png', fullPage: false });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: 'test-results/online-services-1280.png', fullPage: false });
  await page.screenshot({ path: 'test-results/online-services-1280-full.png', fullPage: true });

  await page.getByTestId('online-save').click();
  await expectSaved(page);

  await page.reload();
  await expect(page.getByTestId('field-slug')).toHaveValue('sonora-weekend');
  // Nothing unsaved after loading: Cancel has nothing to undo.
  await expect(page.getByTestId('online-discard')).toBeDisabled();
  await expect(page.getByTestId('field-colors.primary')).toHaveValue('#0f766e');
  await expect(page.getByTestId('field-minTopUp')).toHaveValue(/^10(\.00)? €$/);
  await expect(page.getByTestId('field-maxTopUp')).toHaveValue(/^200(\.00)? €$/);
  await expect(page.getByTestId('field-infoText.en')).toHaveValue(
    'Top up before the gates open and skip the queues.',
  );
  await expect(page.getByTestId('field-redirectUrls.success')).toHaveValue('https://sonora.example/thanks');
  await expect(preview.getByPlaceholder('Ticket code')).toBeVisible();
  await expect.poll(() => bg(page, 'preview-header')).toBe('rgb(15, 118, 110)');
  await expect(page.getByTestId('preview-header-image')).toBeVisible();
  await expect(page.getByTestId('site-url')).toHaveText(/\/portal\/sonora-weekend$/);

  // The chooser's online-services address is the saved one.
  await page.goto('/admin/choose-event/active');
  await expect(page.getByRole('link', { name: /\/portal\/sonora-weekend$/ })).toBeVisible();
});

test('shows refusals at their fields: an http redirect, a maximum below the minimum, a taken slug, a short queue', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await openOnlineServices(page);

  await page.getByTestId('field-redirectUrls.failure').fill('http://sonora.example/failed');
  await page.getByTestId('field-minTopUp').fill('50');
  await page.getByTestId('field-maxTopUp').fill('20');
  await page.getByTestId('online-save').click();
  await expect(page.getByText('The redirect URL must use https')).toBeVisible();
  await expect(page.getByText('The maximum must be at least the minimum')).toBeVisible();
  await expect(page.getByTestId('online-errors')).toBeVisible();
  await expect(page.getByTestId('preview-amounts')).toHaveCount(0);

  // Fixed in the form; the server refuses a slug another event holds, at the field.
  await page.getByTestId('field-redirectUrls.failure').fill('https://sonora.example/failed');
  await page.getByTestId('field-maxTopUp').fill('300');
  await page.getByTestId('field-slug').fill('sonora-2027');
  await page.getByTestId('online-save').click();
  await expect(page.getByText('Another event already uses this web address')).toBeVisible();

  // The queue on with one script: the spec's message at the queue.
  await page.getByTestId('field-slug').fill('sonora-weekend');
  await toggle(page, page.getByRole('switch', { name: 'Use the waiting queue' }));
  await page.getByTestId('queue-script-1').getByRole('button', { name: 'Delete' }).click();
  await page.getByTestId('online-save').click();
  await expect(page.getByTestId('queue-error')).toHaveText('The queue configuration needs two scripts');
  await expect(page.getByText('The queue script needs a type')).toBeVisible();
  await page.screenshot({ path: 'test-results/online-services-refusals.png', fullPage: true });

  // Leaving with unsaved changes asks first.
  await page.getByRole('link', { name: 'Locations' }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
});
