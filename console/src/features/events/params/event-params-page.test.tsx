import type { EventParamsResult } from '@pulsera/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi, installDomShims, renderScreen, type Sent } from '../../../test-utils';
import EventParamsPage from './event-params-page';

beforeAll(() => {
  installDomShims();
  // jsdom has no scrollIntoView (the select scrolls to its chosen option).
  Element.prototype.scrollIntoView ??= () => {};
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const param = (id: number, nameUnique: string, name: string, appName: string | null, extra = {}) => ({
  id,
  nameUnique,
  name,
  description: `${name} description`,
  module: null,
  value: null,
  defaultValue: '30',
  idApp: appName ? 1 : null,
  appName,
  exceptions: [],
  ...extra,
});

const result: EventParamsResult = {
  params: [
    param(3, 'CONSOLE_REPORT_REFRESH_SECONDS', 'Dashboard refresh', 'Console', { defaultValue: '60' }),
    param(2, 'MAX_OFFLINE_MINUTES', 'Maximum offline minutes', 'Android terminals', { module: 'sync' }),
    param(1, 'ALLOWED_PAYMENT_METHODS', 'Allowed payment methods', 'Android terminals', {
      module: 'payments',
      value: 'CTLP',
      defaultValue: 'CTL',
      exceptions: [
        { idLocation: null, idDevice: null, value: 'CTLP' },
        { idLocation: 5, idDevice: null, value: 'C' },
      ],
    }),
  ],
  aplis: [
    { id: 1, name: 'Android terminals' },
    { id: 2, name: 'Console' },
  ],
  locations: [
    { id: 5, nombre: 'Main bar' },
    { id: 6, nombre: 'Top-up point' },
  ],
  devices: [{ id: 40, name: 'Bar handheld' }],
};

/** Opens a select and picks an option of its own list (closed lists stay in the page, hidden). */
async function choose(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, name: string) {
  await user.click(input);
  const list = await waitFor(() => document.getElementById(input.getAttribute('aria-controls') ?? '')!);
  await user.click(within(list).getByRole('option', { name, hidden: true }));
}

const posts = (sent: Sent[]) => sent.filter((c) => c.method === 'POST');

describe('the parameters screen in event mode', () => {
  it('groups the parameters by application and shows values, defaults and specials; no new, no delete', async () => {
    fakeApi(() => ({ body: { error: 0, result } }));
    renderScreen(<EventParamsPage />);
    await screen.findByText('Allowed payment methods');
    const groups = screen.getAllByTestId('params-group').map((g) => g.textContent);
    expect(groups).toEqual(['Android terminals', 'Console']);
    const rows = screen
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent);
    expect(rows[0]).toContain('Allowed payment methods');
    expect(rows[1]).toContain('Maximum offline minutes');
    expect(rows[2]).toContain('Dashboard refresh');
    const payment = screen.getByText('Allowed payment methods').closest('tr') as HTMLElement;
    expect(within(payment).getByText('CTLP')).toBeTruthy();
    // The all-all exception is the value itself: only the other one is a special.
    expect(within(payment).getByText('Main bar · All devices: C')).toBeTruthy();
    const offline = screen.getByText('Maximum offline minutes').closest('tr') as HTMLElement;
    expect(within(offline).getByText('30 (default)')).toBeTruthy();
    expect(screen.queryByTestId('resource-new')).toBeNull();
  }, 30_000);

  it('sets a value with an exception, refusing all-all and repeated location and device', async () => {
    const sent = fakeApi((call) =>
      call.method === 'GET'
        ? { body: { error: 0, result } }
        : { body: { error: 0, result: result.params[1] } },
    );
    const user = userEvent.setup();
    renderScreen(<EventParamsPage />);
    await user.click(await screen.findByText('Maximum offline minutes'));
    const detail = await screen.findByTestId('resource-detail');
    expect(within(detail).getByTestId('params-no-exceptions')).toBeTruthy();
    await user.type(within(detail).getByTestId('field-value'), '45');

    // A new exception starts as all locations and all devices: that is the value itself.
    await user.click(within(detail).getByTestId('params-exception-add'));
    await user.type(within(detail).getByTestId('params-exception-value-0'), '10');
    await user.click(within(detail).getByTestId('resource-save'));
    expect(
      await within(detail).findByText('For every location and every device, use the value itself'),
    ).toBeTruthy();

    await choose(user, within(detail).getByTestId('params-exception-location-0'), 'Main bar');
    // A second exception for the same location and device.
    await user.click(within(detail).getByTestId('params-exception-add'));
    await choose(user, within(detail).getByTestId('params-exception-location-1'), 'Main bar');
    await user.type(within(detail).getByTestId('params-exception-value-1'), '20');
    await user.click(within(detail).getByTestId('resource-save'));
    expect(
      await within(detail).findByText('Another exception already has this location and device'),
    ).toBeTruthy();
    expect(posts(sent)).toHaveLength(0);

    // The second one for a device instead.
    await choose(user, within(detail).getByTestId('params-exception-device-1'), 'Bar handheld');
    await user.click(within(detail).getByTestId('resource-save'));
    await waitFor(() => expect(posts(sent)).toHaveLength(1));
    expect(posts(sent)[0]).toMatchObject({
      url: '/api/event/params',
      body: {
        appParam: {
          id: 2,
          value: '45',
          exceptions: [
            { idLocation: 5, idDevice: null, value: '10' },
            { idLocation: 5, idDevice: 40, value: '20' },
          ],
        },
      },
    });
  }, 30_000);

  it('sends an empty value as the default and keeps the saved exceptions other than the value', async () => {
    const sent = fakeApi((call) =>
      call.method === 'GET'
        ? { body: { error: 0, result } }
        : { body: { error: 0, result: result.params[2] } },
    );
    const user = userEvent.setup();
    renderScreen(<EventParamsPage />);
    await user.click(await screen.findByText('Allowed payment methods'));
    const detail = await screen.findByTestId('resource-detail');
    expect((within(detail).getByTestId('params-exception-value-0') as HTMLInputElement).value).toBe('C');
    await user.clear(within(detail).getByTestId('field-value'));
    await user.click(within(detail).getByTestId('resource-save'));
    await waitFor(() => expect(posts(sent)).toHaveLength(1));
    expect(posts(sent)[0]!.body).toEqual({
      appParam: { id: 1, value: null, exceptions: [{ idLocation: 5, idDevice: null, value: 'C' }] },
    });
  }, 30_000);
});
