import type { GatesResult } from '@pulsera/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installErrorHandler } from '../../../lib/error-dialogs';
import { fakeApi, installDomShims, renderScreen } from '../../../test-utils';
import GatesPage from './gates-page';

beforeAll(() => {
  installDomShims();
  // jsdom has no scrollIntoView (a select scrolls its list to the chosen option).
  Element.prototype.scrollIntoView ??= () => {};
  // The app's error dialogs (01-console §8), as the providers install them.
  installErrorHandler();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const result: GatesResult = {
  gates: [
    {
      id: 7,
      name: 'North gate',
      idZoneFrom: null,
      idZoneTo: 1,
      idLocation: 4,
      direction: 'in',
      active: 1,
      date_update: '2026-07-01T10:00:00.000Z',
    },
  ],
  zones: [
    { id: 1, name: 'Grounds' },
    { id: 2, name: 'VIP area' },
  ],
  locations: [{ id: 4, name: 'Ticket desk' }],
};

/** Opens a select and picks an option of its own list (closed lists stay in the page, hidden). */
async function pick(user: ReturnType<typeof userEvent.setup>, field: string, name: string) {
  const input = screen.getByTestId(`field-${field}`);
  await user.click(input);
  const list = await waitFor(() => document.getElementById(input.getAttribute('aria-controls') ?? '')!);
  await user.click(within(list).getByRole('option', { name, hidden: true }));
}

describe('the gates screen', () => {
  it('lists where each gate leads by name, and creates a gate from one zone into another', async () => {
    const sent = fakeApi((call) =>
      call.method === 'POST'
        ? { body: { error: 0, result: { ...result.gates[0], id: 8 } } }
        : { body: { error: 0, result } },
    );
    const user = userEvent.setup();
    renderScreen(<GatesPage />);
    const row = (await screen.findByText('North gate')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Outside')).toBeTruthy();
    expect(within(row).getByText('Grounds')).toBeTruthy();

    await user.click(screen.getByTestId('resource-new'));
    await user.type(screen.getByTestId('field-name'), 'VIP door');
    // The zone it leads to is required; the same zone both ways is refused.
    await user.click(screen.getByTestId('resource-save'));
    expect(await screen.findByText('Required field')).toBeTruthy();
    await pick(user, 'idZoneFrom', 'Grounds');
    await pick(user, 'idZoneTo', 'Grounds');
    await user.click(screen.getByTestId('resource-save'));
    expect(
      await screen.findByText('The zone it leads to must differ from the zone it leads from'),
    ).toBeTruthy();
    expect(sent.some((c) => c.method === 'POST')).toBe(false);

    await pick(user, 'idZoneTo', 'VIP area');
    await pick(user, 'idLocation', 'Ticket desk');
    await user.click(screen.getByTestId('resource-save'));
    await waitFor(() => expect(sent.some((c) => c.method === 'POST')).toBe(true));
    expect(sent.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/gates',
      body: {
        gate: { name: 'VIP door', idZoneFrom: 1, idZoneTo: 2, idLocation: 4, direction: 'both', active: 1 },
      },
    });
  }, 30_000);

  it('shows the server’s refusal to delete a gate a location validates access through', async () => {
    const sent = fakeApi((call) =>
      call.method === 'DELETE'
        ? {
            status: 409,
            body: {
              error: 1305,
              description: 'This gate cannot be deleted: a location validates access through it',
            },
          }
        : { body: { error: 0, result } },
    );
    const user = userEvent.setup();
    renderScreen(<GatesPage />);
    await user.click(await screen.findByText('North gate'));
    const detail = await screen.findByTestId('resource-detail');
    await user.click(within(detail).getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByTestId('confirm-yes'));
    expect(
      await screen.findByText('This gate cannot be deleted: a location validates access through it'),
    ).toBeTruthy();
    expect(sent.find((c) => c.method === 'DELETE')).toMatchObject({ url: '/api/gates/7' });
    // The gate is still listed.
    expect(screen.getAllByText('North gate').length).toBeGreaterThan(0);
  }, 30_000);
});
