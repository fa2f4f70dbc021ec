import { Notifications } from '@mantine/notifications';
import { MAX_ROLES, type Rol, type RolsResult } from '@pulsera/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import { fakeApi, installDomShims, renderScreen, type Sent } from '../../../test-utils';
import RolsPage from './rols-page';

beforeAll(() => {
  installDomShims();
  // jsdom has no scrollIntoView (the select scrolls its list to the chosen option).
  Element.prototype.scrollIntoView ??= () => {};
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  session.signOut();
});

const rol = (id: number, name: string, extra: Partial<Rol> = {}): Rol => ({
  id,
  name,
  price: 0,
  amountBonus: 0,
  category: null,
  locationsAvailable: null,
  preTopUpLocationsAvailable: null,
  dateUpdateImage: null,
  tagRequired: 1,
  articles: [],
  rolesAccess: [],
  idAddons: [],
  idsTimeRange: [],
  idImage: null,
  pictureFull: null,
  date_update: '2026-07-01T10:00:00.000Z',
  ...extra,
});

const choices: Omit<RolsResult, 'rols'> = {
  articles: [{ id: 2, name: 'Beer' }],
  locations: [
    { id: 30, name: 'Main gate' },
    { id: 31, name: 'Kiosk' },
  ],
  timeRanges: [
    { id: 10, name: 'Friday', dateStart: '2026-07-10', dateEnd: '2026-07-10' },
    { id: 11, name: 'Saturday', dateStart: '2026-07-11', dateEnd: '2026-07-11' },
  ],
  zones: [{ id: 20, name: 'Arena' }],
  addons: [
    { id: 40, name: 'Souvenir glass' },
    { id: 41, name: 'Poncho' },
  ],
};

const serve = (rols: Rol[]) =>
  fakeApi((call) =>
    call.method === 'GET'
      ? { body: { error: 0, result: { rols, ...choices } } }
      : { body: { error: 0, result: 99 } },
  );
const posts = (sent: Sent[]) => sent.filter((c) => c.method === 'POST');
/** Opens a select and picks an option of its own list (several selects offer the same names). */
const listOf = (testId: string) => {
  const id = screen.getByTestId(testId).getAttribute('aria-controls');
  const list = id ? document.getElementById(id) : null;
  if (!list) throw new Error(`no list for ${testId}`);
  return within(list);
};
const pick = async (user: ReturnType<typeof userEvent.setup>, testId: string, option: string) => {
  await user.click(screen.getByTestId(testId));
  await user.click(await listOf(testId).findByRole('option', { name: option, hidden: true }));
};

