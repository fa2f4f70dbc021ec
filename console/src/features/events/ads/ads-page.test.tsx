import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DialogsHost } from '../../../components/dialogs-host';
import { i18n } from '../../../lib/i18n';
import AdsPage from './ads-page';

beforeAll(async () => {
  // jsdom has no matchMedia: an empty query matches (the data table shows its columns that way).
  window.matchMedia = ((query: string) => ({
    matches: query.trim() === '',
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ad = {
  id: 3,
  order: 1,
  dateStart: '2026-07-10',
  dateEnd: '2026-07-20',
  timeStart: '10:00:00',
  timeEnd: '23:30:00',
  dayWeek: 'VSD',
  pictureFull: { id: 9, url: '/api/files/ads/x.png' },
  idImage: 9,
  date_update: '2026-07-01T10:00:00.000Z',
};

function fakeServer() {
  const saves: unknown[] = [];
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url === '/api/ads' && init.method === 'GET') return json({ error: 0, result: [ad] });
      saves.push(JSON.parse(String(init.body)));
      return json({ error: 0, result: ad.id });
    }),
  );
  return saves;
}

function renderPage() {
  const router = createRouter({
    routeTree: createRootRoute({
      component: () => (
        <>
          <AdsPage />
          <DialogsHost />
        </>
      ),
    }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  return render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('the kiosk ads screen', () => {
  it('lists image, dates, hours, weekdays and last activity', async () => {
    fakeServer();
    renderPage();
    const row = (await screen.findByText('10/07/2026')).closest('tr')!;
    expect(row.querySelector('img')?.getAttribute('src')).toBe('/api/files/ads/x.png');
    expect(row.textContent).toContain('20/07/2026');
    expect(row.textContent).toContain('10:00:00');
    expect(row.textContent).toContain('23:30:00');
    expect(row.textContent).toContain('Fri Sat Sun');
    for (const name of [
      'Image',
      'Start date',
      'End date',
      'Hour start',
      'Hour end',
      'Weekdays',
      'Last activity',
    ])
      expect(screen.getByRole('columnheader', { name })).toBeTruthy();
  }, 30_000);

  it('offers the image only for a saved ad and saves the edited times with the id', async () => {
    const saves = fakeServer();
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByTestId('resource-new'));
    let detail = screen.getByTestId('resource-detail');
    expect(within(detail).getByText('Save the ad first to add its image (500 × 500).')).toBeTruthy();
    expect(within(detail).queryByTestId('image-upload-/ads/kiosk/image')).toBeNull();
    await user.click(screen.getByText('Cancel'));

    await user.click(await screen.findByText('10/07/2026'));
    detail = screen.getByTestId('resource-detail');
    expect(within(detail).getByTestId('image-upload-/ads/kiosk/image')).toBeTruthy();
    expect(within(detail).getByText('500×500 px', { exact: false })).toBeTruthy();
    // The 24-hour time picker: hours and minutes typed into their own inputs.
    const start = within(detail).getByTestId('field-timeStart');
    await user.type(within(start).getByLabelText('Hours'), '11');
    await user.type(within(start).getByLabelText('Minutes'), '15');
    await user.click(within(detail).getByLabelText('Mon'));
    await user.click(screen.getByTestId('resource-save'));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toEqual({
      ad: {
        id: 3,
        order: 1,
        dateStart: '2026-07-10',
        dateEnd: '2026-07-20',
        timeStart: '11:15:00',
        timeEnd: '23:30:00',
        dayWeek: 'LVSD',
      },
    });
  }, 30_000);
});
