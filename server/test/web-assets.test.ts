import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openTestDatabase } from './helper';

/** The built web app is sent pre-compressed and cached by what it is (issue "Speed"). */
describe('the web app’s files', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pulsera-web-'));
  const js = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  let app: Awaited<ReturnType<typeof buildApp>>['app'];
  let close: () => Promise<void>;
  beforeAll(async () => {
    mkdirSync(path.join(dir, 'assets'));
    const html = '<!doctype html><html><body><div id="root"></div></body></html>';
    writeFileSync(path.join(dir, 'index.html'), html);
    writeFileSync(path.join(dir, 'index.html.br'), brotliCompressSync(html));
    writeFileSync(path.join(dir, 'index.html.gz'), gzipSync(html));
    for (const [name, body] of [['index-Bq3xZ9aK.js', js]] as const) {
      writeFileSync(path.join(dir, 'assets', name), body);
      writeFileSync(path.join(dir, 'assets', `${name}.br`), brotliCompressSync(body));
      writeFileSync(path.join(dir, 'assets', `${name}.gz`), gzipSync(body));
    }
    const database = await openTestDatabase();
    ({ app } = await buildApp({ database, logger: false, config: { seed: 'none', consoleDist: dir } }));
    close = async () => {
      await app.close();
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    };
  });
  afterAll(() => close());

  it('sends hashed assets brotli- or gzip-compressed by Accept-Encoding, cached for a year', async () => {
    const br = await app.inject({
      method: 'GET',
      url: '/assets/index-Bq3xZ9aK.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(js);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const gz = await app.inject({
      method: 'GET',
      url: '/assets/index-Bq3xZ9aK.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(js);
    const plain = await app.inject({ method: 'GET', url: '/assets/index-Bq3xZ9aK.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
  });

  it('sends the page of every console route compressed and never cached', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/admin/events',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<div id="root">');
  });
});
