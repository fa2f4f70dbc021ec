import type { PresenceDetail, PresenceListResult, PresenceSummary } from '@pulsera/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi, installDomShims, renderScreen, type Sent } from '../../../test-utils';
import PresencePage from './presence-page';

beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const summary = (idStaff: number, staff: string, isIntern: boolean, hours: string, nChecks: number) =>
  ({
    idStaff,
    staff,
    user: staff.split(' ')[0]!.toLowerCase(),
    isIntern,
    nChecks,
    hours,
    lastType: nChecks ? 'out' : null,
    lastDate: nChecks ? '2026-07-10T19:15:00.000Z' : null,
    idLastLocation: nChecks ? 71 : null,
    lastLocation: nChecks ? 'Staff entrance' : null,
  }) satisfies PresenceSummary;

const list: PresenceListResult = {
  staff: [
    summary(1, 'Bruno Barman', true, '9:45', 4),
    summary(2, 'Dani Idle', true, 'noChecks', 0),
    summary(3, 'Carla Cashier', false, 'missingCheckOut', 1),
  ],
  locations: [{ id: 71, nombre: 'Staff entrance' }],
};

const record = (id: number, type: 'in' | 'out', at: string) => ({
  id,
  type,
  datePresence: at,
  idController: 9,
  controller: 'Laura Prieto',
  idLocation: 71,
  location: 'Staff entrance',
  idDevice: 4,
  device: 'Office handheld',
  date: at,
  date_update: at,
});
const detail: PresenceDetail = {
  summary: list.staff[0]!,
  records: [
    record(11, 'in', '2026-07-10T08:00:00.000Z'),
    record(12, 'out', '2026-07-10T16:30:00.000Z'),
    record(13, 'in', '2026-07-10T18:00:00.000Z'),
    record(14, 'out', '2026-07-10T19:15:00.000Z'),
  ],
};

function serve() {
  return fakeApi((call) => {
    if (call.method === 'POST') return { body: { error: 0, result: 2 } };
    if (call.url.startsWith('/api/controlPresence/1')) return { body: { error: 0, result: detail } };
    const name = new URL(call.url, 'http://x').searchParams.get('name');
    const staff = name
      ? list.staff.filter((s) => s.staff.toLowerCase().includes(name.toLowerCase()))
      : list.staff;
    return { body: { error: 0, result: { ...list, staff } } };
  });
}
const gets = (sent: Sent[]) =>
  sent.filter((c) => c.method === 'GET' && c.url.startsWith('/api/controlPresence?'));

describe('presence control', () => {
  it('shows internal and external staff apart, hours green when they are a time and red otherwise', async () => {
    serve();
    renderScreen(<PresencePage />);
    const internal = await screen.findByTestId('presence-internal');
    await within(internal).findByText('Bruno Barman');
    expect(within(internal).getByText('Dani Idle')).toBeTruthy();
    expect(within(internal).queryByText('Carla Cashier')).toBeNull();
    const external = screen.getByTestId('presence-external');
    expect(within(external).getByText('Carla Cashier')).toBeTruthy();
    const hours = (table: HTMLElement, name: string) =>
      within(within(table).getByText(name).closest('tr') as HTMLElement).getByTestId('presence-hours');
    expect(hours(internal, 'Bruno Barman').textContent).toBe('9:45');
    expect(hours(internal, 'Bruno Barman').dataset.ok).toBe('true');
    expect(hours(internal, 'Dani Idle').textContent).toBe('No checks');
    expect(hours(internal, 'Dani Idle').dataset.ok).toBe('false');
    expect(hours(external, 'Carla Cashier').textContent).toBe('Check-out missing');
    expect(hours(external, 'Carla Cashier').dataset.ok).toBe('false');
  }, 30_000);

  it('debounces typing in the filter: one request for the whole name', async () => {
    const sent = serve();
    const user = userEvent.setup();
    renderScreen(<PresencePage />);
    await screen.findByText('Bruno Barman');
    await user.type(screen.getByTestId('presence-filter-name'), 'carla');
    await waitFor(() => expect(gets(sent).some((c) => c.url.includes('name=carla'))).toBe(true));
    expect(gets(sent).filter((c) => c.url.includes('name='))).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Bruno Barman')).toBeNull());
    await user.click(screen.getByTestId('presence-filter-actions'));
    await waitFor(() => expect(gets(sent).some((c) => c.url.includes('withActions=1'))).toBe(true));
  }, 30_000);

  it('collects deletions in the detail and saves them together, after the confirmation', async () => {
    const sent = serve();
    const user = userEvent.setup();
    renderScreen(<PresencePage />);
    await user.click(await screen.findByText('Bruno Barman'));
    const panel = await screen.findByTestId('presence-detail');
    // The filter shows only while nothing is selected.
    expect(screen.queryByTestId('presence-filter')).toBeNull();
    const toggles = await within(panel).findAllByTestId('presence-record-toggle');
    expect(toggles).toHaveLength(4);
    await user.click(toggles[2]!);
    await user.click(toggles[3]!);
    await user.click(toggles[3]!); // changed their mind
    await user.click(toggles[3]!);
    expect(within(panel).getByTestId('presence-marked').textContent).toBe('Marked for deletion: 2');
    await user.click(within(panel).getByTestId('presence-save'));
    await user.click(await screen.findByTestId('confirm-yes'));
    await waitFor(() => expect(sent.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(sent.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/controlPresence/delete',
      body: { idControls: [13, 14] },
    });
    await waitFor(() =>
      expect(within(panel).getByTestId('presence-marked').textContent).toBe('Marked for deletion: 0'),
    );
  }, 30_000);
});
