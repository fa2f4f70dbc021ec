import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DialogsHost } from '../../../components/dialogs-host';
import { i18n } from '../../../lib/i18n';
import StaffPage from './staff-page';

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

const ana = {
  id: 7,
  idEvent: 1,
  user: 'bar.ana',
  name: 'Ana Ruiz',
  rfid: null,
  intern: 1,
  dateInactive: null,
  trusts: 'CSV',
  idsLocation: [11],
  availableRooms: null,
  date_update: '2026-07-01T10:00:00.000Z',
};

/** The staff calls as the server answers them; records the saves. */
function fakeServer(
  answerSave: (body: unknown) => [number, unknown] = () => [200, { error: 0, result: ana }],
) {
  const saves: unknown[] = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url === '/api/staff' && init.method === 'GET')
        return json(200, {
          error: 0,
          result: {
            staff: [ana],
            locations: [
              { id: 11, name: 'Main bar' },
              { id: 12, name: 'Top-up point' },
            ],
            rooms: [{ id: 21, name: 'VIP lounge' }],
          },
        });
      if (url === '/api/staff' && init.method === 'POST') {
        const body = JSON.parse(String(init.body));
        saves.push(body);
        return json(...answerSave(body));
      }
      return json(404, { error: 404, description: 'Not found' });
    }),
  );
  return saves;
}

/** As the app renders it: Mantine, modals, queries and a router (the unsaved-changes blocker). */
function renderPage() {
  const router = createRouter({
    routeTree: createRootRoute({
      component: () => (
        <>
          <StaffPage />
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

describe('the staff screen', () => {
  it('lists staff with trust names and location names', async () => {
    fakeServer();
    renderPage();
    const row = (await screen.findByText('bar.ana')).closest('tr')!;
    expect(row.textContent).toContain('Ana Ruiz');
    expect(row.textContent).toContain('C Cashier, S Supervisor, V Waiter');
    expect(row.textContent).toContain('Main bar');
  }, 30_000);

  it('creates a staff member: defaults intern 1 and all locations and rooms; trusts from the checkboxes', async () => {
    const user = userEvent.setup();
    const saves = fakeServer();
    renderPage();
    await screen.findByText('bar.ana');
    await user.click(screen.getByTestId('resource-new'));
    const detail = screen.getByTestId('resource-detail');
    await user.type(within(detail).getByTestId('field-user'), ' door.max ');
    await user.type(within(detail).getByTestId('field-name'), 'Max Door');
    await user.click(within(detail).getByLabelText('X Access control'));
    await user.click(within(detail).getByLabelText('C Cashier'));
    await user.click(screen.getByTestId('resource-save'));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toEqual({
      staff: {
        user: 'door.max',
        name: 'Max Door',
        rfid: null,
        intern: 1,
        dateInactive: null,
        trusts: 'CX',
        idsLocation: null,
        availableRooms: null,
      },
    });
  }, 30_000);

  it('refuses a staff member without trusts before calling the server', async () => {
    const user = userEvent.setup();
    const saves = fakeServer();
    renderPage();
    await screen.findByText('bar.ana');
    await user.click(screen.getByTestId('resource-new'));
    const detail = screen.getByTestId('resource-detail');
    await user.type(within(detail).getByTestId('field-user'), 'bar.ana');
    await user.type(within(detail).getByTestId('field-name'), 'Ana again');
    await user.click(screen.getByTestId('resource-save'));
    expect(await within(detail).findByText('Required field')).toBeTruthy();
    expect(saves).toHaveLength(0);
  }, 30_000);

  it('edits the chosen locations: the saved list names them, not all', async () => {
    const user = userEvent.setup();
    const saves = fakeServer();
    renderPage();
    await user.click(await screen.findByText('bar.ana'));
    const detail = screen.getByTestId('resource-detail');
    expect((within(detail).getByLabelText('All locations') as HTMLInputElement).checked).toBe(false);
    await user.click(within(detail).getByLabelText('All rooms'));
    await user.click(within(detail).getByLabelText('Internal staff'));
    await user.click(screen.getByTestId('resource-save'));
    // Rooms are now "choose": none chosen is refused on the form.
    expect(await within(detail).findByText('Choose at least one, or all')).toBeTruthy();
    await user.click(within(detail).getByLabelText('All rooms'));
    await user.click(screen.getByTestId('resource-save'));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toMatchObject({
      staff: { user: 'bar.ana', trusts: 'CSV', intern: 0, idsLocation: [11], availableRooms: null },
    });
  }, 30_000);
});
