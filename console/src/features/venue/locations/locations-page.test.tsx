import type { Location, LocationsResult } from '@pulsera/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import { fakeApi, installDomShims, renderScreen, signInForTest } from '../../../test-utils';
import LocationsPage from './locations-page';

beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  session.signOut();
});

/** Signs in without selecting an event. */
const signIn = (admin: boolean) => signInForTest({ admin, event: null });

const location = (id: number, nombre: string, extra: Partial<Location> = {}): Location => ({
  id,
  id_unico_evento: id,
  id_evento: 7,
  nombre,
  interna: 'N',
  isIntern: false,
  numArticles: 0,
  numCompounds: 0,
  actividades_nfc: ['V'],
  category: 'B',
  additionalType: [],
  f_inactivo: null,
  idGate: null,
  gate: null,
  prefix: null,
  externalAnalyticsId: null,
  pictureReceiptLogo: null,
  create_time: '2026-07-01T10:00:00.000Z',
  update_time: '2026-07-01T10:00:00.000Z',
  ...extra,
});

const serve = (result: LocationsResult, post?: () => { status: number; body: unknown }) =>
  fakeApi((call) => {
    if (call.method === 'GET') return { body: { error: 0, result } };
    if (call.method === 'POST' && post) return post();
    return { body: { error: 0, result: true } };
  });

describe('the locations screen', () => {
  it('offers the gate choice only when gates exist, and requires a gate when "choose" is picked', async () => {
    signIn(false);
    const sent = serve({
      locations: [location(1, 'Main bar')],
      gates: [{ id: 5, name: 'North gate', active: 1 }],
    });
    const user = userEvent.setup();
    renderScreen(<LocationsPage />);
    expect(await screen.findByText('Main bar')).toBeTruthy();
    // No id column for a non-administrator.
    expect(screen.queryByRole('columnheader', { name: 'Id' })).toBeNull();

    await user.click(screen.getByTestId('resource-new'));
    await user.type(screen.getByTestId('field-nombre'), 'VIP bar');
    await user.click(screen.getByTestId('gate-choose'));
    await user.click(screen.getByTestId('resource-save'));
    expect(await screen.findByText('Required field')).toBeTruthy();
    expect(sent.some((c) => c.method === 'POST')).toBe(false);

    // Back to any gate: it saves with no gate.
    await user.click(screen.getByTestId('gate-any'));
    await user.click(screen.getByTestId('resource-save'));
    await waitFor(() => expect(sent.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(sent.find((c) => c.method === 'POST')?.body).toEqual({
      location: {
        nombre: 'VIP bar',
        interna: 'N',
        externalAnalyticsId: null,
        actividades_nfc: [],
        category: null,
        additionalType: [],
        f_inactivo: null,
        idGate: null,
        prefix: null,
      },
    });
  }, 30_000);

  it('hides the gate choice when the event has no gates; shows the id to administrators', async () => {
    signIn(true);
    serve({ locations: [location(42, 'Main bar')], gates: [] });
    const user = userEvent.setup();
    renderScreen(<LocationsPage />);
    expect(await screen.findByText('Main bar')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Id' })).toBeTruthy();
    expect(screen.getByText('42')).toBeTruthy();
    await user.click(screen.getByTestId('resource-new'));
    expect(screen.queryByTestId('gate-choose')).toBeNull();
  }, 30_000);

  it('shows the server’s repeated-prefix error under the prefix field', async () => {
    signIn(false);
    const sent = serve({ locations: [], gates: [] }, () => ({
      status: 400,
      body: {
        error: 400,
        description: 'Some fields are not valid',
        fields: [
          {
            path: 'location.prefix',
            message: 'validation.prefixInUse',
            text: 'This location prefix is already in use in the event',
          },
        ],
      },
    }));
    const user = userEvent.setup();
    renderScreen(<LocationsPage />);
    await user.click(await screen.findByTestId('resource-new'));
    await user.type(screen.getByTestId('field-nombre'), 'Beach bar');
    await user.type(screen.getByTestId('field-prefix'), 'BEACH');
    await user.click(screen.getByTestId('resource-save'));
    expect(await screen.findByText('This location prefix is already in use in the event')).toBeTruthy();
    expect(sent.find((c) => c.method === 'POST')?.body).toMatchObject({ location: { prefix: 'BEACH' } });
  }, 30_000);

  it('deletes a row from the list after the confirmation', async () => {
    signIn(false);
    const sent = serve({ locations: [location(3, 'Old kiosk'), location(4, 'Shop')], gates: [] });
    const user = userEvent.setup();
    renderScreen(<LocationsPage />);
    const row = (await screen.findByText('Old kiosk')).closest('tr') as HTMLElement;
    await user.click(within(row).getByTestId('resource-row-delete'));
    await user.click(await screen.findByTestId('confirm-yes'));
    await waitFor(() =>
      expect(sent.find((c) => c.method === 'DELETE')).toMatchObject({ url: '/api/locations/3' }),
    );
    // The detail did not open for the row.
    expect(screen.queryByTestId('resource-detail')).toBeNull();
  }, 30_000);
});
