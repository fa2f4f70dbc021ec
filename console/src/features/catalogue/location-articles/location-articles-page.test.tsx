import type { LocationArticlesResult, MenuLocation } from '@pulsera/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import { fakeApi, installDomShims, refuseWrites, renderScreen, type Sent } from '../../../test-utils';
import LocationArticlesPage from './location-articles-page';

beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  session.signOut();
});

const item = (id: number, idArticle: number, nombre: string, precio: number, order: number) => ({
  id,
  idArticle,
  nombre,
  precio,
  order,
  isManual: 0 as const,
  visible: 1 as const,
  pictureFull: null,
  srcPicture: null,
  numStick: 0,
});
const place = (id: number, nombre: string, extra: Partial<MenuLocation> = {}): MenuLocation => ({
  id,
  nombre,
  interna: 'N',
  isIntern: false,
  actividades_nfc: ['V'],
  articles: [],
  articlesStick: [],
  numArticles: 0,
  numCompounds: 0,
  ...extra,
});

// Bar A: beer (with a cup as its stick) and the cup; Bar B: water only.
const barA = place(1, 'Bar A', {
  articles: [item(11, 101, 'Beer', 600, 1), item(12, 102, 'Cup', 200, 2)],
  articlesStick: [{ idLocation: 1, idArticle: 101, idArticleStick: 102, quantity: 1 }],
  numArticles: 2,
  numCompounds: 1,
});
const barB = place(2, 'Bar B', { articles: [item(21, 103, 'Water', 250, 1)], numArticles: 1 });
const data: LocationArticlesResult = {
  articles: [
    { id: 101, nombre: 'Beer', precio_base: 600, pictureFull: null },
    { id: 102, nombre: 'Cup', precio_base: 200, pictureFull: null },
    { id: 103, nombre: 'Water', precio_base: 250, pictureFull: null },
    { id: 104, nombre: 'Burger', precio_base: 1100, pictureFull: null },
  ],
  locations: [barA, barB],
};

/** Answers the list, and each menu save with the location it would leave. */
const serve = () =>
  fakeApi((call: Sent) => {
    if (call.method === 'GET') return { body: { error: 0, result: data } };
    const body = call.body as { idLocation: number };
    return { body: { error: 0, result: data.locations.find((l) => l.id === body.idLocation) } };
  });
const posts = (sent: Sent[]) => sent.filter((c) => c.method === 'POST');

async function openLocation(name: string) {
  const user = userEvent.setup();
  renderScreen(<LocationArticlesPage />);
  await user.click(await screen.findByText(name, {}, { timeout: 5000 }));
  await screen.findByTestId('menu-panel');
  return user;
}

