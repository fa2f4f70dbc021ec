import { expect, type Locator, type Page, test } from '@playwright/test';
import { openActiveEvent } from '../helpers';

/**
 * The catalogue (issue 4) in the browser: an article on a location menu with sticks, a menu imported
 * from another location, a flag with access and a price override, a bonus limited to some locations,
 * and the add-on statistics. Names carry a run suffix: every spec of a run shares one database.
 */
const RUN = Date.now().toString(36).slice(-5);
const named = (name: string) => `${name} ${RUN}`;

/** A call of the console API with the session the page holds (set-up of rows a flow only refers to). */
async function api<T = unknown>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const read = (k: string) => JSON.parse(localStorage.getItem(k) ?? 'null');
      const headers: Record<string, string> = { 'content-type': 'application/json', language: 'en' };
      if (read('pulsera.token')) headers.token = read('pulsera.token');
      if (read('pulsera.eventToken')) headers.tokenevent = read('pulsera.eventToken');
      if (read('pulsera.trusts')) headers.tokentrusts = read('pulsera.trusts');
      const res = await fetch(`/api${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const json = (await res.json()) as { result: unknown };
      if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
      return json.result;
    },
    { method, path, body },
  ) as Promise<T>;
}

const location = (page: Page, nombre: string, actividades_nfc: string[]) =>
  api<{ id: number }>(page, 'POST', '/locations', { location: { nombre, actividades_nfc } });

/** Chooses an option of a Mantine select (typing to narrow it). */
async function choose(page: Page, select: Locator, option: string | RegExp) {
  await select.click();
  if (typeof option === 'string') await select.fill(option);
  await page.getByRole('option', { name: option }).first().click();
}

const success = (page: Page) => expect(page.getByText('Operation successfully ended').last()).toBeVisible();

/** The event's articles by name (their ids name the stick inputs). */
async function articleIds(page: Page) {
  const { articles } = await api<{ articles: { id: number; nombre: string }[] }>(
    page,
    'GET',
    '/articles/location',
  );
  return (name: string) => articles.find((a) => a.nombre === name)!.id;
}

const menuRow = (page: Page, name: string) =>
  page.getByTestId('menu-table').getByRole('row').filter({ hasText: name });
/** The cell with the number of sticks of a menu row. */
const stickCount = (page: Page, name: string) => menuRow(page, name).getByTestId(/^menu-stick-count-/);

test('an article created here goes on a location menu with two sticks, kept after a reload', async ({
  page,
}) => {
  const article = named('Craft lager');
  const bar = named('North bar');
  await openActiveEvent(page, 'admin@demo.test');
  await location(page, bar, ['V']);

  // A new article from the search box; the same name again is refused.
  await page.getByTestId('nav-articles').click();
  await page.getByTestId('article-search').fill(article);
  await page.getByTestId('article-add-new').click();
  await expect(page.getByTestId('article-pending')).toContainText(article);
  await page.getByTestId('article-create').click();
  await expect(page.getByText('Articles created: 1')).toBeVisible();
  await expect(page.getByRole('cell', { name: article })).toBeVisible();
  await page.getByTestId('article-search').fill(article);
  await page.getByTestId('article-add-new').click();
  await expect(page.getByText(`An article named ${article} already exists`)).toBeVisible();

  // On the menu of the bar, with the two articles it will carry as sticks.
  await page.getByTestId('nav-locarticle').click();
  await page.getByRole('cell', { name: bar }).click();
  await expect(page.getByTestId('menu-panel')).toContainText(`Menu of ${bar}`);
  for (const name of [article, 'Reusable cup', 'Water 50cl'])
    await choose(page, page.getByTestId('menu-add'), name);
  await expect(page.getByTestId('menu-table').locator('tbody tr')).toHaveCount(3);
  await page.getByTestId('menu-save').click();
  await success(page);

  await menuRow(page, article).getByRole('button', { name: 'Edit sticks' }).click();
  const sticks = page.getByTestId('stick-panel');
  await expect(sticks).toContainText(`Sticks of ${article}`);
  await choose(page, page.getByTestId('stick-add'), 'Reusable cup');
  await choose(page, page.getByTestId('stick-add'), 'Water 50cl');
  await expect(sticks.getByRole('textbox', { name: 'Quantity' })).toHaveCount(2);
  const id = await articleIds(page);
  const water = page.getByTestId(`stick-quantity-${id('Water 50cl')}`);
  // A quantity below 1 is flagged and blocks the save.
  await water.fill('0');
  await expect(sticks.getByText('Min 1')).toBeVisible();
  await expect(page.getByTestId('stick-save')).toBeDisabled();
  await water.fill('2');
  await page.getByTestId('stick-save').click();
  await success(page);
  await expect(stickCount(page, article)).toHaveText('2');
  await expect(stickCount(page, 'Reusable cup')).toHaveText('0');

  await page.reload();
  await page.getByRole('cell', { name: bar }).click();
  await expect(page.getByTestId('menu-table').locator('tbody tr')).toHaveCount(3);
  await expect(stickCount(page, article)).toHaveText('2');
  await menuRow(page, article).getByRole('button', { name: 'Edit sticks' }).click();
  await expect(sticks.getByRole('textbox', { name: 'Quantity' })).toHaveCount(2);
  await expect(sticks).toContainText('Reusable cup');
  await expect(sticks).toContainText('Water 50cl');
  await expect(water).toHaveValue('2');
  await expect(page.getByTestId(`stick-quantity-${id('Reusable cup')}`)).toHaveValue('1');
  await page.screenshot({ path: 'test-results/catalogue-menu-sticks.png', fullPage: true });
});

test('a menu imported from another location brings its articles and sticks', async ({ page }) => {
  const from = named('Source bar');
  const to = named('Beach bar');
  await openActiveEvent(page, 'admin@demo.test');
  const source = await location(page, from, ['V']);
  await location(page, to, ['I']);
  const id = await articleIds(page);
  await api(page, 'POST', '/articles/location', {
    idLocation: source.id,
    articles: ['Gin tonic', 'Soft drink', 'Burger'].map((n, i) => ({
      id: null,
      article: id(n),
      precio: 900 + i * 100,
      order: i + 1,
      isManual: 0,
      visible: 1,
    })),
    deletedArticles: [],
    articlesStick: [{ idArticle: id('Burger'), idArticleStick: id('Soft drink'), quantity: 1 }],
  });

  await page.getByTestId('nav-locarticle').click();
  await page.getByRole('cell', { name: to }).click();
  await expect(page.getByTestId('menu-panel')).toContainText('The menu is empty');
  await choose(page, page.getByTestId('menu-import'), `${from} (3)`);
  await expect(page.getByText('Imported 3 articles and 1 stick')).toBeVisible();
  await expect(page.getByTestId('menu-table').locator('tbody tr')).toHaveCount(3);
  await expect(stickCount(page, 'Burger')).toHaveText('1');
  // A price that is not a number is flagged and keeps the menu from being saved.
  await menuRow(page, 'Soft drink').getByRole('textbox', { name: 'Price' }).fill('');
  await page.getByTestId('menu-save').click();
  await expect(page.getByRole('alert').filter({ hasText: 'Every price must be a number' })).toBeVisible();
  await menuRow(page, 'Soft drink').getByRole('textbox', { name: 'Price' }).fill('3.5');
  await page.getByTestId('menu-save').click();
  await success(page);

  await page.reload();
  await page.getByRole('cell', { name: to }).click();
  await expect(page.getByTestId('menu-table').locator('tbody tr')).toHaveCount(3);
  await expect(menuRow(page, 'Gin tonic')).toBeVisible();
  await expect(stickCount(page, 'Burger')).toHaveText('1');
  await page.screenshot({ path: 'test-results/catalogue-menu-import.png', fullPage: true });
});

test('a flag with an access entry and a price override', async ({ page }) => {
  const flag = named('Backstage');
  const zone = named('Backstage zone');
  const range = named('Weekend');
  await openActiveEvent(page, 'admin@demo.test');
  await api(page, 'POST', '/zones', { zone: { name: zone, resetHour: '00:00:00' } });
  await api(page, 'POST', '/timeRange', { name: range, dateStart: '2026-07-10', dateEnd: '2026-07-12' });

  await page.getByTestId('nav-flag').click();
  await page.getByTestId('resource-new').click();
  await page.getByTestId('field-name').fill(flag);
  await page
    .getByTestId('resource-detail')
    .getByRole('textbox', { name: 'Description' })
    .fill('Crew and artists');

  await page.getByTestId('flag-tab-access').click();
  const addAccess = async () => {
    await choose(page, page.getByTestId('flag-access-zone'), zone);
    await choose(page, page.getByTestId('flag-access-range'), range);
    await page.getByTestId('flag-access-add').click();
  };
  await addAccess();
  await expect(page.getByTestId('flag-tab-access')).toContainText('1');
  // The same zone and time range again is refused.
  await addAccess();
  await expect(page.getByText('This configuration is already inserted')).toBeVisible();
  await expect(page.getByTestId('flag-tab-access')).toContainText('1');

  await page.getByTestId('flag-tab-articles').click();
  // The time range stays chosen after an add (choosing it again would deselect it).
  await choose(page, page.getByTestId('flag-price-range'), range);
  const addPrice = async (price: string) => {
    await choose(page, page.getByTestId('flag-price-article'), 'Beer 50cl');
    await page.getByTestId('flag-price-value').fill(price);
    await page.getByTestId('flag-price-add').click();
  };
  await addPrice('4.5');
  await expect(page.getByTestId('resource-detail').getByRole('cell', { name: 'Beer 50cl' })).toBeVisible();
  await addPrice('3');
  await expect(page.getByText('The article already has an override for that time range')).toBeVisible();
  await page.getByTestId('resource-save').click();
  await success(page);

  await page.reload();
  await page.getByRole('cell', { name: flag }).click();
  await expect(page.getByTestId('field-name')).toHaveValue(flag);
  await page.getByTestId('flag-tab-access').click();
  const detail = page.getByTestId('resource-detail');
  await expect(detail.getByRole('cell', { name: zone })).toBeVisible();
  await expect(detail.getByRole('cell', { name: range })).toBeVisible();
  await page.getByTestId('flag-tab-articles').click();
  await expect(detail.getByRole('cell', { name: 'Beer 50cl' })).toBeVisible();
  await expect(detail.locator('tbody').getByRole('textbox', { name: 'Price' })).toHaveValue(/4[.,]5/);
  await page.screenshot({ path: 'test-results/catalogue-flag.png', fullPage: true });
});

test('a bonus limited to some locations', async ({ page }) => {
  const kiosk = named('Kiosk East');
  const other = named('Kiosk West');
  await openActiveEvent(page, 'admin@demo.test');
  await location(page, kiosk, ['C']);
  await location(page, other, ['C']);

  await page.getByTestId('nav-bonus').click();
  await page.getByTestId('resource-new').click();
  await page.getByTestId('field-plus').fill('2');
  await page.getByTestId('field-percent').fill('5');
  await page.getByTestId('field-minRecharge').fill('20');
  await page.getByTestId('field-maxRecharge').fill('500');
  await page.getByTestId('field-dateStart').fill('10/07/2026');
  await page.getByTestId('field-dateEnd').fill('12/07/2026');
  await page.keyboard.press('Escape'); // closes the calendar
  const onlyChosen = page.getByRole('checkbox', { name: 'Only at chosen top-up locations' });
  await onlyChosen.check();
  // Only at chosen locations, but none chosen: refused.
  await page.getByTestId('resource-save').click();
  await expect(page.getByTestId('resource-detail').getByText('Choose at least 1')).toBeVisible();

  await choose(page, page.getByTestId('resource-detail').getByRole('combobox', { name: 'Locations' }), kiosk);
  await page.keyboard.press('Escape');
  await page.getByTestId('resource-save').click();
  await success(page);

  await page.reload();
  const row = page.getByRole('row').filter({ hasText: kiosk });
  await expect(row).toContainText('10/07/2026');
  await expect(row).not.toContainText(other);
  await row.click();
  await expect(onlyChosen).toBeChecked();
  await expect(page.getByTestId('field-dateStart')).toHaveValue('10/07/2026');
  await expect(page.getByTestId('resource-detail')).toContainText(kiosk);
  await page.screenshot({ path: 'test-results/catalogue-bonus.png', fullPage: true });
});

test('the add-on statistics of the demo festival, on the add-ons screen and as a report', async ({
  page,
}) => {
  await openActiveEvent(page, 'admin@demo.test');
  await page.getByTestId('nav-addon').click();
  await page.getByTestId('addons-tab-stats').click();
  const stats = page.getByTestId('addon-stats');
  await expect(stats.getByRole('heading').first()).toBeVisible();
  await expect(stats.getByRole('columnheader', { name: 'Validations' }).first()).toBeVisible();
  const demoAddons = ['Camping pack', 'Drinks pack', 'VIP upgrade'];
  const shown = await stats.getByRole('heading').allTextContents();
  expect(shown.length).toBeGreaterThan(0);
  expect(shown.every((h) => demoAddons.includes(h))).toBe(true);
  await choose(page, page.getByTestId('addon-stats-addon'), shown[0]!);
  await expect(stats.getByRole('heading')).toHaveText([shown[0]!]);
  await page.screenshot({ path: 'test-results/catalogue-addon-stats.png', fullPage: true });
  // A window far from the festival: no results.
  await page.getByTestId('addon-stats-from').fill('01/01/2030');
  await expect(page.getByTestId('addon-stats-empty')).toBeVisible();

  await page.getByTestId('nav-addons').click();
  await expect(page.getByRole('heading', { name: 'Add-on report' })).toBeVisible();
  await expect(page.getByTestId('addon-stats').getByRole('heading', { name: shown[0]! })).toBeVisible();
  // Filters live in the URL: a window with the end before the start is refused under the end date.
  await page.goto(
    '/admin/reports/addons?start=2030-07-10T00%3A00%3A00.000Z&end=2030-07-01T00%3A00%3A00.000Z',
  );
  await expect(page.getByText('The start date cannot be after the end date')).toBeVisible();
  // A festival day of the demo narrows the report to it.
  await page.goto('/admin/reports/addons');
  await page.getByTestId('filter-day').click();
  await page.getByRole('option').nth(1).click();
  await expect(page).toHaveURL(/day=\d{4}-\d{2}-\d{2}/);
  await expect(page.getByTestId('addon-stats').or(page.getByTestId('addon-stats-empty'))).toBeVisible();
  await page.screenshot({ path: 'test-results/catalogue-addon-report.png', fullPage: true });
});
