import { type CapacityLogResult, type CapacityZoneResult, PERMISSIONS } from '@pulsera/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screenPath } from '../../../lib/screen-paths';
import { session } from '../../../lib/session';
import { fakeApi, installDomShims, renderScreen, signInForTest } from '../../../test-utils';
import CapacitiesPage from './capacities-page';

beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  session.signOut();
});

const zones: CapacityZoneResult = {
  date: '2026-07-10T20:00:00.000Z',
  zones: [
    {
      id: 1,
      name: 'Festival grounds',
      idZoneParent: null,
      capacity: 150,
      noCheckCapacity: 10,
      resetCapacity: 1,
      resetHour: '10:00:00',
      since: '2026-07-10T08:00:00.000Z',
      entries: 130,
      exits: 9,
      occupancy: 121,
      deniedFull: 0,
    },
    {
      id: 2,
      name: 'VIP area',
      idZoneParent: 1,
      capacity: 15,
      noCheckCapacity: 0,
      resetCapacity: 1,
      resetHour: '10:00:00',
      since: '2026-07-10T08:00:00.000Z',
      entries: 20,
      exits: 5,
      occupancy: 15,
      deniedFull: 3,
    },
  ],
};
const log: CapacityLogResult = {
  dateStart: '2026-07-10T08:00:00.000Z',
  dateEnd: '2026-07-10T20:00:00.000Z',
  slotMinutes: 5,
  zones: [
    { id: 1, name: 'Festival grounds', capacity: 150 },
    { id: 2, name: 'VIP area', capacity: 15 },
  ],
  points: [
    { date: '2026-07-10T19:50:00.000Z', idZone: 1, occupancy: 110 },
    { date: '2026-07-10T19:50:00.000Z', idZone: 2, occupancy: 12 },
    { date: '2026-07-10T19:55:00.000Z', idZone: 1, occupancy: 118 },
    { date: '2026-07-10T19:55:00.000Z', idZone: 2, occupancy: 14 },
  ],
};

function serve(initial: 0 | 1) {
  let capacityLog = initial;
  const sent = fakeApi(({ method, url, body }) => {
    if (url.startsWith('/api/capacity/event') && method === 'POST') {
      capacityLog = (body as { featureToggle: { capacityLog: 0 | 1 } }).featureToggle.capacityLog;
      return { body: { error: 0, result: { capacityLog } } };
    }
    if (url.startsWith('/api/capacity/event')) return { body: { error: 0, result: { capacityLog } } };
    if (url.startsWith('/api/capacity/zone')) return { body: { error: 0, result: zones } };
    if (url.startsWith('/api/capacity/log')) return { body: { error: 0, result: log } };
    if (url.startsWith('/api/filters'))
      return {
        body: {
          error: 0,
          result: {
            event: {
              start: '2026-07-09T14:00:00.000Z',
              end: '2026-07-12T04:00:00.000Z',
              timezone: 'Europe/Madrid',
              offset: 6,
            },
          },
        },
      };
    return { status: 404, body: { error: 404, description: 'not found' } };
  });
  return sent;
}

describe('capacities screen', () => {
  it('shows each zone’s people inside, capacity and refusals; real-time hidden while the log is off', async () => {
    signInForTest({ permissions: [PERMISSIONS.capacity, PERMISSIONS.edicionDeEventos] });
    serve(0);
    renderScreen(<CapacitiesPage />, screenPath('capacities'));
    const table = await screen.findByTestId('capacity-zones-table');
    await waitFor(() => expect(within(table).getByText('Festival grounds › VIP area')).toBeTruthy());
    const vip = within(table).getByText('Festival grounds › VIP area').closest('tr')!;
    expect(within(vip).getByText('100%')).toBeTruthy();
    // 121 of 150: a percentage with up to 2 decimals (01-console §9), not rounded to a whole one.
    const grounds = within(table).getByText('Festival grounds').closest('tr')!;
    expect(within(grounds).getByText('80.67%')).toBeTruthy();
    expect(within(vip).getByText('3')).toBeTruthy();
    expect(screen.getByTestId('stat-inside').textContent).toContain('121');
    expect(screen.getByTestId('capacity-tab-zones')).toBeTruthy();
    expect(screen.getByTestId('capacity-tab-config')).toBeTruthy();
    expect(screen.queryByTestId('capacity-tab-realtime')).toBeNull();
  }, 15_000);

  it('switching the log on from the config tab shows the real-time tab with the logged points', async () => {
    signInForTest({ permissions: [PERMISSIONS.capacity, PERMISSIONS.edicionDeEventos] });
    const sent = serve(0);
    renderScreen(<CapacitiesPage />, screenPath('capacities'));
    await userEvent.click(await screen.findByTestId('capacity-tab-config'));
    const toggle = await screen.findByTestId('capacity-log-toggle');
    await userEvent.click(toggle);
    await waitFor(() =>
      expect(sent.some((c) => c.method === 'POST' && c.url.startsWith('/api/capacity/event'))).toBe(true),
    );
    expect(sent.find((c) => c.method === 'POST')!.body).toEqual({ featureToggle: { capacityLog: 1 } });
    await userEvent.click(await screen.findByTestId('capacity-tab-realtime'));
    const logTable = await screen.findByTestId('capacity-log-table');
    await waitFor(() => expect(within(logTable).getByText('118')).toBeTruthy());
    expect(within(logTable).getByText('VIP area (15)')).toBeTruthy();
    expect(screen.getByTestId('capacity-log-chart')).toBeTruthy();
  }, 15_000);

  it('an event editor without the capacity permission sees only the configuration', async () => {
    signInForTest({ permissions: [PERMISSIONS.edicionDeEventos] });
    serve(1);
    renderScreen(<CapacitiesPage />, screenPath('capacities'));
    const config = await screen.findByTestId('capacity-config-table');
    await waitFor(() => expect(within(config).getAllByText('10:00')).toHaveLength(2));
    expect(screen.queryByTestId('capacity-tab-zones')).toBeNull();
    expect(screen.queryByTestId('capacity-tab-realtime')).toBeNull();
    expect(screen.getByTestId('capacity-tab-config')).toBeTruthy();
  }, 15_000);

  it('a holder of capacity alone has no configuration tab', async () => {
    signInForTest({ permissions: [PERMISSIONS.capacity] });
    serve(1);
    renderScreen(<CapacitiesPage />, screenPath('capacities'));
    await screen.findByTestId('capacity-tab-realtime');
    expect(screen.queryByTestId('capacity-tab-config')).toBeNull();
  });
});