describe('the location articles screen', () => {
  it('lists the selling locations with their counts and the note', async () => {
    serve();
    renderScreen(<LocationArticlesPage />);
    expect(await screen.findByText('Bar A', {}, { timeout: 5000 })).toBeTruthy();
    expect(
      screen.getByText('Only locations whose NFC activities include sale or purchases in top-up are listed.'),
    ).toBeTruthy();
    const row = screen.getByText('Bar A').closest('tr') as HTMLElement;
    expect(within(row).getByText('2')).toBeTruthy();
    expect(within(row).getByText('1')).toBeTruthy();
  }, 30_000);

  it('imports another location’s articles and its sticks, then saves the whole menu', async () => {
    const sent = serve();
    const user = await openLocation('Bar B');
    await user.click(screen.getByTestId('menu-import'));
    await user.click(await screen.findByRole('option', { name: 'Bar A (2)', hidden: true }));
    const table = screen.getByTestId('menu-table');
    expect(within(table).getByText('Beer')).toBeTruthy();
    expect(within(table).getByText('Cup')).toBeTruthy();
    await user.click(screen.getByTestId('menu-save'));
    await waitFor(() => expect(posts(sent)).toHaveLength(1));
    expect(posts(sent)[0]).toMatchObject({
      url: '/api/articles/location',
      body: {
        idLocation: 2,
        articles: [
          { id: 21, article: 103, precio: 250, order: 1, isManual: 0, visible: 1 },
          { id: null, article: 101, precio: 600, order: 2, isManual: 0, visible: 1 },
          { id: null, article: 102, precio: 200, order: 3, isManual: 0, visible: 1 },
        ],
        deletedArticles: [],
        articlesStick: [{ idArticle: 101, idArticleStick: 102, quantity: 1 }],
      },
    });
  }, 30_000);

  it('sends removed articles as deleted with the sticks pruned, and blocks a price that is not a number', async () => {
    const sent = serve();
    const user = await openLocation('Bar A');
    await user.clear(screen.getByTestId('menu-price-101'));
    await user.click(screen.getByTestId('menu-save'));
    expect(await screen.findByText('Every price must be a number')).toBeTruthy();
    expect(posts(sent)).toHaveLength(0);
    await user.type(screen.getByTestId('menu-price-101'), '6.5');
    // Remove the cup: the beer's stick goes with it.
    const cupRow = within(screen.getByTestId('menu-table')).getByText('Cup').closest('tr') as HTMLElement;
    await user.click(within(cupRow).getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByTestId('menu-save'));
    await waitFor(() => expect(posts(sent)).toHaveLength(1));
    expect(posts(sent)[0]!.body).toEqual({
      idLocation: 1,
      articles: [{ id: 11, article: 101, precio: 650, order: 1, isManual: 0, visible: 1 }],
      deletedArticles: [12],
      articlesStick: [],
    });
  }, 30_000);

  it('Clear all saves an empty menu once confirmed, and resets the menu otherwise', async () => {
    const sent = serve();
    const user = await openLocation('Bar A');
    // Not confirmed: the menu is reset (the price typed is gone) and nothing is saved.
    await user.clear(screen.getByTestId('menu-price-102'));
    await user.type(screen.getByTestId('menu-price-102'), '9');
    await user.click(screen.getByTestId('menu-clear'));
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect((screen.getByTestId('menu-price-102') as HTMLInputElement).value).toBe('2 €'));
    expect(posts(sent)).toHaveLength(0);
    // Confirmed: saved at once, empty.
    await user.click(screen.getByTestId('menu-clear'));
    await user.click(await screen.findByTestId('confirm-yes'));
    await waitFor(() => expect(posts(sent)).toHaveLength(1));
    expect(posts(sent)[0]!.body).toEqual({
      idLocation: 1,
      articles: [],
      deletedArticles: [11, 12],
      articlesStick: [],
    });
  }, 30_000);

  it('refuses an article already on the menu and offers only the others', async () => {
    serve();
    const user = await openLocation('Bar B');
    await user.click(screen.getByTestId('menu-add'));
    const burger = await screen.findByRole('option', { name: 'Burger', hidden: true });
    expect(screen.queryByRole('option', { name: 'Water', hidden: true })).toBeNull();
    await user.click(burger);
    const rows = within(screen.getByTestId('menu-table')).getAllByRole('row');
    // Header, water, burger (appended last).
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.any(String),
      expect.stringContaining('Water'),
      expect.stringContaining('Burger'),
    ]);
  }, 30_000);

  it('edits the sticks of a saved article: a quantity below 1 blocks the save', async () => {
    const sent = serve();
    const user = await openLocation('Bar A');
    await user.click(screen.getByTestId('menu-sticks-101'));
    const panel = await screen.findByTestId('stick-panel');
    expect(within(panel).getByText('Cup')).toBeTruthy();
    const quantity = screen.getByTestId('stick-quantity-102');
    await user.clear(quantity);
    await user.type(quantity, '0');
    expect(await within(panel).findByText('Min 1')).toBeTruthy();
    expect((screen.getByTestId('stick-save') as HTMLButtonElement).disabled).toBe(true);
    await user.clear(quantity);
    await user.type(quantity, '3');
    await user.click(screen.getByTestId('stick-save'));
    await waitFor(() => expect(posts(sent)).toHaveLength(1));
    expect(posts(sent)[0]).toMatchObject({
      url: '/api/articles/stick',
      body: { idLocation: 1, idArticleParent: 101, articlesStick: [{ idArticleStick: 102, quantity: 3 }] },
    });
  }, 30_000);

  it('flags the rows the server refuses in a menu save, and keeps the edits', async () => {
    // Indexes of the list sent: the burger added last, and the beer's stick.
    const sent = refuseWrites(data, [
      { path: 'articles.2.article', message: 'validation.articleNotInEvent' },
      { path: 'articlesStick.0.idArticleStick', message: 'validation.stickRepeated' },
      { path: 'deletedArticles.0', message: 'validation.invalid' },
    ]);
    const user = await openLocation('Bar A');
    await user.click(screen.getByTestId('menu-add'));
    await user.click(await screen.findByRole('option', { name: 'Burger', hidden: true }));
    await user.click(screen.getByTestId('menu-save'));
    await waitFor(() => expect(posts(sent)).toHaveLength(1));
    const refused = await screen.findByTestId('menu-refused');
    expect(within(refused).getByText('The menu was not saved: fix the flagged rows')).toBeTruthy();
    expect(within(refused).getByText('Invalid field')).toBeTruthy();
    const table = screen.getByTestId('menu-table');
    const row = (name: string) => within(table).getByText(name).closest('tr') as HTMLElement;
    expect(within(row('Burger')).getByText('Choose an article of this event')).toBeTruthy();
    expect(row('Burger').dataset.refused).toBe('true');
    expect(within(row('Beer')).getByText('Cup: This article is already in the list')).toBeTruthy();
    expect(row('Cup').dataset.refused).toBeUndefined();
    // Nothing is lost: the burger is still on the menu, and Reset clears the flags.
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.queryByTestId('menu-refused')).toBeNull();
    expect(within(table).queryByText('Burger')).toBeNull();
  }, 30_000);

  it('shows why the server refuses a stick save', async () => {
    refuseWrites(data, [
      { path: 'idArticleParent', message: 'validation.stickNotInMenu' },
      { path: 'articlesStick.0.idArticleStick', message: 'validation.stickNotInMenu' },
    ]);
    const user = await openLocation('Bar A');
    await user.click(screen.getByTestId('menu-sticks-101'));
    const panel = await screen.findByTestId('stick-panel');
    const quantity = screen.getByTestId('stick-quantity-102');
    await user.clear(quantity);
    await user.type(quantity, '2');
    await user.click(screen.getByTestId('stick-save'));
    const refused = await within(panel).findByTestId('stick-refused');
    expect(within(refused).getByText('The sticks were not saved: fix the flagged rows')).toBeTruthy();
    expect(within(refused).getByText('The article is not on the menu of this location')).toBeTruthy();
    const row = within(panel).getByTestId('stick-row-102');
    expect(row.dataset.refused).toBe('true');
    expect(within(row).getByText('The article is not on the menu of this location')).toBeTruthy();
    // The quantity typed stays to be fixed or saved again.
    expect((quantity as HTMLInputElement).value).toBe('2');
  }, 30_000);
});
