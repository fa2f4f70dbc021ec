import type { Room } from '@pulsera/contracts';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi, installDomShims, renderScreen } from '../../../test-utils';
import RoomsPage from './rooms-page';

beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const room = (id: number, idUniqueEvent: number, name: string): Room => ({
  id,
  idUniqueEvent,
  name,
  date_update: '2026-07-01T10:00:00.000Z',
});

describe('the rooms screen', () => {
  it('shows the next number for a new room and prepares a fresh new room after a save', async () => {
    const rooms = [room(11, 1, 'Terrace'), room(12, 2, 'VIP lounge')];
    const sent = fakeApi((call) => {
      if (call.method === 'POST') {
        const { name } = (call.body as { room: { name: string } }).room;
        const saved = room(20 + rooms.length, rooms.length + 1, name);
        rooms.push(saved);
        return { body: { error: 0, result: saved } };
      }
      return { body: { error: 0, result: rooms } };
    });
    const user = userEvent.setup();
    renderScreen(<RoomsPage />);
    expect(await screen.findByText('VIP lounge')).toBeTruthy();

    await user.click(screen.getByTestId('resource-new'));
    expect((screen.getByTestId('room-number') as HTMLInputElement).value).toBe('3');
    const name = screen.getByTestId('field-name') as HTMLInputElement;
    await user.type(name, 'AB');
    await user.click(screen.getByTestId('resource-save'));
    expect(await screen.findByText('Minimum 3 characters')).toBeTruthy();
    expect(sent.some((c) => c.method === 'POST')).toBe(false);

    await user.type(name, 'C hall');
    await user.click(screen.getByTestId('resource-save'));
    await waitFor(() => expect(sent.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(sent.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/rooms',
      body: { room: { name: 'ABC hall' } },
    });

    // The list reloads, and the detail is a fresh new room numbered after it.
    expect(await screen.findByText('ABC hall')).toBeTruthy();
    await waitFor(() => expect((screen.getByTestId('room-number') as HTMLInputElement).value).toBe('4'));
    expect((screen.getByTestId('field-name') as HTMLInputElement).value).toBe('');
    expect(screen.getByText('New room')).toBeTruthy();
  }, 30_000);
});
