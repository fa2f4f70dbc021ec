import type { KitchensResult } from '@pulsera/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi, installDomShims, renderScreen } from '../../../test-utils';
import KitchensPage from './kitchens-page';

beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const result: KitchensResult = {
  kitchens: [
    {
      id: 9,
      name: 'Main kitchen',
      idLocation: 2,
      printers: [{ id: 31, name: 'Hot line', ip: '192.168.1.50' }],
      rooms: [4, 5],
      date_update: '2026-07-01T10:00:00.000Z',
    },
  ],
  locations: [{ id: 2, name: 'Grill' }],
  rooms: [
    { id: 4, name: 'Terrace' },
    { id: 5, name: 'VIP lounge' },
  ],
};

describe('the kitchens screen', () => {
  it('lists location and rooms by name, and edits the printers in the sub-form before saving', async () => {
    const sent = fakeApi((call) =>
      call.method === 'GET'
        ? { body: { error: 0, result } }
        : {
            body: {
              error: 0,
              result: { ...result.kitchens[0], ...(call.body as { kitchen: object }).kitchen },
            },
          },
    );
    const user = userEvent.setup();
    renderScreen(<KitchensPage />);
    const row = (await screen.findByText('Main kitchen')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Grill')).toBeTruthy();
    expect(within(row).getByText('Terrace, VIP lounge')).toBeTruthy();
    await user.click(row);

    const printers = await screen.findByTestId('kitchen-printers');
    // Delete the printer: the empty message shows.
    await user.click(within(printers).getByLabelText('Delete'));
    expect(within(printers).getByTestId('printers-empty')).toBeTruthy();

    // Name and ip are required; the ip must be valid.
    await user.click(within(printers).getByTestId('printer-submit'));
    expect(within(printers).getAllByText('Required field')).toHaveLength(2);
    await user.type(within(printers).getByTestId('printer-name'), 'Desserts');
    await user.type(within(printers).getByTestId('printer-ip'), '10.0.0.300');
    await user.click(within(printers).getByTestId('printer-submit'));
    expect(within(printers).getByText('Invalid IP address')).toBeTruthy();
    await user.clear(within(printers).getByTestId('printer-ip'));
    await user.type(within(printers).getByTestId('printer-ip'), '10.0.0.9');
    await user.click(within(printers).getByTestId('printer-submit'));
    expect(within(printers).getByText('Desserts')).toBeTruthy();

    // Select it and change it.
    await user.click(within(printers).getByText('Desserts'));
    const name = within(printers).getByTestId('printer-name') as HTMLInputElement;
    expect(name.value).toBe('Desserts');
    await user.clear(name);
    await user.type(name, 'Pastry');
    await user.click(within(printers).getByTestId('printer-submit'));
    expect(within(printers).getByText('Pastry')).toBeTruthy();

    await user.click(screen.getByTestId('resource-save'));
    await waitFor(() => expect(sent.some((c) => c.method === 'PATCH')).toBe(true));
    expect(sent.find((c) => c.method === 'PATCH')).toMatchObject({
      url: '/api/kitchens',
      body: {
        kitchen: {
          id: 9,
          name: 'Main kitchen',
          idLocation: 2,
          printers: [{ name: 'Pastry', ip: '10.0.0.9' }],
          rooms: [4, 5],
        },
      },
    });
  }, 30_000);
});