describe('the ticket roles screen', () => {
  it('lists the rols with their locations and the two warnings', async () => {
    serve([
      rol(1, 'General', { category: 'Standard', locationsAvailable: [30, 31] }),
      rol(2, 'VIP', {
        idsTimeRange: [10],
        rolesAccess: [{ id: 1, idZone: 20, idRol: 2, idEvent: 7, idTimeRange: 10, nAccess: -1 }],
      }),
    ]);
    renderScreen(<RolsPage />);
    const general = (await screen.findByText('General')).closest('tr')!;
    expect(within(general).getByText('Standard')).toBeTruthy();
    expect(within(general).getByText('Main gate, Kiosk')).toBeTruthy();
    expect(within(general).getByText('No time ranges')).toBeTruthy();
    expect(within(general).getByText('No accesses')).toBeTruthy();
    const vip = screen.getByText('VIP').closest('tr')!;
    expect(within(vip).getAllByText('All')).toHaveLength(2);
    expect(within(vip).queryByText('No time ranges')).toBeNull();
    expect(within(vip).queryByText('No accesses')).toBeNull();
    expect(screen.getByTestId('resource-new')).toBeTruthy();
  }, 30_000);

  it(`hides New once the event has ${MAX_ROLES} rols`, async () => {
    serve(Array.from({ length: MAX_ROLES }, (_, i) => rol(i + 1, `Rol ${i + 1}`)));
    renderScreen(<RolsPage />);
    expect(await screen.findByText('Rol 1')).toBeTruthy();
    expect(screen.queryByTestId('resource-new')).toBeNull();
  }, 30_000);

  it('creates a rol: new category required, repeats refused, add-ons leave the picker, warnings go', async () => {
    const sent = serve([rol(1, 'General', { category: 'Standard' })]);
    const user = userEvent.setup();
    renderScreen(
      <>
        <Notifications />
        <RolsPage />
      </>,
    );
    expect(await screen.findByText('General')).toBeTruthy();
    await user.click(screen.getByTestId('resource-new'));
    const detail = screen.getByTestId('resource-detail');
    expect(within(detail).getByTestId('rol-warning-noTimeRanges')).toBeTruthy();
    expect(within(detail).getByTestId('rol-warning-noAccess')).toBeTruthy();

    await user.type(screen.getByTestId('field-name'), 'Weekend VIP');
    await user.clear(screen.getByTestId('field-price'));
    await user.type(screen.getByTestId('field-price'), '12.5');
    await user.click(within(detail).getByText('New'));
    await user.click(screen.getByTestId('resource-save'));
    expect(await screen.findByText('Required field')).toBeTruthy();
    expect(posts(sent)).toHaveLength(0);
    await user.type(screen.getByTestId('field-categoryNew'), 'Premium');

    // Ticketing: a time range added twice is refused.
    await user.click(screen.getByTestId('rol-tab-ticketing'));
    for (let i = 0; i < 2; i++) {
      await pick(user, 'rol-range-select', 'Friday');
      await user.click(screen.getByTestId('rol-range-add'));
    }
    expect(await screen.findByText('This configuration is already inserted')).toBeTruthy();
    expect(within(screen.getByTestId('rol-ranges')).getAllByText('Friday')).toHaveLength(1);
    await pick(user, 'rol-range-select', 'Saturday');
    await user.click(screen.getByTestId('rol-range-add'));
    await waitFor(() => expect(within(detail).queryByTestId('rol-warning-noTimeRanges')).toBeNull());

    // Access: the same zone and time range twice is refused.
    await user.click(screen.getByTestId('rol-tab-access'));
    for (let i = 0; i < 2; i++) {
      await pick(user, 'rol-access-zone', 'Arena');
      await pick(user, 'rol-access-range', 'Friday');
      await user.click(screen.getByTestId('rol-access-add'));
    }
    await waitFor(() =>
      expect(within(screen.getByTestId('rol-access')).getAllByText('Arena')).toHaveLength(1),
    );
    await waitFor(() => expect(within(detail).queryByTestId('rol-warning-noAccess')).toBeNull());

    // Add-ons: one added leaves the picker.
    await user.click(screen.getByTestId('rol-tab-addon'));
    await pick(user, 'rol-addon-select', 'Poncho');
    await user.click(screen.getByTestId('rol-addon-add'));
    await user.click(screen.getByTestId('rol-addon-select'));
    expect(
      await listOf('rol-addon-select').findByRole('option', { name: 'Souvenir glass', hidden: true }),
    ).toBeTruthy();
    expect(listOf('rol-addon-select').queryByRole('option', { name: 'Poncho', hidden: true })).toBeNull();
    await user.keyboard('{Escape}');

    await user.click(screen.getByTestId('resource-save'));
    await waitFor(() => expect(posts(sent)).toHaveLength(1));
    expect(posts(sent)[0]).toMatchObject({
      url: '/api/rols',
      body: {
        rol: {
          name: 'Weekend VIP',
          price: 1250,
          amountBonus: 0,
          category: 'Premium',
          tagRequired: 1,
          locationsAvailable: null,
          preTopUpLocationsAvailable: null,
          idsTimeRange: [10, 11],
          rolesAccess: [{ idZone: 20, idTimeRange: 10, nAccess: -1 }],
          idAddons: [41],
          articles: [],
        },
      },
    });
  }, 60_000);

  it('edits a rol with an existing category and chosen locations', async () => {
    const sent = serve([
      rol(1, 'General', { category: 'Standard', preTopUpLocationsAvailable: [31], price: 2000 }),
    ]);
    const user = userEvent.setup();
    renderScreen(<RolsPage />);
    await user.click(await screen.findByText('General'));
    await user.click(screen.getByTestId('rol-tab-ticketing'));
    await user.click(screen.getByText('Validated at every location'));
    // Off without a location: "choose at least one, or all".
    await user.click(screen.getByTestId('resource-save'));
    expect(await screen.findByText('Choose at least one, or all')).toBeTruthy();
    expect(posts(sent)).toHaveLength(0);
    await user.click(screen.getByText('Validated at every location'));
    await user.click(screen.getByTestId('rol-tab-general'));
    await user.clear(screen.getByTestId('field-name'));
    await user.type(screen.getByTestId('field-name'), 'General admission');
    await user.click(screen.getByTestId('resource-save'));
    await waitFor(() => expect(posts(sent)).toHaveLength(1));
    expect(posts(sent)[0]!.body).toMatchObject({
      rol: {
        id: 1,
        name: 'General admission',
        price: 2000,
        category: 'Standard',
        locationsAvailable: null,
        preTopUpLocationsAvailable: [31],
      },
    });
  }, 40_000);
});
