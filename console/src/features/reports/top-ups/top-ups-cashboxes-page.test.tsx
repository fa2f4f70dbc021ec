import { PERMISSIONS } from '@pulsera/contracts';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import { fakeApi, installDomShims, renderScreen, signInForTest } from '../../../test-utils';
import TopUpsCashboxesPage from './top-ups-cashboxes-page';

beforeAll(installDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  session.signOut();
});

const calendar = {
  event: { start: '2026-07-10T12:00:00Z', end: '2026-07-13T04:00:00Z', timezone: 'Europe/Madrid', offset: 6 },
};
const ok = (result: unknown) => ({ body: { error: 0, result } });
const box = {
  count: 3,
  cashIn: 0,
  cashOut: 0,
  cardIn: 0,
  cardOut: 0,
  otherIn: 0,
  otherOut: 0,
  fee: 0,
  first: '2026-07-10T18:00:00.000Z',
  last: '2026-07-10T19:00:00.000Z',
};

describe('TopUpsCashboxesPage', () => {
  it('says why its card total differs from the quick dashboard and names the operations without staff', async () => {
    signInForTest({ permissions: [PERMISSIONS.cajas] });
    fakeApi(({ url }) => {
      if (url.includes('/filters')) return ok(calendar);
      if (url.includes('/reports/cashboxes'))
        return ok({
          rows: [
            { ...box, idStaff: 3, staffName: 'Anna Kiosk', idDevice: 8, deviceName: 'PDA 8', cardIn: 9600 },
            { ...box, idStaff: null, staffName: null, idDevice: 9, deviceName: 'Kiosk 9', cashOut: 399 },
          ],
        });
      return { status: 404, body: { error: 404, description: 'unexpected' } };
    });
    renderScreen(<TopUpsCashboxesPage />);
    await waitFor(() => expect(screen.getByTestId('stat-card').textContent).toContain('96.00'));
    // Issue 16 item 8: the difference with the dashboard's card line is said in words.
    expect(screen.getByTestId('stat-card-note').textContent).toBe(
      "Every card payment taken at the terminals (top-ups, add-ons and other charges) less card refunds; the quick dashboard's card line counts top-ups only.",
    );
    expect(await screen.findByText('No staff signed in')).toBeTruthy();
    expect(screen.getByTestId('cashboxes-no-staff-note').textContent).toContain('self-service kiosks');
  }, 30_000);
});
