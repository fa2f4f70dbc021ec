import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { EVENT, fakeServer, installEventDetailHooks, renderPage } from './event-detail.test-helper';
import { paymentMethodsValue, toBody, toForm, togglePaymentMethod } from './event-form';

installEventDetailHooks();

describe('the event form rules', () => {
  it('clears the fee with reusable tag off and the VAT with billing off; empty texts become null', () => {
    const form = { ...toForm(EVENT), reusableTag: 0 as const, billing: 0 as const, NIF: '  ' };
    const body = toBody(form, { admin: true });
    expect(body).toMatchObject({ feeReusableTag: null, IVA: null, NIF: null, teamIds: [3] });
    expect(body).not.toHaveProperty('paymentMethods');
    expect(toBody(form, { admin: false })).not.toHaveProperty('teamIds');
  });

  it('sends the province, fiscal percentage, sales VAT and cash label; never the capacity toggle', () => {
    const event = { ...EVENT, province: { id: 30, name: 'Lisboa', country: 'Portugal' }, eventVat: 10 };
    const form = toForm(event);
    expect(form).toMatchObject({ provinceId: 30, eventVat: 10, porcentaje_Fiscal: null, cashLabel: 'cash' });
    const body = toBody(
      { ...form, cashLabel: ' Efectivo ', featureToggle: { capacityLog: 1 } },
      { admin: true },
    );
    expect(body).toMatchObject({
      provinceId: 30,
      eventVat: 10,
      porcentaje_Fiscal: null,
      cashLabel: 'Efectivo',
    });
    expect(body).not.toHaveProperty('featureToggle');
  });

  it('holds four tag-counter slots; a slot off or without an increment article is sent switched off', () => {
    const form = toForm(EVENT);
    expect(form.tagCounters).toHaveLength(4);
    expect(form.tagCounters![1]).toEqual({
      position: 1,
      enabled: true,
      idArticleIncrement: 11,
      idArticleDecrement: null,
    });
    form.tagCounters![2] = { position: 2, enabled: true, idArticleIncrement: null, idArticleDecrement: 12 };
    const sent = toBody(form, { admin: true }).tagCounters!;
    expect(sent[2]).toEqual({
      position: 2,
      enabled: false,
      idArticleIncrement: null,
      idArticleDecrement: null,
    });
    expect(sent[1]!.enabled).toBe(true);
  });

  it('toggles payment-method letters in their order; an empty set is a single space', () => {
    expect(togglePaymentMethod('TL', 'C', true)).toBe('CTL');
    expect(togglePaymentMethod('CTL', 'T', false)).toBe('CL');
    expect(togglePaymentMethod('C', 'C', false)).toBe('');
    // A letter no longer offered (disabled in the catalogue) goes with the change.
    expect(togglePaymentMethod('CTI', 'L', true, ['C', 'T', 'L', 'P'])).toBe('CTL');
    expect(paymentMethodsValue('')).toBe(' ');
    expect(paymentMethodsValue('CP')).toBe('CP');
  });
});

