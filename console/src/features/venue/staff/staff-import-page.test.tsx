import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import StaffImportPage from './staff-import-page';

beforeAll(async () => {
  // Mantine reads the colour scheme preference; jsdom has no matchMedia.
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
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The network: answers the import call with the given status and body, and records what was sent. */
function fakeServer(status: number, body: unknown) {
  const sent: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({ url, body: JSON.parse(String(init.body)) });
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return sent;
}

function renderPage() {
  const view = render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <StaffImportPage />
      </QueryClientProvider>
    </MantineProvider>,
  );
  const input = view.container.querySelector('input[type="file"]') as HTMLInputElement;
  return { view, input };
}

/** ISO-8859-1 bytes (every character below U+0100). */
const latin1 = (text: string) => Uint8Array.from([...text].map((c) => c.charCodeAt(0)));
const header = 'user\tname\ttrusts\tintern\r\n';

describe('the staff manual upload screen', () => {
  it('previews a Latin-1 file read as Windows-1252 and uploads every row; error 0 is a success', async () => {
    const sent = fakeServer(200, { error: 0, result: { inserted: 12 } });
    const { input } = renderPage();
    expect(screen.getByText('1. user')).toBeTruthy();
    expect(screen.getByText('4. intern')).toBeTruthy();
    const lines = Array.from({ length: 12 }, (_, i) => `u${i}\tJosé Muñoz ${i}\tcs\t1\r\n`).join('');
    await userEvent.upload(input, new File([latin1(header + lines)], 'staff.tsv'));

    const banner = await screen.findByTestId('import-banner');
    expect(banner.textContent).toContain('12 staff members ready to upload (encoding WINDOWS-1252)');
    expect(screen.getByTestId('import-count').textContent).toBe('Showing 10 of 12 staff members');
    const preview = screen.getByTestId('import-preview');
    expect(preview.querySelectorAll('tbody tr')).toHaveLength(10);
    expect(preview.textContent).toContain('José Muñoz 0');
    expect(preview.textContent).toContain('CS');

    await userEvent.click(screen.getByTestId('import-upload'));
    await waitFor(() =>
      expect(screen.getByTestId('import-banner').textContent).toContain('12 staff members were created'),
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('/api/massive-import/staffs');
    const rows = (sent[0]!.body as { staff: unknown[] }).staff;
    expect(rows).toHaveLength(12);
    expect(rows[0]).toEqual({ user: 'u0', name: 'José Muñoz 0', trusts: 'CS', intern: 1 });
  }, 30_000);

  it("reads a file that is neither UTF-8 nor Windows-1252 as UTF-8, the spec's fallback, and says so", async () => {
    fakeServer(200, { error: 0, result: { inserted: 1 } });
    const { input } = renderPage();
    // 0x81 and 0x8D are bytes Windows-1252 does not define: no encoding is detected with confidence.
    const bytes = Uint8Array.from([...latin1(`${header}ana\tAna `), 0x81, 0x8d, ...latin1('\tcs\t1\r\n')]);
    await userEvent.upload(input, new File([bytes], 'staff.tsv'));
    const banner = await screen.findByTestId('import-banner');
    expect(banner.textContent).toContain('neither UTF-8 nor Windows-1252');
    expect(screen.getByTestId('import-preview').textContent).toContain('Ana \uFFFD\uFFFD');
  });

  it('shows the server’s error and description when the answer is not a success', async () => {
    fakeServer(409, { error: 1706, description: '1 of these users already exist in this event: u0' });
    const { input } = renderPage();
    await userEvent.upload(input, new File([`${header}u0\tAna\tC\t1\r\n`], 'staff.txt'));
    await userEvent.click(await screen.findByTestId('import-upload'));
    await waitFor(() =>
      expect(screen.getByTestId('import-banner').textContent).toContain(
        'Error 1706: 1 of these users already exist in this event: u0',
      ),
    );
  }, 30_000);

  it('shows the file and row checks in the banner, with no upload button', async () => {
    const sent = fakeServer(200, { error: 0, result: { inserted: 0 } });
    const { input } = renderPage();
    await userEvent.upload(input, new File([`${header}ana\tAna\tC\t1\nbo\t\tC\t1\n`], 'staff.tsv'));
    await waitFor(() =>
      expect(screen.getByTestId('import-banner').textContent).toContain(
        'A staff member exists without name (row 2)',
      ),
    );
    expect(screen.queryByTestId('import-upload')).toBeNull();

    await userEvent.upload(input, new File(['ana\tAna\tC\t1'], 'one-line.tsv'));
    await waitFor(() => expect(screen.getByTestId('import-banner').textContent).toContain('no line breaks'));

    // Switching to "no headers" reads the header line as data: its trusts are no set of letters.
    await userEvent.upload(input, new File([`${header}ana\tAna\tC\t1\n`], 'staff.tsv'));
    await screen.findByTestId('import-upload');
    await userEvent.click(screen.getByLabelText('No'));
    await waitFor(() =>
      expect(screen.getByTestId('import-banner').textContent).toContain('Row 1: the trusts must be letters'),
    );
    await userEvent.upload(input, new File([`${header}ana\tAna\tC\t1\nANA\tAna\tC\t1\n`], 'staff.tsv'));
    await userEvent.click(screen.getByLabelText('Yes'));
    await waitFor(() =>
      expect(screen.getByTestId('import-banner').textContent).toContain(
        'The column user has 1 duplicated values: ana',
      ),
    );
    expect(sent).toHaveLength(0);
  }, 30_000);
});
