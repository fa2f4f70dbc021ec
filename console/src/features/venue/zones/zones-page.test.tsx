import type { Zone } from '@pulsera/contracts';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi, installDomShims, renderScreen } from '../../../test-utils';
import ZonesPage from './zones-page';

beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const arena: Zone = {
  id: 3,
  idUnique: 1,
  name: 'Arena',
  modeDoubleIn: 'W',
  idZoneParent: null,
  capacity: 500,
  noCheckCapacity: 10,
  resetCapacity: 0,
  resetHour: '00:00:00',
  denyWrite: 0,
  date_update: '2026-07-01T10:00:00.000Z',
};

describe('the zones screen', () => {
  it('clamps capacity and noCheckCapacity up to their minimums when the field is left (02-catalogue §5)', async () => {
    const sent = fakeApi((call) =>
      call.method === 'POST' ? { body: { error: 0, result: 4 } } : { body: { error: 0, result: [arena] } },
    );
    const user = userEvent.setup();
    renderScreen(<ZonesPage />);
    expect(await screen.findByText('Arena')).toBeTruthy();

    await user.click(screen.getByTestId('resource-new'));
    await user.type(screen.getByTestId('field-name'), 'Terrace');
    await user.click(screen.getByLabelText('Capacity control'));
    const capacity = screen.getByTestId('field-capacity') as HTMLInputElement;
    const noCheck = screen.getByTestId('field-noCheckCapacity') as HTMLInputElement;

    // Below the minimum is accepted while typing, then raised on leaving the field: never refused.
    await user.type(capacity, '0');
    expect(capacity.value).toBe('0');
    await user.click(noCheck);
    expect(capacity.value).toBe('1');
    await user.clear(noCheck);
    await user.type(noCheck, '-3');
    await user.tab();
    expect(noCheck.value).toBe('0');
    expect(screen.queryByText('Min 1')).toBeNull();

    await user.click(screen.getByTestId('resource-save'));
    await waitFor(() => expect(sent.some((c) => c.method === 'POST')).toBe(true));
    expect(sent.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/zones',
      body: { zone: { name: 'Terrace', capacity: 1, noCheckCapacity: 0 } },
    });
  }, 30_000);

  it('still requires a capacity when capacity control is on', async () => {
    const sent = fakeApi(() => ({ body: { error: 0, result: [arena] } }));
    const user = userEvent.setup();
    renderScreen(<ZonesPage />);
    await user.click(await screen.findByTestId('resource-new'));
    await user.type(screen.getByTestId('field-name'), 'Gallery');
    await user.click(screen.getByLabelText('Capacity control'));
    await user.click(screen.getByTestId('resource-save'));
    expect(await screen.findByText('Required field')).toBeTruthy();
    expect(sent.some((c) => c.method === 'POST')).toBe(false);
  }, 30_000);

  it('shows and saves the zone’s deny-write switch (02-catalogue §3 denyWrite)', async () => {
    const sent = fakeApi((call) =>
      call.method === 'POST' ? { body: { error: 0, result: 3 } } : { body: { error: 0, result: [arena] } },
    );
    const user = userEvent.setup();
    renderScreen(<ZonesPage />);
    await user.click(await screen.findByText('Arena'));
    const write = await screen.findByLabelText('Terminals here write nothing on wristbands');
    expect((write as HTMLInputElement).checked).toBe(false);
    await user.click(write);
    await user.click(screen.getByTestId('resource-save'));
    await waitFor(() => expect(sent.some((c) => c.method === 'POST')).toBe(true));
    expect(sent.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/zones',
      body: { zone: { id: 3, name: 'Arena', denyWrite: 1 } },
    });
  }, 30_000);
});
