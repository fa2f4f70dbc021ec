import type { AddonStatsResult } from '@pulsera/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { session } from '../../../lib/session';
import {
  catchDownloads,
  fakeApi,
  installDomShims,
  renderScreen,
  signInForTest,
  tableFrom,
} from '../../../test-utils';
import AddonReportPage from './addon-report-page';
import { AddonStats, dayWindow, rangeInvalid } from './addon-stats';
import AddonsPage from './addons-page';

beforeAll(async () => {
  installDomShims();
  // jsdom has no scrollIntoView (a select scrolls to its chosen option).
  Element.prototype.scrollIntoView ??= () => {};
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  session.signOut();
});

const stats: AddonStatsResult = {
  reports: {
    addons: [
      {
        id: 4,
        name: 'Camping pack',
        color: '#2f9e44',
        manuals: 1,
        sales: 3,
        validations: 2,
        staff: [
          { staffId: 11, staffName: 'Anna Bar', manuals: 1, sales: 2, validations: 0 },
          { staffId: 99, staffName: null, manuals: 0, sales: 1, validations: 0 },
          { staffId: null, staffName: null, manuals: 0, sales: 0, validations: 2 },
        ],
      },
      {
        id: 9,
        name: null,
        color: null,
        manuals: 0,
        sales: 1,
        validations: 0,
        staff: [{ staffId: 12, staffName: 'Bruno Gate', manuals: 0, sales: 1, validations: 0 }],
      },
    ],
  },
  addonLogs: 7,
  filters: { addons: [{ id: 4, name: 'Camping pack' }], staffs: [{ id: 11, name: 'Anna Bar' }] },
};
const empty: AddonStatsResult = { ...stats, reports: { addons: [] }, addonLogs: 0 };

/** The report screen's filter bar asks GET /filters; the statistics calls get `result`. */
const withFilters = (result: AddonStatsResult) => (call: { url: string }) =>
  call.url.startsWith('/api/filters')
    ? {
        body: {
          error: 0,
          result: {
            event: {
              start: '2026-07-10T10:00:00.000Z',
              end: '2026-07-12T20:00:00.000Z',
              timezone: 'Europe/Madrid',
              offset: 6,
            },
            staffs: [{ id: 11, name: 'Anna Bar', intern: 1 }],
            addons: [{ id: 4, name: 'Camping pack' }],
          },
        },
      }
    : { body: { error: 0, result } };
const statsCalls = (sent: { url: string }[]) => sent.filter((s) => !s.url.startsWith('/api/filters'));

