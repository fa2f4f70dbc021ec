import type { AddonStatsResult } from '@pulsera/contracts';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { session } from '../../lib/session';
import { catchDownloads, fakeApi, installDomShims, renderScreen } from '../../test-utils';
import AddonReportPage from './addon-report-page';

beforeAll(async () => {
  installDomShims();
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
    ],
  },
  addonLogs: 6,
  filters: { addons: [{ id: 4, name: 'Camping pack' }], staffs: [{ id: 11, name: 'Anna Bar' }] },
};
const calendar = {
  event: {
    start: '2026-07-10T10:00:00.000Z',
    end: '2026-07-12T20:00:00.000Z',
    timezone: 'Europe/Madrid',
    offset: 6,
  },
  staffs: [{ id: 11, name: 'Anna Bar', intern: 1 }],
  addons: [{ id: 4, name: 'Camping pack' }],
};

describe('the add-on report download', () => {
  it('downloads an add-on’s table as xlsx with the event, its rows and the add-on’s totals', async () => {
    session.signIn(
      {
        id: 1,
        email: 'admin@demo.test',
        name: 'Admin',
        mustChangePassword: false,
        neverChangedPassword: false,
        isAdmin: true,
        isSuperAdmin: false,
        isMegaAdmin: false,
        isUsersAdmin: false,
      },
      'token',
    );
    session.selectEvent(
      { id: 1, nombre: 'Sonora', token: 'ev', zona_horaria: 'Europe/Madrid', currency: null },
      null,
    );
    fakeApi(({ url }) => ({ body: { error: 0, result: url.startsWith('/api/filters') ? calendar : stats } }));
    const downloads = catchDownloads();
    renderScreen(<AddonReportPage />);
    await userEvent.click(await screen.findByTestId('addon-stats-download-4'));
    await waitFor(() => expect(downloads.count()).toBe(1));
    const sheet = await downloads.lastSheet();
    expect(sheet[0]![0]).toBe('Add-on report · Camping pack');
    expect(sheet).toContainEqual(['Event', 'Sonora']);
    expect(sheet.slice(sheet.findIndex((r) => r[0] === 'Staff name'))).toEqual([
      ['Staff name', 'Manuals', 'Sales', 'Validations'],
      ['Anna Bar', 1, 2, 0],
      ['#99', 0, 1, 0],
      ['Without staff', 0, 0, 2],
      ['Total', 1, 3, 2],
    ]);
  }, 30_000);
});
