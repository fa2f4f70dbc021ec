import type { AppParamsResult } from '@pulsera/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi, installDomShims, renderScreen, type Sent } from '../../../test-utils';
import GlobalParamsPage from './global-params-page';

beforeAll(() => {
  installDomShims();
  Element.prototype.scrollIntoView ??= () => {};
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const result: AppParamsResult = {
  appParams: [
    {
      id: 1,
      nameUnique: 'ALLOWED_PAYMENT_METHODS',
      name: 'Allowed payment methods',
      description: 'Payment method letters',
      defaultValue: 'CTL',
      idApp: 2,
      appName: 'Android terminals',
      module: 'payments',
      eventCount: 3,
      system: true,
      exceptions: [],
      date_update: '2026-07-01T10:00:00.000Z',
    },
    {
      id: 2,
      nameUnique: 'KIOSK_IDLE_SECONDS',
      name: 'Kiosk idle time',
      description: 'Seconds before the kiosk goes back to the start',
      defaultValue: '90',
      idApp: 3,
      appName: 'Kiosks',
      module: null,
      eventCount: 0,
      system: false,
      exceptions: [],
      date_update: '2026-07-01T10:00:00.000Z',
    },
  ],
  aplis: [
    { id: 1, name: 'Console' },
    { id: 2, name: 'Android terminals' },
    { id: 3, name: 'Kiosks' },
  ],
  modules: ['payments', 'sync'],
  locations: [{ id: 11, name: 'Main bar', eventName: 'Sonora Festival 2026' }],
  devices: [{ id: 21, name: 'PDA-0001' }],
};

const writes = (sent: Sent[]) => sent.filter((c) => c.method !== 'GET');

async function choose(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, name: string) {
  await user.click(input);
  const list = await waitFor(() => document.getElementById(input.getAttribute('aria-controls') ?? '')!);
  await user.click(within(list).getByRole('option', { name, hidden: true }));
}

describe('the parameters screen in global mode', () => {
  it('creates a parameter with a new module after checking the required fields and the variable name', async () => {
    const sent = fakeApi((call) =>
      call.method === 'GET' ? { body: { error: 0, result } } : { body: { error: 0, result: 7 } },
    );
    const user = userEvent.setup();
    renderScreen(<GlobalParamsPage />);
    expect(await screen.findAllByTestId('params-group')).toHaveLength(2);
    await user.click(screen.getByTestId('resource-new'));
    const detail = await screen.findByTestId('resource-detail');
    await user.type(within(detail).getByTestId('field-name'), 'Receipt footer');
    await user.click(within(detail).getByTestId('resource-save'));
    // Variable name, description, default value and application are required.
    expect(await within(detail).findAllByText('Required field')).toHaveLength(4);

    await user.type(within(detail).getByTestId('field-nameUnique'), 'receipt footer');
    await user.type(within(detail).getByLabelText(/Description/), 'Printed under every receipt');
    await user.type(within(detail).getByTestId('field-defaultValue'), 'Thank you!');
    await choose(user, within(detail).getByTestId('field-idApp'), 'Android terminals');
    await user.click(within(detail).getByTestId('module-new'));
    await user.click(within(detail).getByTestId('resource-save'));
    expect(
      await within(detail).findByText('Letters, digits and underscores only, starting with a letter'),
    ).toBeTruthy();
    expect(within(detail).getByText('Required field')).toBeTruthy(); // the new module's name
    await user.clear(within(detail).getByTestId('field-nameUnique'));
    await user.type(within(detail).getByTestId('field-nameUnique'), 'RECEIPT_FOOTER');
    await user.type(within(detail).getByTestId('field-moduleNew'), 'printing');
    await user.click(within(detail).getByTestId('resource-save'));
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    expect(writes(sent)[0]).toMatchObject({
      method: 'POST',
      url: '/api/global/appParams',
      body: {
        appParam: {
          name: 'Receipt footer',
          nameUnique: 'RECEIPT_FOOTER',
          description: 'Printed under every receipt',
          defaultValue: 'Thank you!',
          idApp: 2,
          module: 'printing',
        },
      },
    });
  }, 60_000);

  it('keeps the variable name of a parameter the console reads, and saves its module choice', async () => {
    const sent = fakeApi((call) =>
      call.method === 'GET' ? { body: { error: 0, result } } : { body: { error: 0, result: 1 } },
    );
    const user = userEvent.setup();
    renderScreen(<GlobalParamsPage />);
    await user.click(await screen.findByText('Allowed payment methods'));
    const detail = await screen.findByTestId('resource-detail');
    expect(within(detail).getByTestId('params-system')).toBeTruthy();
    expect((within(detail).getByTestId('field-nameUnique') as HTMLInputElement).disabled).toBe(true);
    expect(within(detail).getByTestId('params-event-count').textContent).toContain('3');
    await user.click(within(detail).getByTestId('module-none'));
    // 02-catalogue §3: the global parameter's exceptions by location and device (issue 27 item 29).
    await user.click(within(detail).getByTestId('params-exception-add'));
    const device = within(detail).getByTestId('params-exception-device-0');
    await user.click(device);
    const list = () => document.getElementById(device.getAttribute('aria-controls') ?? '')!;
    await user.click(
      await waitFor(() => within(list()).getByRole('option', { name: 'PDA-0001', hidden: true })),
    );
    await user.type(within(detail).getByTestId('params-exception-value-0'), 'C');
    await user.click(within(detail).getByTestId('resource-save'));
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    expect(writes(sent)[0]!.body).toEqual({
      appParam: {
        id: 1,
        name: 'Allowed payment methods',
        nameUnique: 'ALLOWED_PAYMENT_METHODS',
        description: 'Payment method letters',
        defaultValue: 'CTL',
        idApp: 2,
        module: null,
        exceptions: [{ idLocation: null, idDevice: 21, value: 'C' }],
      },
    });
  }, 60_000);

  it('deletes a parameter after the confirmation', async () => {
    const sent = fakeApi((call) =>
      call.method === 'GET' ? { body: { error: 0, result } } : { body: { error: 0, result: true } },
    );
    const user = userEvent.setup();
    renderScreen(<GlobalParamsPage />);
    await user.click(await screen.findByText('Kiosk idle time'));
    const detail = await screen.findByTestId('resource-detail');
    await user.click(within(detail).getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByTestId('confirm-yes'));
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    expect(writes(sent)[0]).toMatchObject({ method: 'DELETE', url: '/api/global/appParams/2' });
  }, 30_000);
});
