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

/**
 * A fake network: `answer` gets each call and returns the envelope's result or an error body, and
 * optionally response headers.
 */
export function fakeApi(
  answer: (call: Sent) => { status?: number; body: unknown; headers?: Record<string, string> },
) {
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
      const { status = 200, body, headers } = answer(call);
      return new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json', ...headers },
      });
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

/** A downloaded spreadsheet read back: each row's cell values (1-based columns dropped). */
export type SheetRows = (string | number | null)[][];

/**
 * Catches the spreadsheets a screen downloads (`lib/xlsx.ts` hands a Blob to URL.createObjectURL)
 * and reads the last one back with exceljs, as a user's spreadsheet program would.
 */
export function catchDownloads() {
  const blobs: Blob[] = [];
  URL.createObjectURL = vi.fn((b: Blob | MediaSource) => {
    blobs.push(b as Blob);
    return `blob:download-${blobs.length}`;
  });
  URL.revokeObjectURL = vi.fn();
  // jsdom cannot follow a download link: the file was caught above.
  const click = HTMLAnchorElement.prototype.click;
  HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
    if (!this.download) click.call(this);
  };
  return {
    count: () => blobs.length,
    async lastSheet(): Promise<SheetRows> {
      const { default: ExcelJS } = await import('exceljs');
      const wb = new ExcelJS.Workbook();
      const blob = blobs.at(-1);
      if (!blob) throw new Error('nothing was downloaded');
      await wb.xlsx.load(await blob.arrayBuffer());
      const rows: SheetRows = [];
      wb.worksheets[0]!.eachRow({ includeEmpty: true }, (row) => {
        const values = (row.values as unknown[]).slice(1);
        rows.push(values.map((v) => (v === undefined ? null : (v as string | number | null))));
      });
      return rows;
    },
  };
}
