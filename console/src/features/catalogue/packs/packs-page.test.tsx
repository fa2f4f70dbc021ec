import type { PacksResult } from '@pulsera/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import { fakeApi, installDomShims, renderScreen, type Sent } from '../../../test-utils';
import PacksPage from './packs-page';

beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  session.signOut();
});

const data: PacksResult = {
  packs: [
    {
      id: 3,
      nombre: 'Party pack',
      precio: 2500,
      articles: [{ idArticle: 1, nombre: 'Beer', quantity: 4 }],
      locationsAvailable: [],
      dateStart: null,
      dateEnd: null,
      date_update: '2026-07-01T10:00:00.000Z',
    },
  ],
  articles: [
    { id: 1, nombre: 'Beer' },
    { id: 2, nombre: 'Burger' },
  ],
  locations: [{ id: 9, name: 'Main bar' }],
};
const posts = (sent: Sent[]) => sent.filter((c) => c.method === 'POST');

describe('the packs screen', () => {
  it('lists packs and creates one, refusing an article twice', async () => {
    const sent = fakeApi((call) =>
      call.method === 'GET' ? { body: { error: 0, result: data } } : { body: { error: 0, result: 4 } },
    );
    const user = userEvent.setup();
    renderScreen(<PacksPage />);
    expect(await screen.findByText('Party pack', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('4 × Beer')).toBeTruthy();
    expect(screen.getByText('All locations')).toBeTruthy();

    await user.click(screen.getByTestId('resource-new'));
    await user.type(screen.getByTestId('field-nombre'), 'Burger menu');
    await user.clear(screen.getByTestId('field-precio'));
    await user.type(screen.getByTestId('field-precio'), '12.5');
    // Saving without articles is refused on the form.
    await user.click(screen.getByTestId('resource-save'));
    expect(await screen.findByText('Add at least one article to the pack')).toBeTruthy();

    for (let i = 0; i < 2; i++) {
      await user.click(screen.getByTestId('pack-add-article'));
      await user.click(await screen.findByRole('option', { name: 'Burger', hidden: true }));
    }
    const detail = screen.getByTestId('resource-detail');
    expect(within(detail).getAllByText('Burger')).toHaveLength(1);
    await user.click(screen.getByTestId('resource-save'));
    await waitFor(() => expect(posts(sent)).toHaveLength(1));
    expect(posts(sent)[0]).toMatchObject({
      url: '/api/packs',
      body: {
        pack: {
          nombre: 'Burger menu',
          precio: 1250,
          articles: [{ idArticle: 2, quantity: 1 }],
          locationsAvailable: [],
        },
      },
    });
  }, 40_000);
});