/** An option of the open select's dropdown (jsdom leaves them out of the accessibility tree). */
const option = (name: string) =>
  waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('[data-combobox-option]')].find(
      (o) => o.textContent === name,
    );
    if (!found) throw new Error(`no option ${name}`);
    return found;
  });

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('the add-on statistics', { timeout: 30_000 }, () => {
  it('shows one table per add-on with each staff member and the totals (report screen)', async () => {
    const sent = fakeApi(withFilters(stats));
    renderScreen(<AddonReportPage />);
    const camping = await screen.findByTestId('addon-stats-table-4');
    expect(within(camping).getByRole('heading', { name: 'Camping pack' })).toBeTruthy();
    expect(
      within(camping)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Staff name', 'Manuals', 'Sales', 'Validations']);
    const rows = within(camping).getAllByRole('row').slice(1);
    expect(rows.map(cells)).toEqual([
      ['Anna Bar', '1', '2', '0'],
      ['#99', '0', '1', '0'],
      ['Without staff', '0', '0', '2'],
      ['Total', '1', '3', '2'],
    ]);
    const deleted = screen.getByTestId('addon-stats-table-9');
    expect(within(deleted).getByRole('heading', { name: 'Add-on #9 (deleted)' })).toBeTruthy();
    expect(screen.getByText('Add-on operations: 7')).toBeTruthy();
    // The report screen asks the report's call, with no filter until dates are chosen.
    expect(statsCalls(sent).map((s) => s.url)).toEqual(['/api/reports/overviewAddonLog']);
  });

  it('downloads an add-on’s table as xlsx with the event, its rows and the add-on’s totals', async () => {
    signInForTest({ admin: true });
    fakeApi(withFilters(stats));
    const downloads = catchDownloads();
    renderScreen(<AddonReportPage />);
    const sheet = await downloads.download(await screen.findByTestId('addon-stats-download-4'));
    expect(sheet[0]![0]).toBe('Add-on report · Camping pack');
    expect(sheet).toContainEqual(['Event', 'Sonora']);
    expect(tableFrom(sheet, 'Staff name')).toEqual([
      ['Staff name', 'Manuals', 'Sales', 'Validations'],
      ['Anna Bar', 1, 2, 0],
      ['#99', 0, 1, 0],
      ['Without staff', 0, 0, 2],
      ['Total', 1, 3, 2],
    ]);
  });

  it('says so when no add-on operation matches, and passes the filters to the server', async () => {
    const sent = fakeApi(() => ({ body: { error: 0, result: empty } }));
    renderScreen(
      <AddonStats
        source="addon"
        filters={{ dateStart: '2026-07-09T22:00:00.000Z', dateEnd: '2026-07-11T22:00:00.000Z', idAddon: 4 }}
      />,
    );
    expect((await screen.findByTestId('addon-stats-empty')).textContent).toBe(
      'No add-on operations match these filters',
    );
    expect(sent.map((s) => decodeURIComponent(s.url))).toEqual([
      '/api/addon/stats?dateStart=2026-07-09T22:00:00.000Z&dateEnd=2026-07-11T22:00:00.000Z&idAddon=4',
    ]);
  });

  it('the report takes the festival day (shifted by the event offset) and the add-on of the filter bar', async () => {
    const sent = fakeApi(withFilters(empty));
    renderScreen(<AddonReportPage />);
    await screen.findByTestId('addon-stats-empty');
    const user = userEvent.setup();
    await user.click(screen.getByTestId('filter-day'));
    await user.click(await option('Sat 11 Jul 2026'));
    // 11 July 06:00 to 12 July 06:00 in Madrid (offset 6 hours).
    await waitFor(() =>
      expect(decodeURIComponent(statsCalls(sent).at(-1)!.url)).toBe(
        '/api/reports/overviewAddonLog?dateStart=2026-07-11T04:00:00.000Z&dateEnd=2026-07-12T04:00:00.000Z',
      ),
    );
    await user.click(screen.getByTestId('filter-addon'));
    await user.click(await option('Camping pack'));
    await waitFor(() =>
      expect(decodeURIComponent(statsCalls(sent).at(-1)!.url)).toBe(
        '/api/reports/overviewAddonLog?dateStart=2026-07-11T04:00:00.000Z&dateEnd=2026-07-12T04:00:00.000Z&idAddon=4',
      ),
    );
  });

  it('the add-ons screen shows the statistics in their own tab, filtered by staff and add-on', async () => {
    const sent = fakeApi(({ url }) =>
      url.startsWith('/api/addon/stats')
        ? { body: { error: 0, result: stats } }
        : { body: { error: 0, result: { addons: [], articles: [], flags: [] } } },
    );
    renderScreen(<AddonsPage />);
    await screen.findByRole('heading', { name: 'Add-ons' });
    // Nothing is asked for the statistics until their tab is opened.
    expect(sent.map((s) => s.url)).toEqual(['/api/addon']);
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Statistics' }));
    expect(await screen.findByTestId('addon-stats-table-4')).toBeTruthy();
    await user.click(screen.getByTestId('addon-stats-staff'));
    await user.click(await option('Anna Bar'));
    await user.click(screen.getByTestId('addon-stats-addon'));
    await user.click(await option('Camping pack'));
    await waitFor(() => expect(sent.at(-1)!.url).toBe('/api/addon/stats?idStaff=11&idAddon=4'));
  });

  it('turns chosen days into the UTC window of whole days in the event time zone', () => {
    expect(dayWindow({ from: '2026-07-10', to: '2026-07-11' }, 'Europe/Madrid')).toEqual({
      dateStart: '2026-07-09T22:00:00.000Z',
      dateEnd: '2026-07-11T22:00:00.000Z',
    });
    expect(dayWindow({ from: null, to: '2026-01-31' }, 'America/New_York')).toEqual({
      dateEnd: '2026-02-01T05:00:00.000Z',
    });
    expect(rangeInvalid({ from: '2026-07-11', to: '2026-07-10' })).toBe(true);
    expect(dayWindow({ from: '2026-07-11', to: '2026-07-10' }, 'Europe/Madrid')).toEqual({});
  });
});
