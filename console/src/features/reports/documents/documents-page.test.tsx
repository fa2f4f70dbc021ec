import { PERMISSIONS } from '@pulsera/contracts';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session';
import { fakeApi, installDomShims, renderScreen, signInForTest } from '../../../test-utils';
import DocumentsPage from './documents-page';

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

describe('DocumentsPage', () => {
  it('shows only the documents the user may download and loads only the open one', async () => {
    signInForTest({ permissions: [PERMISSIONS.reportsStaff, PERMISSIONS.tickets] });
    const sent = fakeApi(({ url }) => {
      if (url.includes('/filters')) return ok(calendar);
      if (url.includes('/documents/staff-cash-up'))
        return ok({
          rows: [
            {
              idStaff: 3,
              staff: 'Anna Kiosk',
              intern: 1,
              operations: 4,
              cashIn: 5000,
              cashOut: 1000,
              cardIn: 2100,
              cardOut: 0,
              otherIn: 0,
              otherOut: 0,
              fee: 100,
              cashToHandIn: 4000,
              salesOrders: 0,
              salesAmount: 0,
              salesS: 0,
              salesB: 0,
              salesT: 0,
              salesO: 0,
            },
            // Refunds at a kiosk with no staff member signed in.
            {
              idStaff: null,
              staff: null,
              intern: null,
              operations: 2,
              cashIn: 0,
              cashOut: 700,
              cardIn: 0,
              cardOut: 0,
              otherIn: 0,
              otherOut: 0,
              fee: 0,
              cashToHandIn: -700,
              salesOrders: 0,
              salesAmount: 0,
              salesS: 0,
              salesB: 0,
              salesT: 0,
              salesO: 0,
            },
          ],
        });
      if (url.includes('/documents/tickets'))
        return ok({
          rows: [
            { idRol: 1, rol: 'General', sold: 10, cancelled: 1, validated: 8, validations: 9, repeated: 1 },
          ],
        });
      return { status: 404, body: { error: 404, description: 'unexpected' } };
    });
    renderScreen(<DocumentsPage />);
    expect(await screen.findByTestId('document-tab-staffCashUp')).toBeTruthy();
    expect(screen.getByTestId('document-tab-tickets')).toBeTruthy();
    expect(screen.queryByTestId('document-tab-salesVat')).toBeNull();
    expect(screen.queryByTestId('document-tab-payments')).toBeNull();
    expect(screen.queryByTestId('document-tab-locations')).toBeNull();
    // The first allowed document is open: the staff cash-up, with the cash to hand in.
    expect((await screen.findAllByText('Anna Kiosk')).length).toBe(2);
    expect(screen.getByTestId('document-staffCashUp').textContent).toContain('40.00');
    // The row without staff says so in words, with why, never a row of dashes (issue 16 item 8).
    expect(screen.getAllByText('No staff signed in')).toHaveLength(2);
    expect(screen.getByTestId('staff-cash-up-no-staff-note').textContent).toContain('self-service kiosks');
    expect(screen.getByTestId('document-staffCashUp').textContent).not.toContain('—');
    // Its card total differs from the quick dashboard's by add-ons: it says so (issue 16 item 8).
    expect(screen.getByTestId('staff-cash-up-card-note').textContent).toBe(
      "'Card in' counts every card payment at the terminals: top-ups, add-ons and other charges. The quick dashboard's card line counts top-ups only, so the two differ by the add-ons and charges paid by card.",
    );
    // The sales each staff member served: a table of its own, so both fit the screen.
    expect(screen.getByTestId('document-staffCashUp-sales')).toBeTruthy();
    expect(sent.some((c) => c.url.includes('/documents/tickets'))).toBe(false);
    await userEvent.click(screen.getByTestId('document-tab-tickets'));
    expect(await screen.findByText('General')).toBeTruthy();
    expect(sent.some((c) => c.url.includes('/documents/sales-vat'))).toBe(false);
  });

  it('warns when the event has no VAT set', async () => {
    signInForTest({ permissions: [PERMISSIONS.downloadBilling] });
    fakeApi(({ url }) => {
      if (url.includes('/filters')) return ok(calendar);
      if (url.includes('/documents/sales-vat'))
        return ok({ vatRate: null, fiscalName: null, nif: null, rows: [] });
      return ok({ rows: [] });
    });
    renderScreen(<DocumentsPage />);
    expect((await screen.findByTestId('document-no-vat')).textContent).toContain('The event has no VAT set');
    expect(screen.getByTestId('document-tab-payments')).toBeTruthy();
  });
});
