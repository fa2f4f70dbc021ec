/**
 * The event detail screen's other tabs: the kiosk's message originator, duplicating the event and the
 * QR code.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer, installEventDetailHooks, renderPage } from './event-detail.test-helper';

installEventDetailHooks();

describe('the event detail screen', { timeout: 60_000 }, () => {
  it('shows the message originator’s errors in the catalogue’s words', async () => {
    const sent = fakeServer();
    const user = userEvent.setup({ delay: null });
    renderPage();
    await screen.findByTestId('event-form');
    await user.click(screen.getByTestId('tab-kiosk'));
    const field = (await screen.findByTestId('field-messageOriginator')) as HTMLInputElement;
    await waitFor(() => expect(field.value).toBe('SONORA'));
    await user.type(field, '-1');
    await user.click(screen.getByTestId('originator-save'));
    expect(await screen.findByText('Letters and numbers only')).toBeTruthy();
    await user.clear(field);
    await user.click(screen.getByTestId('originator-save'));
    expect(await screen.findByText('Required field')).toBeTruthy();
    expect(sent.some((c) => c.url === '/api/event/configKiosk/originator')).toBe(false);
  });

  it('shows the tabs of an admin and ties the duplicate toggles together', async () => {
    fakeServer();
    const user = userEvent.setup({ delay: null });
    renderPage();
    await screen.findByTestId('event-form');
    expect(screen.getByTestId('tab-kiosk')).toBeTruthy();
    expect(screen.getByTestId('tab-qr')).toBeTruthy();
    await user.click(screen.getByTestId('tab-duplicate'));
    const flag = (name: string) => screen.getByTestId(`field-${name}`) as HTMLInputElement;
    expect(flag('duplicateArticlesLocations').disabled).toBe(true);
    expect(flag('duplicateExchangeSettings').disabled).toBe(true);
    await user.click(flag('duplicateArticles'));
    await user.click(flag('duplicateLocations'));
    await user.click(flag('duplicateTimeRanges'));
    expect(screen.getByTestId('duplicate-time-ranges-warning')).toBeTruthy();
    await user.click(flag('duplicateArticlesLocations'));
    await user.click(flag('duplicateExchangeSettings'));
    expect(flag('duplicateArticlesLocations').checked).toBe(true);
    // Articles off turns off both dependants.
    await user.click(flag('duplicateArticles'));
    expect(flag('duplicateArticlesLocations').checked).toBe(false);
    expect(flag('duplicateExchangeSettings').checked).toBe(false);
    expect(flag('duplicateExchangeSettings').disabled).toBe(true);
  });

  it('refuses a duplicate named like the original before calling the server', async () => {
    const sent = fakeServer();
    const user = userEvent.setup({ delay: null });
    renderPage();
    await screen.findByTestId('event-form');
    await user.click(screen.getByTestId('tab-duplicate'));
    await user.type(screen.getByTestId('field-newEventName'), 'sonora festival 2026');
    await user.click(screen.getByTestId('duplicate-submit'));
    expect(await screen.findByText('The event name cannot be equal to the original')).toBeTruthy();
    expect(sent.some((c) => c.url === '/api/duplicateEvent')).toBe(false);
  });

  it('generates a QR code and shows its text without the prefix', async () => {
    const sent = fakeServer((call) =>
      call.url === '/api/event/generateQr'
        ? { body: { error: 0, result: 'PULSERA-DEVCFG:abc.def.ghi' } }
        : undefined,
    );
    const user = userEvent.setup({ delay: null });
    renderPage();
    await screen.findByTestId('event-form');
    await user.click(screen.getByTestId('tab-qr'));
    await user.click(screen.getByTestId('qr-generate'));
    expect((await screen.findByTestId('qr-text')).textContent).toBe('abc.def.ghi');
    expect(sent.find((c) => c.url === '/api/event/generateQr')!.body).toEqual({
      qrExpiration: 1440,
      authExpiration: 168,
    });
    const img = within(screen.getByTestId('qr-result')).getByRole('img') as HTMLImageElement;
    expect(img.src.startsWith('data:image/png;base64,')).toBe(true);
    // The same code as a setup link of the terminal web app, in a new tab of this browser.
    const open = screen.getByTestId('qr-open-terminal') as HTMLAnchorElement;
    expect(open.getAttribute('href')).toBe('/terminal/#setup=PULSERA-DEVCFG%3Aabc.def.ghi');
    expect(open.target).toBe('_blank');
  });
});
