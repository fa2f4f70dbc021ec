import { MantineProvider } from '@mantine/core';
import type { SelectedEvent } from '@pulsera/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { configure, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { expect, vi } from 'vitest';
import './lib/i18n';
import { DialogsHost } from './components/dialogs-host';
import { session } from './lib/session';

/**
 * jsdom has no matchMedia (Mantine reads the colour scheme), ResizeObserver (the data table) nor
 * document.fonts (an autosizing textarea listens to font loading).
 */
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
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', {
      value: { addEventListener: () => {}, removeEventListener: () => {} },
    });
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

/** A server that answers every GET with `result` and refuses every write with these field errors. */
export const refuseWrites = (result: unknown, fields: { path: string; message: string }[]) =>
  fakeApi(({ method }) =>
    method === 'GET'
      ? { body: { error: 0, result } }
      : { status: 400, body: { error: 400, description: 'Invalid data', fields } },
  );

/**
 * Signs a user in and selects the event Sonora (its fields overridden by `event`; `null` selects
 * none). An administrator has no trusts token; anyone else holds `permissions` in the event for an
 * hour.
 */
export function signInForTest({
  admin = false,
  permissions = [],
  event = {},
}: {
  admin?: boolean;
  permissions?: number[];
  event?: Partial<SelectedEvent> | null;
} = {}) {
  session.signIn(
    {
      id: admin ? 1 : 7,
      email: admin ? 'admin@demo.test' : 'user@demo.test',
      name: admin ? 'Admin' : 'User',
      mustChangePassword: false,
      neverChangedPassword: false,
      isAdmin: admin,
      isSuperAdmin: false,
      isMegaAdmin: false,
      isUsersAdmin: false,
      otpEnabled: false,
      otpSetupRequired: false,
    },
    'token',
  );
  if (event === null) return;
  const claims = btoa(JSON.stringify({ p: permissions, exp: Math.floor(Date.now() / 1000) + 3600 }));
  session.selectEvent(
    { id: 1, nombre: 'Sonora', token: 'ev', zona_horaria: 'Europe/Madrid', currency: null, ...event },
    admin ? null : `h.${claims}.s`,
  );
}

/** Renders a screen as the app does: Mantine, modals, queries, and a router (unsaved-changes blocker). */
/** Renders one screen in a router of its own, at `at` (the screen's own address when its tabs are child addresses). */
export function renderScreen(screen: ReactNode, at = '/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createRouter({
    routeTree: createRootRoute({
      component: () => (
        <>
          {screen}
          <DialogsHost />
        </>
      ),
    }),
    history: createMemoryHistory({ initialEntries: [at] }),
  });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** Renders a list-and-detail screen and opens the row showing `row`: the user and the detail panel. */
export async function openDetail(ui: ReactNode, row: string) {
  const user = userEvent.setup();
  renderScreen(ui);
  await user.click(await screen.findByText(row, {}, { timeout: 5000 }));
  return { user, detail: await screen.findByTestId('resource-detail') };
}

/** A downloaded spreadsheet read back: each row's cell values (1-based columns dropped). */
export type SheetRows = (string | number | null)[][];

/** The rows of a sheet from its table's header row (the one starting with `first`) on. */
export const tableFrom = (sheet: SheetRows, first: string) =>
  sheet.slice(sheet.findIndex((r) => r[0] === first));

/**
 * Catches the spreadsheets a screen downloads (`lib/xlsx.ts` hands a Blob to URL.createObjectURL)
 * and reads them back with exceljs, as a user's spreadsheet program would.
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
    /** Clicks a download button and reads back the one spreadsheet it downloads. */
    async download(button: HTMLElement): Promise<SheetRows> {
      const before = blobs.length;
      await userEvent.click(button);
      await waitFor(() => expect(blobs.length).toBe(before + 1));
      const { default: ExcelJS } = await import('exceljs');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(await blobs.at(-1)!.arrayBuffer());
      const rows: SheetRows = [];
      wb.worksheets[0]!.eachRow({ includeEmpty: true }, (row) => {
        const values = (row.values as unknown[]).slice(1);
        rows.push(values.map((v) => (v === undefined ? null : (v as string | number | null))));
      });
      return rows;
    },
  };
}
