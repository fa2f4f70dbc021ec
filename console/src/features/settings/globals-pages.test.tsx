import { TABLE_PAGE_SIZE } from '@pulsera/contracts';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi, installDomShims, renderScreen, type Sent } from '../../test-utils';
import ProvincesPage from './provinces/provinces-page';
import TeamsPage from './teams/teams-page';

beforeAll(() => {
  installDomShims();
  // jsdom has no Element.scrollTo (the data table scrolls back to the top on a new page).
  Element.prototype.scrollTo ??= () => {};
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ok = (result: unknown) => ({ body: { error: 0, result } });
const gets = (sent: Sent[]) => sent.filter((c) => c.method === 'GET').map((c) => c.url);

describe('the teams screen', () => {
  it('pages the list on the server and searches there', async () => {
    const total = TABLE_PAGE_SIZE + 2;
    const sent = fakeApi((call) => {
      const url = new URL(call.url, 'http://x');
      if (url.pathname === '/api/backoffice/teams') {
        const page = Number(url.searchParams.get('page'));
        return ok({
          teams:
            page === 1
              ? [
                  { id: 1, name: 'Operations' },
                  { id: 2, name: 'Finance' },
                ]
              : [
                  { id: 1000, name: 'Late Team A' },
                  { id: 1001, name: 'Late Team B' },
                ],
          total,
        });
      }
      if (url.pathname === '/api/search/teams') return ok([{ id: 2, name: 'Finance' }]);
      return ok(null);
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<TeamsPage />);
    expect(await screen.findByRole('cell', { name: 'Operations' })).toBeTruthy();
    expect(gets(sent)).toEqual([`/api/backoffice/teams?page=1&paginationLimit=${TABLE_PAGE_SIZE}`]);

    // The pager counts the server's total; the second page is asked for, not cut from the first.
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('cell', { name: 'Late Team A' })).toBeTruthy();
    expect(screen.queryByRole('cell', { name: 'Operations' })).toBeNull();
    expect(gets(sent)).toContain(`/api/backoffice/teams?page=2&paginationLimit=${TABLE_PAGE_SIZE}`);

    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'fin');
    await waitFor(() => expect(gets(sent)).toContain('/api/search/teams?searchText=fin'));
    expect(await screen.findByRole('cell', { name: 'Finance' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Late Team A' })).toBeNull());
  });
});

describe('the provinces screen', () => {
  it('searches with the server’s find by name', async () => {
    const sent = fakeApi((call) => {
      if (call.url === '/api/provinces')
        return ok([
          { id: 1, name: 'Valencia', country: 'Spain' },
          { id: 3, name: 'Lisboa', country: 'Portugal' },
        ]);
      if (call.url.startsWith('/api/provinces/find'))
        return ok([{ id: 3, name: 'Lisboa', country: 'Portugal' }]);
      return ok(null);
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<ProvincesPage />);
    expect(await screen.findByRole('cell', { name: 'Valencia' })).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'lis');
    await waitFor(() => expect(gets(sent)).toContain('/api/provinces/find?name=lis'));
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Valencia' })).toBeNull());
    expect(screen.getByRole('cell', { name: 'Lisboa' })).toBeTruthy();
  });
});
