import type { TicketFound, TicketSearchResult } from '@pulsera/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import { fakeApi, installDomShims, renderScreen, signInForTest } from '../../../test-utils';
import SearchPage from './search-page';

beforeAll(installDomShims);
beforeEach(() => signInForTest({ admin: true }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  session.signOut();
});

const scan = (id: number, date: string, repeated: boolean) => ({
  id,
  code: 'TK-GEN-001',
  date,
  repeated,
  idRol: 1,
  rol: 'General',
  idStaff: 4,
  staff: 'Gina Gate',
  idLocation: 51,
  location: 'North gate',
  device: 'SIM42-PDA-51-1',
  rfid: '04AABBCCDD0011',
  customer: 'Ana Ruiz',
});

function serve() {
  let validations = [scan(12, '2026-07-10T17:40:00.000Z', true), scan(11, '2026-07-10T17:00:00.000Z', false)];
  const ticket = (): TicketFound => ({
    id: 5,
    code: 'TK-GEN-001',
    idRol: 1,
    rol: 'General',
    validated: validations.length ? 1 : 0,
    cancelled: 0,
    dateValidation: validations.length ? validations[validations.length - 1]!.date : null,
    customer: 'Ana Ruiz',
    email: 'ana@example.com',
    localizer: 'LOCA1',
    rfid: validations.length ? '04AABBCCDD0011' : null,
    validations,
    gates: 1,
  });
  return fakeApi(({ method, url }) => {
    if (method === 'DELETE' && url.startsWith('/api/ticketing/validation')) {
      const id = Number(new URL(url, 'http://x').searchParams.get('id'));
      validations = validations.filter((v) => v.id !== id).map((v) => ({ ...v, repeated: false }));
      return {
        body: { error: 0, result: { id, code: 'TK-GEN-001', validated: validations.length ? 1 : 0 } },
      };
    }
    if (url.startsWith('/api/reports/tickets/search')) {
      const result: TicketSearchResult = { tickets: [ticket()], more: false };
      return { body: { error: 0, result } };
    }
    return { status: 404, body: { error: 404, description: 'not found' } };
  });
}

describe('ticket search', () => {
  it('finds a ticket with its validations and deletes one after confirming', async () => {
    const sent = serve();
    renderScreen(<SearchPage />);
    await userEvent.type(await screen.findByTestId('ticket-search'), 'tk-gen');
    const card = await screen.findByTestId('ticket-TK-GEN-001');
    expect(within(card).getByText('Validated')).toBeTruthy();
    expect(within(card).getByText('ana@example.com')).toBeTruthy();
    expect(sent.some((c) => c.url.includes('query=tk-gen'))).toBe(true);

    // Back: nothing is deleted.
    await userEvent.click(within(card).getByTestId('delete-validation-11'));
    await userEvent.click(await screen.findByRole('button', { name: 'Back' }));
    expect(sent.some((c) => c.method === 'DELETE')).toBe(false);

    await userEvent.click(within(card).getByTestId('delete-validation-11'));
    expect(await screen.findByText(/the ticket becomes valid for entry again/)).toBeTruthy();
    await userEvent.click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(sent.some((c) => c.method === 'DELETE')).toBe(true));
    expect(sent.find((c) => c.method === 'DELETE')!.url).toBe('/api/ticketing/validation?id=11');
    await waitFor(() => expect(screen.queryByTestId('delete-validation-11')).toBeNull());
    expect(screen.getByTestId('delete-validation-12')).toBeTruthy();

    await userEvent.click(screen.getByTestId('delete-validation-12'));
    await userEvent.click(await screen.findByTestId('confirm-yes'));
    await waitFor(() => expect(screen.getByTestId('ticket-state').textContent).toBe('Not validated'));
    expect(screen.getByText('Not validated yet')).toBeTruthy();
  }, 20_000);
});
