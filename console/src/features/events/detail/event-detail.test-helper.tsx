/**
 * Shared fixtures of the event detail screen's tests (event-detail-page.test.tsx,
 * event-detail-tabs.test.tsx): the event, a fake server for the screen's calls, the screen rendered
 * in a router, and the hooks every test of the screen runs with.
 */
import { MantineProvider } from '@mantine/core';
import type { Event } from '@pulsera/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import '../../../lib/i18n';
import { DialogsHost } from '../../../components/dialogs-host';
import { signInForTest } from '../../../test-utils';
import EventDetailPage from './event-detail-page';

export const EVENT: Event = {
  id: 7,
  token: 'tok-7',
  nombre: 'Sonora Festival 2026',
  f_inicio: '2026-07-01T14:00:00.000Z',
  f_fin: '2026-07-05T02:00:00.000Z',
  f_inicio_operaciones: null,
  f_fin_operaciones: null,
  idioma: 'es',
  moneda: 1,
  id_promotor: 1,
  promoterName: 'Sonora Live',
  porcentaje_Fiscal: null,
  IVA: 21,
  Nombre_fiscal: 'Sonora Live S.L.',
  NIF: 'B12345678',
  businessTypeId: 'FE',
  zona_horaria: 'Europe/Madrid',
  offset: 6,
  localCurrency: 4,
  localCurrencyRate: 2,
  feeReusableTag: 150,
  refundBalanceWhenReusableTag: 0,
  subdomain: null,
  trusts: null,
  isActive: 1,
  isClosed: 0,
  website: null,
  slug: null,
  financialCurrencyModel: { id: 1, iso: 'EUR', symbol: '€', fraction: 0.01 },
  localCurrencyModel: { id: 4, iso: 'SNT', symbol: 'T', fraction: 0.5 },
  messageOriginator: 'SONORA',
  eventVat: null,
  cashLabel: 'cash',
  externalAnalytics: 1,
  externalAnalyticsId: null,
  teamId: null,
  teamIds: [3],
  teams: [{ id: 3, name: 'Operations' }],
  servicesOnlineDateStart: null,
  servicesOnlineDateEnd: null,
  pictureSponsor: null,
  pictureReceiptLogo: null,
  province: null,
  enabledApiBebeRapid: 0,
  queueSyncLoggables: 0,
  paymentMethods: 'CTLP',
  tagCounters: [{ position: 1, idArticleIncrement: 11, idArticleDecrement: null }],
  featureToggle: { capacityLog: 0 },
  status: 'active',
  update_time: '2026-06-01T10:00:00.000Z',
};

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

/** The payment method catalogue: every letter enabled but I (integrated TPV). */
const PAYMENT_METHODS_CATALOGUE = [
  ['C', 'Cash'],
  ['T', 'External TPV'],
  ['L', 'Cashless'],
  ['P', 'Pin pad'],
  ['I', 'Integrated TPV'],
].map(([letter, en]) => ({
  letter,
  labels: { en, es: en, it: en, fr: en },
  enabled: letter === 'I' ? 0 : 1,
}));

/** A fake server for the calls of the screen; `on` may answer a call itself. */
export function fakeServer(
  on: (call: Sent) => { status?: number; body: unknown } | undefined = () => undefined,
) {
  const sent: Sent[] = [];
  const ok = (result: unknown): { status?: number; body: unknown } => ({ body: { error: 0, result } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call = {
        method: init.method ?? 'GET',
        url,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      sent.push(call);
      const answer =
        on(call) ??
        (url.startsWith('/api/findEvent/')
          ? ok({
              event: EVENT,
              articles: [
                { id: 11, nombre: 'Beer' },
                { id: 12, nombre: 'Cup' },
              ],
              params: [
                {
                  id: 5,
                  nameUnique: 'ALLOWED_PAYMENT_METHODS',
                  defaultValue: 'CTL',
                  value: 'CTLP',
                  exceptions: [
                    { idLocation: null, idDevice: null, value: 'CTLP' },
                    { idLocation: 9, idDevice: null, value: 'C' },
                  ],
                },
              ],
            })
          : url === '/api/global/promotors'
            ? ok([{ id: 1, name: 'Sonora Live', externalAnalytics: true }])
            : url === '/api/global/currencies'
              ? ok([
                  {
                    id: 1,
                    name: 'Euro',
                    iso: 'EUR',
                    symbol: '€',
                    fraction: 0.01,
                    isFinancial: true,
                    idEvent: null,
                  },
                  {
                    id: 4,
                    name: 'Token',
                    iso: 'SNT',
                    symbol: 'T',
                    fraction: 0.5,
                    isFinancial: false,
                    idEvent: null,
                  },
                ])
              : url === '/api/global/languages'
                ? ok([
                    { id: 21, iso: 'de', name: 'Deutsch' },
                    { id: 1, iso: 'en', name: 'English' },
                    { id: 2, iso: 'es', name: 'Español' },
                  ])
                : url.startsWith('/api/search/teams')
                  ? ok([{ id: 3, name: 'Operations' }])
                  : url === '/api/event/configKiosk'
                    ? ok({ messageOriginator: 'SONORA', buttons: [] })
                    : url === '/api/global/payment-methods'
                      ? ok(PAYMENT_METHODS_CATALOGUE)
                      : url === '/api/event/types'
                        ? ok([
                            { id: 'FE', name: 'Festival' },
                            { id: 'PA', name: 'Padel courts' },
                          ])
                        : ok(null));
      const { status = 200, body } = answer;
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return sent;
}

export function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createRouter({
    routeTree: createRootRoute({
      component: () => (
        <>
          <EventDetailPage />
          <DialogsHost />
        </>
      ),
    }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** The DOM shims, the clean-up after each test and the admin signed in on the event before each. */
export function installEventDetailHooks() {
  beforeAll(() => {
    // jsdom has no matchMedia (Mantine) nor ResizeObserver (data tables, scroll areas).
    window.matchMedia ??= ((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    })) as unknown as typeof window.matchMedia;
    globalThis.ResizeObserver ??= class {
      observe() {}
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
    Element.prototype.scrollIntoView ??= () => {};
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
  beforeEach(() =>
    signInForTest({
      admin: true,
      event: {
        id: EVENT.id,
        nombre: EVENT.nombre,
        token: EVENT.token,
        zona_horaria: EVENT.zona_horaria,
        currency: EVENT.financialCurrencyModel,
        localCurrency: EVENT.localCurrencyModel,
        localCurrencyRate: 2,
      },
    }),
  );
}