describe('the event detail screen', { timeout: 60_000 }, () => {
  it('saves the parameters first when the payment methods changed, then the event', async () => {
    const sent = fakeServer((call) =>
      call.method === 'POST' && call.url === '/api/event' ? { body: { error: 0, result: 7 } } : undefined,
    );
    const user = userEvent.setup({ delay: null });
    renderPage();
    const form = await screen.findByTestId('event-form');
    const methods = within(form).getByTestId('field-paymentMethods');
    // Only the catalogue's enabled letters are offered.
    expect(await within(methods).findAllByRole('checkbox')).toHaveLength(4);
    expect(within(methods).queryByText('I · Integrated TPV')).toBeNull();
    expect(within(methods).getByText('P · Pin pad')).toBeTruthy();
    for (const box of within(methods).getAllByRole('checkbox'))
      if ((box as HTMLInputElement).checked) await user.click(box);
    await user.click(screen.getByTestId('event-save'));
    await waitFor(() => expect(sent.filter((c) => c.method === 'POST')).toHaveLength(2));
    const posts = sent.filter((c) => c.method === 'POST');
    expect(posts[0]).toEqual({
      method: 'POST',
      url: '/api/event/params',
      body: { appParam: { id: 5, value: ' ', exceptions: [{ idLocation: 9, idDevice: null, value: 'C' }] } },
    });
    expect(posts[1]!.url).toBe('/api/event');
    expect(posts[1]!.body).toMatchObject({
      event: { id: 7, update_time: EVENT.update_time, feeReusableTag: 150, IVA: 21, teamIds: [3] },
    });
    expect(posts[1]!.body as { event: object }).not.toHaveProperty('event.paymentMethods');
  });

  it('saves the event alone when the payment methods did not change, and shows field errors', async () => {
    const sent = fakeServer((call) =>
      call.method === 'POST' && call.url === '/api/event'
        ? {
            status: 400,
            body: {
              error: 400,
              description: 'Some fields are not valid',
              fields: [{ path: 'event.f_fin', message: 'validation.errorDates' }],
            },
          }
        : undefined,
    );
    const user = userEvent.setup({ delay: null });
    renderPage();
    const name = (await screen.findByTestId('field-nombre')) as HTMLInputElement;
    await user.clear(name);
    await user.type(name, 'Sonora 26');
    await user.click(screen.getByTestId('event-save'));
    expect(await screen.findByText('The start date cannot be after the end date')).toBeTruthy();
    const posts = sent.filter((c) => c.method === 'POST');
    expect(posts.map((c) => c.url)).toEqual(['/api/event']);
    expect(posts[0]!.body).toMatchObject({ event: { nombre: 'Sonora 26' } });
  });

  it('shows a saved event’s analytics id read-only (01-console §6)', async () => {
    fakeServer((call) =>
      call.url.startsWith('/api/findEvent/')
        ? {
            body: {
              error: 0,
              result: { event: { ...EVENT, externalAnalyticsId: 'GA-1' }, articles: [], params: [] },
            },
          }
        : undefined,
    );
    renderPage();
    const field = (await screen.findByTestId('field-externalAnalyticsId')) as HTMLInputElement;
    await waitFor(() => expect(field.value).toBe('GA-1'));
    expect(field.readOnly).toBe(true);
    expect(screen.getByText('Read-only once saved')).toBeTruthy();
  });

  it('asks for the promoter of an event made from the chooser in the catalogue’s words', async () => {
    const sent = fakeServer((call) =>
      call.url.startsWith('/api/findEvent/')
        ? { body: { error: 0, result: { event: { ...EVENT, id_promotor: null }, articles: [], params: [] } } }
        : undefined,
    );
    const user = userEvent.setup({ delay: null });
    renderPage();
    const name = (await screen.findByTestId('field-nombre')) as HTMLInputElement;
    await user.type(name, ' 2');
    await user.click(screen.getByTestId('event-save'));
    expect(await screen.findByText('Required field')).toBeTruthy();
    expect(screen.queryByText(/expected number/)).toBeNull();
    expect(sent.some((c) => c.method === 'POST')).toBe(false);
  });

  it('switches the realtime capacity at once with POST /capacity/event, apart from the form', async () => {
    let capacityLog = 0;
    const sent = fakeServer((call) => {
      if (call.method === 'POST' && call.url === '/api/capacity/event') {
        capacityLog = (call.body as { featureToggle: { capacityLog: number } }).featureToggle.capacityLog;
        return { body: { error: 0, result: { capacityLog } } };
      }
      if (call.url.startsWith('/api/findEvent/') && capacityLog === 1) {
        const event = {
          ...EVENT,
          featureToggle: { capacityLog: 1 },
          update_time: '2026-06-01T10:05:00.000Z',
        };
        return { body: { error: 0, result: { event, articles: [], params: [] } } };
      }
      return undefined;
    });
    const user = userEvent.setup({ delay: null });
    renderPage();
    const name = (await screen.findByTestId('field-nombre')) as HTMLInputElement;
    // An unsaved change of the form is kept while the toggle is saved on its own.
    await user.type(name, ' B');
    const box = screen.getByTestId('field-capacityLog') as HTMLInputElement;
    expect(box.checked).toBe(false);
    await user.click(box);
    await waitFor(() => expect(sent.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(sent.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/capacity/event',
      body: { featureToggle: { capacityLog: 1 } },
    });
    await waitFor(() =>
      expect((screen.getByTestId('field-capacityLog') as HTMLInputElement).checked).toBe(true),
    );
    expect(name.value).toBe('Sonora Festival 2026 B');
    // The form then saves with the event's new update_time, without the toggle.
    await user.click(screen.getByTestId('event-save'));
    await waitFor(() => expect(sent.some((c) => c.method === 'POST' && c.url === '/api/event')).toBe(true));
    const saved = sent.find((c) => c.method === 'POST' && c.url === '/api/event')!.body as {
      event: Record<string, unknown>;
    };
    expect(saved.event).toMatchObject({
      nombre: 'Sonora Festival 2026 B',
      update_time: '2026-06-01T10:05:00.000Z',
    });
    expect(saved.event).not.toHaveProperty('featureToggle');
  });

  it('chooses the province from the server’s search and saves it with the fiscal fields', async () => {
    const sent = fakeServer((call) =>
      call.url.startsWith('/api/provinces/find')
        ? {
            body: {
              error: 0,
              result: call.url.includes('name=Lis') ? [{ id: 30, name: 'Lisboa', country: 'Portugal' }] : [],
            },
          }
        : call.method === 'POST' && call.url === '/api/event'
          ? { body: { error: 0, result: 7 } }
          : undefined,
    );
    const user = userEvent.setup({ delay: null });
    renderPage();
    const province = await screen.findByTestId('field-provinceId');
    await user.click(province);
    await user.type(province, 'Lis');
    // The search waits for a pause in the typing (debounced), then offers what the server found.
    await waitFor(() => expect(sent.some((c) => c.url === '/api/provinces/find?name=Lis')).toBe(true), {
      timeout: 10_000,
    });
    const lisboa = await screen.findByRole(
      'option',
      { name: 'Lisboa (Portugal)', hidden: true },
      { timeout: 10_000 },
    );
    await user.click(lisboa);
    await user.type(screen.getByTestId('field-eventVat'), '10');
    await user.type(screen.getByTestId('field-porcentaje_Fiscal'), '2.5');
    const cash = screen.getByTestId('field-cashLabel');
    await user.clear(cash);
    await user.type(cash, 'Efectivo');
    await user.click(screen.getByTestId('event-save'));
    await waitFor(() => expect(sent.some((c) => c.method === 'POST' && c.url === '/api/event')).toBe(true));
    expect(sent.find((c) => c.method === 'POST' && c.url === '/api/event')!.body).toMatchObject({
      event: { provinceId: 30, eventVat: 10, porcentaje_Fiscal: 2.5, cashLabel: 'Efectivo' },
    });
  });

  it('offers the configured languages, not only the console’s own, and shows the server’s refusal', async () => {
    const sent = fakeServer((call) =>
      call.method === 'POST' && call.url === '/api/event'
        ? {
            status: 400,
            body: {
              error: 400,
              description: 'Some fields are not valid',
              fields: [{ path: 'event.idioma', message: 'validation.unknownLanguage' }],
            },
          }
        : undefined,
    );
    const user = userEvent.setup({ delay: null });
    renderPage();
    const language = (await screen.findByTestId('field-idioma')) as HTMLInputElement;
    await waitFor(() => expect(language.value).toBe('es · Español'));
    await user.click(language);
    const listbox = await waitFor(() => document.getElementById(language.getAttribute('aria-controls')!)!);
    const options = within(listbox).getAllByRole('option', { hidden: true });
    expect(options.map((o) => o.textContent)).toEqual(['de · Deutsch', 'en · English', 'es · Español']);
    await user.click(options[0]!);
    expect(language.value).toBe('de · Deutsch');
    await user.click(screen.getByTestId('event-save'));
    // Deleted on the languages screen meanwhile: the server names the field.
    expect(
      await screen.findByText('Not one of the configured languages (Configuration › Languages)'),
    ).toBeTruthy();
    expect(sent.find((c) => c.method === 'POST' && c.url === '/api/event')!.body).toMatchObject({
      event: { idioma: 'de' },
    });
  });

  it('refuses dates before 2020-01-01 before calling the server', async () => {
    const sent = fakeServer((call) =>
      call.url.startsWith('/api/findEvent/')
        ? {
            body: {
              error: 0,
              result: { event: { ...EVENT, f_inicio: '2019-06-01T10:00:00.000Z' }, articles: [], params: [] },
            },
          }
        : undefined,
    );
    const user = userEvent.setup({ delay: null });
    renderPage();
    const name = (await screen.findByTestId('field-nombre')) as HTMLInputElement;
    await user.type(name, ' 2');
    await user.click(screen.getByTestId('event-save'));
    expect(await screen.findByText('The start must be on or after 2020-01-01')).toBeTruthy();
    expect(sent.some((c) => c.method === 'POST')).toBe(false);
  });
});
