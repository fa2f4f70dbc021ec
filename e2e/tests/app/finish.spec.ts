import { expect, test } from '@playwright/test';
import { openActiveEvent, signIn } from '../helpers';

/**
 * What a new user met in the browser (issue 16): the no-access message, one event status rule,
 * location pickers that fit, the dashboard's refresh period, the chooser's search as you type, tab
 * shells that keep their title, one time format, one current navigation link, the wording, and the
 * currency display toggle. Names carry a run suffix: every spec of a run shares one database.
 */
const RUN = Date.now().toString(36).slice(-5);
const named = (name: string) => `${name} ${RUN}`;
const NO_ACCESS = 'You have no access to this resource; check you are logged with the right user';

test.describe('no access', () => {
  for (const [email, path] of [
    ['ops@demo.test', '/admin/cashless/refunds'],
    ['ops@demo.test', '/admin/events/theevent'],
    ['ops@demo.test', '/admin/reports/top-ups/overview'],
    ['admin@demo.test', '/admin/events/ban-rfids'],
  ] as const) {
    test(`${email} typing ${path} sees the no-access dialog, then the start`, async ({ page }) => {
      if (email === 'ops@demo.test') {
        await openActiveEvent(page, email);
        // The event chosen, the console lands on its first screen before the address is typed.
        await expect(page).toHaveURL(/\/admin(?!\/choose-event)/);
      } else await signIn(page, email);
      await page.waitForLoadState('networkidle');
      await page.goto(path);
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText('No access');
      await expect(dialog).toContainText(NO_ACCESS);
      await expect(page).not.toHaveURL(new RegExp(path));
      await dialog.getByRole('button', { name: 'OK' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page).toHaveURL(/\/admin(\/choose-event\/active)?\/?(\?.*)?$/);
    });
  }
});

test('a new event starts tomorrow at local midnight and is inactive (pending) everywhere', async ({
  page,
}) => {
  const name = named('Autumn Fair');
  await signIn(page, 'admin@demo.test');
  await page.getByTestId('event-new').click();
  await page.getByTestId('new-event-name').fill(name);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  // The event page: not active before it starts.
  await expect(page.getByTestId('event-status')).toHaveText(/^inactive$/i);
  // The date-time pickers show the chosen instant as text (dd/MM/yyyy HH:mm in the event's zone).
  await expect(page.getByTestId('event-form').getByTestId('field-f_inicio')).toHaveText(
    /^\d\d\/\d\d\/\d{4} 00:00$/,
  );
  await expect(page.getByTestId('event-form').getByTestId('field-f_fin')).toHaveText(
    /^\d\d\/\d\d\/\d{4} 23:59$/,
  );
  // The chooser lists it under pending with the same label.
  await page.goto('/admin/choose-event/pending');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(/inactive/i);
  await expect(row).toContainText('00:00');
  await page.goto('/admin/choose-event/active');
  await expect(page.getByRole('row').filter({ hasText: 'Sonora Festival 2026' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  // The overview of the active demo festival says active.
  await page.getByRole('cell', { name: 'Sonora Festival 2026' }).click();
  await expect(page.getByTestId('event-status')).toHaveText(/^active$/i);
});

test('the event chooser filters as you type', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await page.goto('/admin/choose-event/all');
  await expect(page.getByRole('cell', { name: 'Sonora Festival 2026' })).toBeVisible();
  await page.getByTestId('events-search').pressSequentially('Mar Azul');
  await expect(page.getByRole('cell', { name: 'Mar Azul Beach 2026' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Sonora Festival 2026' })).toHaveCount(0);
  await expect(page).toHaveURL(/eventName=Mar/);
});

test('a bonus offers only top-up locations and the server refuses a bar', async ({ page }) => {
  await openActiveEvent(page, 'admin@demo.test');
  await page.getByTestId('nav-bonus').click();
  await page.getByTestId('resource-new').click();
  await page.getByRole('checkbox', { name: 'Only at chosen top-up locations' }).check();
  const locations = page.getByTestId('resource-detail').getByRole('combobox', { name: 'Locations' });
  await locations.click();
  await expect(page.getByRole('option', { name: 'Top-up kiosks' })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Info desk' })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Main Bar' })).toHaveCount(0);
  await expect(page.getByRole('option', { name: 'Staff entrance' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  // The kitchen's location is required (asterisk) and offers the sale locations only.
  await page.getByTestId('nav-kitchens').click();
  await page.getByRole('button', { name: 'Yes, exit' }).click();
  await page.getByTestId('resource-new').click();
  const kitchenLocation = page.getByTestId('resource-detail').getByRole('combobox', { name: 'Location' });
  await expect(page.getByTestId('resource-detail').getByText('Location').locator('..')).toContainText('*');
  await kitchenLocation.click();
  await expect(page.getByRole('option', { name: 'Food Court' })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Info desk' })).toHaveCount(0);
});

test('the quick dashboard refreshes at the period of CONSOLE_REPORT_REFRESH_SECONDS', async ({ page }) => {
  await openActiveEvent(page, 'admin@demo.test');
  await page.goto('/admin/reports/quickdashboard');
  await expect(page.getByTestId('dashboard-live')).toHaveText('Live · refreshes every 60 s');
  // "Returns", not "Devolutions".
  await expect(page.getByText('Returns', { exact: true })).toBeVisible();
  await expect(page.getByText('Devolutions')).toHaveCount(0);
});

test('switching tabs of a report shell keeps its title and tabs and shows a loader', async ({ page }) => {
  await openActiveEvent(page, 'admin@demo.test');
  await page.goto('/admin/reports/top-ups/overview');
  await expect(page.getByRole('heading', { name: 'Top-ups', exact: true })).toBeVisible();
  // The next tab's code and figures arrive slowly.
  let release: () => void = () => {};
  const held = new Promise<void>((r) => {
    release = r;
  });
  await page.route(/top-ups-cashboxes-page-.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByTestId('tab-topUpsCashboxes').click();
  await expect(page.getByTestId('screen-loading')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Top-ups', exact: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Cashboxes', selected: true }).first()).toBeVisible();
  release();
  await expect(page.getByTestId('stat-cashNet')).toBeVisible();
  await expect(page.getByTestId('screen-loading')).toHaveCount(0);
});

test('the navigation marks exactly one current link', async ({ page }) => {
  await openActiveEvent(page, 'admin@demo.test');
  await page.goto('/admin/events/staffsImport');
  const current = page.getByRole('navigation').locator('a[aria-current="page"]');
  await expect(current).toHaveCount(1);
  await expect(current).toHaveText('Staff import');
  await page.goto('/admin');
  await expect(current).toHaveCount(1);
  await expect(current).toHaveText('Event overview');
});

test.describe('in a browser whose language writes 12-hour times', () => {
  test.use({ locale: 'en-US' });
  test('the time fields show the console’s 24-hour format', async ({ page }) => {
    await openActiveEvent(page, 'admin@demo.test');
    await page.getByTestId('nav-zones').click();
    await page.getByTestId('resource-new').click();
    await page.getByTestId('resource-detail').getByLabel('Reset the capacity every day').check();
    const hour = page.getByTestId('field-resetHour');
    await expect(hour.getByLabel('Hours')).toHaveValue('00');
    await expect(hour.getByLabel('Minutes')).toHaveValue('00');
    await expect(hour).not.toContainText(/AM|PM/);
  });
});

test('wording: one article, notices clear of the header', async ({ page }) => {
  await openActiveEvent(page, 'admin@demo.test');
  await page.getByTestId('nav-articles').click();
  await page.getByTestId('article-search').fill(named('Lemonade'));
  await page.getByTestId('article-add-new').click();
  await expect(page.getByTestId('article-create')).toHaveText('Create 1 article');
  await page.getByTestId('article-create').click();
  const notice = page.locator('.mantine-Notification-root').last();
  await expect(notice).toBeVisible();
  const n = (await notice.boundingBox())!;
  for (const id of ['user-menu', 'language-select']) {
    const b = (await page.getByTestId(id).boundingBox())!;
    const overlaps =
      n.x < b.x + b.width && b.x < n.x + n.width && n.y < b.y + b.height && b.y < n.y + n.height;
    expect(overlaps, `${id} is covered by the notice`).toBe(false);
  }
});

test('download names say what they hold', async ({ page }) => {
  await openActiveEvent(page, 'admin@demo.test');
  await page.goto('/admin/reports/addons');
  const table = page.getByTestId(/^addon-stats-table-/).first();
  const addon = (await table.getByRole('heading').first().textContent())!;
  const [addonFile] = await Promise.all([
    page.waitForEvent('download'),
    table.getByTestId(/^addon-stats-download-/).click(),
  ]);
  expect(addonFile.suggestedFilename()).toBe(
    `addon-${addon.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-stats.xlsx`,
  );
  await page.goto('/admin/reports/validations/tickets');
  const [tickets] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('tickets-rol-table-download').click(),
  ]);
  expect(tickets.suggestedFilename()).toBe('tickets-by-role.xlsx');
});

test('amounts follow the currency chosen in the user menu, remembered per event', async ({ page }) => {
  await openActiveEvent(page, 'admin@demo.test');
  await page.goto('/admin/reports/quickdashboard');
  const topUps = page.getByTestId('figure-topUps');
  await expect(topUps).toContainText(' T');
  await page.getByTestId('user-menu').click();
  await page.getByTestId('currency-financial').click();
  await expect(topUps).toContainText(' €');
  await page.reload();
  await expect(topUps).toContainText(' €');
  // Inputs stay in the event's entry currency.
  await page.getByTestId('nav-bonus').click();
  await page.getByRole('row').nth(1).click();
  await expect(page.getByTestId('resource-detail')).toContainText('T');
  await page.getByTestId('user-menu').click();
  await page.getByTestId('currency-local').click();
  await page.goto('/admin/reports/quickdashboard');
  await expect(topUps).toContainText(' T');
});

test('screenshots of the changed screens at 1440 and 1280 px', async ({ page }) => {
  await openActiveEvent(page, 'admin@demo.test');
  for (const width of [1440, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    for (const [name, path] of [
      ['dashboard', '/admin/reports/quickdashboard'],
      ['bonuses', '/admin/cashless/bonus'],
      ['documents', '/admin/reports/documents'],
      ['capacities', '/admin/reports/capacities'],
      ['top-ups', '/admin/reports/top-ups/overview'],
      ['chooser', '/admin/choose-event/all'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
      await expect(page.getByTestId('screen-loading')).toHaveCount(0);
      await page.screenshot({ path: `test-results/finish-${name}-${width}.png`, fullPage: true });
    }
  }
});

/**
 * Nothing cut at 1440 px (issue 16): no header title ends in "…", no badge is cut, no table is wider
 * than its card (a column hidden behind a scroll bar), no money axis tick wraps over two lines.
 */
// Run in the page (a string: this project's types know no DOM): what is cut or overflows, in words.
const CUT_OR_OVERFLOWING = `(() => {
  const out = [];
  const shown = (e) => e.getClientRects().length > 0;
  for (const title of document.querySelectorAll('th .mantine-datatable-header-cell-sortable-text'))
    if (shown(title) && title.scrollWidth > title.clientWidth + 1) out.push('header cut: ' + title.textContent);
  for (const label of document.querySelectorAll('.mantine-Badge-label'))
    if (shown(label) && label.scrollWidth > label.clientWidth + 1) out.push('badge cut: ' + label.textContent);
  for (const view of document.querySelectorAll('.mantine-datatable .mantine-ScrollArea-viewport'))
    if (shown(view) && view.scrollWidth > view.clientWidth + 1)
      out.push('table overflows: ' + (view.querySelector('thead')?.textContent ?? '').slice(0, 80));
  for (const tick of document.querySelectorAll('.recharts-cartesian-axis-tick-value'))
    if (tick.querySelectorAll('tspan').length > 1) out.push('axis tick wraps: ' + tick.textContent);
  return out;
})()`;
const cutOrOverflowing = (page: import('@playwright/test').Page) =>
  page.evaluate<string[]>(CUT_OR_OVERFLOWING);

test('at 1440 px no header, badge or table is cut and chart axes do not wrap', async ({ page }) => {
  await openActiveEvent(page, 'admin@demo.test');
  await page.setViewportSize({ width: 1440, height: 900 });
  const settled = async () => {
    await expect(page.getByTestId('screen-loading')).toHaveCount(0);
    await expect(page.locator('.mantine-datatable-loader-fetching')).toHaveCount(0);
    await expect(page.locator('main tbody tr').first()).toBeVisible();
  };
  for (const path of [
    '/admin/cashless/bonus',
    '/admin/events/flag',
    '/admin/status/devices',
    '/admin/reports/top-ups/cashboxes',
  ]) {
    await page.goto(path);
    await settled();
    expect(await cutOrOverflowing(page), path).toEqual([]);
  }
  // A list narrowed by its open detail still shows every header whole.
  await page.goto('/admin/events/flag');
  await page.locator('main tbody tr').first().click();
  await expect(page.getByTestId('resource-detail')).toBeVisible();
  expect(await cutOrOverflowing(page), 'flags with the detail open').toEqual([]);
  await page.goto('/admin/reports/documents');
  let cashUpRows: { idStaff: number | null }[] = [];
  for (const tab of ['salesVat', 'payments', 'locations', 'staffCashUp', 'tickets']) {
    const answered =
      tab === 'staffCashUp'
        ? page.waitForResponse((r) => r.url().includes('/api/reports/documents/staff-cash-up'))
        : null;
    await page.getByTestId(`document-tab-${tab}`).click();
    if (answered) cashUpRows = (await (await answered).json()).result.rows;
    await settled();
    expect(await cutOrOverflowing(page), `documents › ${tab}`).toEqual([]);
  }
  // The staff cash-up names the operations recorded with no staff member signed in, and says why.
  // (The demo's are the refunds asked for as people leave on its last night, which runs up to now:
  // in the afternoon nobody has left yet.)
  await page.getByTestId('document-tab-staffCashUp').click();
  const noStaff = page.getByTestId('document-staffCashUp').getByRole('row', { name: /No staff signed in/ });
  if (cashUpRows.some((r) => r.idStaff === null)) {
    await expect(noStaff).toBeVisible();
    await expect(page.getByTestId('staff-cash-up-no-staff-note')).toContainText('no staff member signed in');
  } else {
    await expect(page.getByTestId('document-staffCashUp').getByRole('row').nth(1)).toBeVisible();
    await expect(noStaff).toHaveCount(0);
  }
  await expect(page.getByTestId('document-staffCashUp')).not.toContainText('—');
  await page.goto('/admin/reports/quickdashboard');
  await expect(page.locator('.recharts-cartesian-axis-tick-value').first()).toBeVisible();
  expect(await cutOrOverflowing(page), 'quick dashboard').toEqual([]);
});

test('Customer › Online services shows whole status badges at 1440 and 1280 px, Mark refunded on every one not yet refunded', async ({
  page,
}) => {
  await openActiveEvent(page, 'admin@demo.test');
  await page.getByTestId('nav-customers').click();
  await page.getByTestId('customers-search-name').fill('a');
  await page.getByTestId('customers-search-submit').click();
  const results = page.getByTestId('customers-results').locator('tbody tr');
  await expect(results.first()).toBeVisible();
  // The demo's first named customers bought online without the payment completing: find one.
  const topUps = page.getByTestId('customers-online-topups');
  const statuses = topUps.getByTestId('customers-topup-status');
  let found = false;
  for (let i = 0; i < (await results.count()) && !found; i++) {
    await results.nth(i).click();
    await page.getByTestId('customers-tab-online').click();
    await expect(page.getByTestId('customers-panel-online')).toBeVisible();
    await expect(page.locator('.mantine-datatable-loader-fetching')).toHaveCount(0);
    await expect(
      page.getByTestId('customers-refund').or(page.getByTestId('customers-no-refund')),
    ).toBeVisible();
    found = (await statuses.filter({ hasText: 'Not completed' }).count()) > 0;
  }
  expect(found, 'a customer with a top-up not completed').toBe(true);
  // Any top-up not yet refunded can be marked refunded (01-console §4), a not completed one too.
  const notPaid = topUps.locator('tbody tr').filter({ hasText: 'Not completed' });
  await expect(notPaid.getByTestId('customers-topup-mark-refunded')).toHaveCount(await notPaid.count());
  // (The status badge, not the row: every other row's button says "Mark refunded".)
  const refunded = await statuses.filter({ hasText: /^Refunded$/ }).count();
  const rows = await statuses.count();
  await expect(topUps.getByTestId('customers-topup-mark-refunded')).toHaveCount(rows - refunded);
  for (const width of [1440, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(statuses.first()).toBeVisible();
    await expect(statuses.locator('.mantine-Badge-label')).toHaveCount(await statuses.count());
    // Run in the page (a string: no DOM types here): each status badge's label as wide as its text.
    // Polled: right after the resize the table may still be laying out on a busy machine.
    const cut = () =>
      page.evaluate<string[]>(`[...document.querySelectorAll(
      '[data-testid="customers-topup-status"] .mantine-Badge-label')]
      .filter((l) => l.scrollWidth > l.clientWidth).map((l) => l.textContent)`);
    await expect.poll(cut, { message: `badges cut at ${width} px` }).toEqual([]);
    await expect
      .poll(() => cutOrOverflowing(page), { message: `online services at ${width} px` })
      .toEqual([]);
    await page.screenshot({ path: `test-results/finish-customer-online-${width}.png`, fullPage: true });
  }
  // General: the record's creation is not called a registration; the web registration is its own fact.
  await page.getByTestId('customers-tab-general').click();
  const general = page.getByTestId('customers-panel-general');
  await expect(general.getByRole('row', { name: /Created in the console/ })).toBeVisible();
  await expect(general).not.toContainText(/registration date/i);
  await expect(page.getByTestId('customers-general-online')).toContainText(
    /^Registered; first online top-up /,
  );
  await page.screenshot({ path: 'test-results/finish-customer-general-1280.png', fullPage: true });
});
