import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import '../lib/i18n';
import { ImageUploadField } from './image-upload';

beforeAll(() => {
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
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A fake network answering the three calls of an upload like the server does. */
function fakeServer(attach: (body: Record<string, unknown>) => Response) {
  const sent: Sent[] = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
      sent.push({ method: init.method ?? 'GET', url, headers: init.headers as Record<string, string>, body });
      if (url === '/api/upload-image') {
        return json(200, {
          error: 0,
          result: {
            uploadUrl: '/api/uploads/signed',
            key: `others/${'a'.repeat(32)}.svg`,
            url: `/api/files/others/${'a'.repeat(32)}.svg`,
            expiresAt: new Date(Date.now() + 600_000).toISOString(),
            maxBytes: 2_097_152,
          },
        });
      }
      if (url === '/api/uploads/signed') return json(200, { error: 0, result: {} });
      return attach(body as Record<string, unknown>);
    }),
  );
  return { sent, json };
}

const svgFile = (attrs: string, name = 'logo.svg', inner = '') =>
  new File([`<svg xmlns="http://www.w3.org/2000/svg" ${attrs}>${inner}</svg>`], name, {
    type: 'image/svg+xml',
  });

function renderField(onChange = vi.fn()) {
  const view = render(
    <MantineProvider>
      <ImageUploadField
        label="Receipt logo"
        value={null}
        path="/event/images/receipt-logo"
        folder="others"
        size={{ width: 200, height: 200 }}
        onChange={onChange}
      />
    </MantineProvider>,
  );
  const input = view.container.querySelector('input[type="file"]') as HTMLInputElement;
  return { input, onChange };
}

describe('ImageUploadField', () => {
  it('checks an SVG, asks for an address, PUTs the bytes with their type and attaches the image', async () => {
    const image = { id: 7, url: `/api/files/others/${'a'.repeat(32)}.svg`, width: 200, height: 200 };
    const { sent, json } = fakeServer(() => json(200, { error: 0, result: image }));
    const { input, onChange } = renderField();
    const file = svgFile('viewBox="0 0 200 200"');
    await userEvent.setup().upload(input, file);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(image));

    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual([
      'POST /api/upload-image',
      'PUT /api/uploads/signed',
      'PUT /api/event/images/receipt-logo',
    ]);
    expect(sent[0]!.body).toEqual({ folder: 'others', mimeType: 'image/svg+xml' });
    expect(sent[1]!.headers['content-type']).toBe('image/svg+xml');
    expect(sent[1]!.body).toBe(file);
    expect(sent[2]!.body).toEqual({
      key: `others/${'a'.repeat(32)}.svg`,
      imageObject: { url: image.url, width: 200, height: 200 },
    });
  });

  it('refuses in the browser a wrong extension, a renamed executable, an unsafe SVG and a wrong size', async () => {
    const { sent } = fakeServer(() => new Response('{}'));
    const { input, onChange } = renderField();
    const user = userEvent.setup({ applyAccept: false });

    await user.upload(input, new File(['GIF89a'], 'logo.gif', { type: 'image/gif' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Choose a .jpg, .jpeg, .png or .svg file',
    );

    const elf = new File([new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0])], 'logo.png', {
      type: 'image/png',
    });
    await user.upload(input, elf);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'The file is not a real PNG image. Accepted types: .jpg, .jpeg, .png, .svg',
      ),
    );

    await user.upload(input, svgFile('width="200" height="200"', 'logo.svg', '<script>alert(1)</script>'));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'The SVG contains <script>, which is not allowed in images',
      ),
    );

    await user.upload(input, svgFile('width="500" height="140"'));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'The SVG must have the proportions of 200×200; this one is 500×140',
      ),
    );
    expect(sent).toHaveLength(0);
    expect(onChange).not.toHaveBeenCalled();
  });

  it("shows the server's refusal under the field", async () => {
    const { json } = fakeServer(() =>
      json(400, { error: 1107, description: 'The image must be 200×200 pixels; this one is 201×200' }),
    );
    const { input, onChange } = renderField();
    await userEvent.setup().upload(input, svgFile('width="200" height="200"'));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'The image must be 200×200 pixels; this one is 201×200',
      ),
    );
    expect(onChange).not.toHaveBeenCalled();
  });
});
