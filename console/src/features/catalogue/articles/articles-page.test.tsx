import type { Article, ArticlesResult } from '@pulsera/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import {
  fakeApi,
  installDomShims,
  openDetail,
  refuseWrites,
  renderScreen,
  type Sent,
} from '../../../test-utils';
import ArticlesPage from './articles-page';

beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  session.signOut();
});

const beer: Article = {
  id: 7,
  nombre: 'Beer',
  precio_base: 600,
  moneda: 1,
  pictureFull: null,
  qrPrint: 0,
  idBase: null,
  flags: [{ id: 70, idFlag: 5, addFlag: true }],
  gift: 0,
  onlyAdults: 1,
  bannedRols: [],
  isNoteRequired: 0,
  suggestedComments: [],
  addons: [],
  exchanges: [],
  externalAnalyticsId: null,
  permite_importe_manual: 'N',
  id_complemento: null,
  date_update: '2026-07-01T10:00:00.000Z',
};
const data: ArticlesResult = {
  articles: [beer],
  timeRanges: [],
  rols: [],
  addons: [],
  flags: [
    { id: 5, name: 'VIP', flagNumber: 1 },
    { id: 6, name: 'Crew', flagNumber: 2 },
  ],
};

const serve = () =>
  fakeApi((call: Sent) => {
    if (call.url.startsWith('/api/articles/find')) {
      const name = new URL(call.url, 'http://x').searchParams.get('name') ?? '';
      return {
        body: { error: 0, result: 'beer'.includes(name.toLowerCase()) ? [{ id: 7, nombre: 'Beer' }] : [] },
      };
    }
    if (call.method === 'GET') return { body: { error: 0, result: data } };
    if (call.url === '/api/articles') return { body: { error: 0, result: { created: [], ignored: [] } } };
    return { body: { error: 0, result: beer } };
  });
const posts = (sent: Sent[]) => sent.filter((c) => c.method === 'POST');

describe('the articles screen', () => {
  it('finds articles on the server, queues new names (ignoring existing ones) and creates them', async () => {
    const sent = serve();
    const user = userEvent.setup();
    renderScreen(<ArticlesPage />);
    expect(await screen.findByText('Beer', {}, { timeout: 5000 })).toBeTruthy();
    // No New button: articles are created from the pending panel.
    expect(screen.queryByTestId('resource-new')).toBeNull();

    await user.type(screen.getByTestId('article-search'), 'Cider');
    expect(await screen.findByText('Without result', {}, { timeout: 3000 })).toBeTruthy();
    expect(sent.some((c) => c.url === '/api/articles/find?name=Cider')).toBe(true);
    await user.click(screen.getByTestId('article-add-new'));
    const pending = await screen.findByTestId('article-pending');
    expect(within(pending).getByText('Cider')).toBeTruthy();

    // An existing name (trimmed, any case) is ignored.
    await user.type(screen.getByTestId('article-search'), '  BEER ');
    await user.click(screen.getByTestId('article-add-new'));
    expect(within(pending).queryByText('BEER')).toBeNull();
    await user.clear(screen.getByTestId('article-search'));

    await user.type(within(pending).getByRole('textbox', { name: 'External analytics id' }), 'GA-1');
    await user.click(screen.getByTestId('article-create'));
    await waitFor(() => expect(posts(sent)).toHaveLength(1));
    expect(posts(sent)[0]).toMatchObject({
      url: '/api/articles',
      body: { articles: [{ nombre: 'Cider', externalAnalyticsId: 'GA-1' }] },
    });
  }, 40_000);

  it('saves the tri-state flag choice with the article', async () => {
    const sent = serve();
    const { user, detail } = await openDetail(<ArticlesPage />, 'Beer');
    // VIP enabled → disabled; Crew unused → enabled.
    await user.click(within(within(detail).getByTestId('flag-5')).getByText('Disabled'));
    await user.click(within(within(detail).getByTestId('flag-6')).getByText('Enabled'));
    await user.click(screen.getByTestId('resource-save'));
    await waitFor(() => expect(posts(sent)).toHaveLength(1));
    expect(posts(sent)[0]).toMatchObject({
      url: '/api/articles/event',
      body: {
        articleEvent: {
          id: 7,
          nombre: 'Beer',
          precio_base: 600,
          onlyAdults: 1,
          idBase: null,
          flags: [
            { idFlag: 5, addFlag: false },
            { idFlag: 6, addFlag: true },
          ],
          permite_importe_manual: 'N',
        },
      },
    });
  }, 40_000);

  it('puts each server field error on its field, and one that matches no field in the error line', async () => {
    // The server's names: precio_base and permite_importe_manual are the form's precio and
    // permiteImporteManual; `id` is no field of the form.
    const sent = refuseWrites(data, [
      { path: 'articleEvent.precio_base', message: 'validation.max|{"max":1000000}' },
      { path: 'articleEvent.permite_importe_manual', message: 'validation.invalid' },
      { path: 'articleEvent.flags.1.idFlag', message: 'validation.flagNotInEvent' },
      { path: 'articleEvent.id', message: 'validation.required' },
    ]);
    const { user, detail } = await openDetail(<ArticlesPage />, 'Beer');
    await user.click(within(within(detail).getByTestId('flag-6')).getByText('Enabled'));
    await user.click(screen.getByTestId('resource-save'));
    await waitFor(() => expect(posts(sent)).toHaveLength(1));
    const price = within(detail).getByTestId('field-precio');
    expect(await within(detail).findByText('Max 1000000')).toBeTruthy();
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect(await within(detail).findByText('Invalid field')).toBeTruthy();
    expect(within(detail).getByText('Flags').closest('.mantine-InputWrapper-root')?.textContent).toContain(
      'Choose flags of this event',
    );
    expect(within(detail).getByTestId('resource-errors').textContent).toBe('Id: Required field');
  }, 40_000);

  it('keeps a stored price the user did not touch at a rate below 1', async () => {
    session.selectEvent(
      {
        id: 1,
        nombre: 'Sonora',
        token: 'ev',
        zona_horaria: 'Europe/Madrid',
        currency: { id: 1, iso: 'EUR', symbol: '€', fraction: 0.01 },
        localCurrency: { id: 2, iso: 'MIL', symbol: 'm', fraction: 0.01 },
        localCurrencyRate: 0.01,
      },
      null,
    );
    const odd = { ...beer, precio_base: 333 };
    const sent = fakeApi((call: Sent) => {
      if (call.method === 'GET') return { body: { error: 0, result: { ...data, articles: [odd] } } };
      return { body: { error: 0, result: odd } };
    });
    const { user, detail } = await openDetail(<ArticlesPage />, 'Beer');
    // 333 cents at 0.01 is 0.0333 m: typed with the decimals a cent needs, and the rate shown.
    expect((within(detail).getByTestId('field-precio') as HTMLInputElement).value).toBe('0.0333 m');
    expect(within(detail).getByText('1 EUR = 0.01 MIL')).toBeTruthy();
    const name = within(detail).getByTestId('field-nombre');
    await user.clear(name);
    await user.type(name, 'Lager');
    await user.click(screen.getByTestId('resource-save'));
    await waitFor(() => expect(posts(sent)).toHaveLength(1));
    expect(posts(sent)[0]).toMatchObject({ body: { articleEvent: { nombre: 'Lager', precio_base: 333 } } });
  }, 40_000);
});
