import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { configure, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import './lib/i18n';

/** jsdom has no matchMedia (Mantine reads the colour scheme) nor ResizeObserver (the data table). */
export function installDomShims() {
  // Screens load and re-render through queries: give them time on a busy machine.
  configure({ asyncUtilTimeout: 5000 });
  // An empty query matches (the data table shows columns without a media query that way).
  window.matchMedia = ((query: string) => ({
    matches: query.trim() === '',
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
}

export interface Sent {
  method: string;
  url: string;
  body: unknown;
}

/** A fake network: `answer` gets each call and returns the envelope's result or an error body. */
export function fakeApi(answer: (call: Sent) => { status?: number; body: unknown }) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call = {
        method: init.method ?? 'GET',
        url,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      sent.push(call);
      const { status = 200, body } = answer(call);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return sent;
}

/** Renders a screen as the app does: Mantine, modals, queries, and a router (unsaved-changes blocker). */
export function renderScreen(screen: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createRouter({
    routeTree: createRootRoute({ component: () => <ModalsProvider>{screen}</ModalsProvider> }),
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
