import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { buildZip } from '../../../../test/zip-fixtures';

/**
 * Zip bombs in the app-version upload (issue 26 item 2): a 1 MB archive that unpacks to 1 GB took 16 s
 * and 2.3 GB of memory. Each bomb here is refused with a 400 naming why, within a few seconds, and the
 * server's memory grows by far less than what the bomb unpacks to (200 MB).
 */
const BOMB = 200 * 1_048_576;
const MB = 1_048_576;

let t: TestApp;
let dir: string;
let admin: Awaited<ReturnType<TestApp['session']>>;
const bombs: Record<string, Buffer> = {};

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'pulsera-bombs-'));
  t = await createTestApp({ dataDir: dir });
  admin = await t.session('admin@demo.test');
  // classes.dex first: what makes an archive an APK by its first entries (file-type).
  const dex = { name: 'classes.dex', data: Buffer.from('dex\n035\0') };
  bombs.manifest = await buildZip([dex, { name: 'AndroidManifest.xml', zeros: BOMB }]);
  bombs.lyingManifest = await buildZip([
    dex,
    { name: 'AndroidManifest.xml', zeros: BOMB, declaredSize: 1024 },
  ]);
  bombs.bigManifest = await buildZip([dex, { name: 'AndroidManifest.xml', zeros: 8 * MB }]);
  bombs.innerApk = await buildZip([
    { name: 'README.txt', data: Buffer.from('app\n') },
    { name: 'release/app.apk', zeros: BOMB },
  ]);
  bombs.lyingInnerApk = await buildZip([{ name: 'release/app.apk', zeros: BOMB, declaredSize: 4096 }]);
  bombs.entries = await buildZip([
    dex,
    ...Array.from({ length: 99_999 }, (_, i) => ({ name: `r/${i}`, data: Buffer.from([i & 0xff]) })),
  ]);
}, 120_000);
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

/** Uploads the bytes as the console does and reads them, measuring the time and the memory peak. */
async function preview(bytes: Buffer, lang = 'en') {
  const start = await t.call('POST', '/api/global/upload-version/apk', admin);
  const { url, fileName } = start.body.result;
  const put = await t.app.inject({
    method: 'PUT',
    url,
    payload: bytes,
    headers: { 'content-type': 'application/octet-stream' },
  });
  expect(put.statusCode).toBe(200);
  const before = process.memoryUsage();
  let peak = { rss: before.rss, arrayBuffers: before.arrayBuffers };
  const sample = setInterval(() => {
    const m = process.memoryUsage();
    peak = { rss: Math.max(peak.rss, m.rss), arrayBuffers: Math.max(peak.arrayBuffers, m.arrayBuffers) };
  }, 2);
  const began = performance.now();
  const res = await t.call('GET', `/api/global/upload-version/preview?fileName=${fileName}`, {
    ...admin,
    lang,
  });
  const ms = performance.now() - began;
  clearInterval(sample);
  const after = process.memoryUsage();
  peak = {
    rss: Math.max(peak.rss, after.rss),
    arrayBuffers: Math.max(peak.arrayBuffers, after.arrayBuffers),
  };
  return {
    res,
    ms,
    grew: { rss: peak.rss - before.rss, arrayBuffers: peak.arrayBuffers - before.arrayBuffers },
  };
}

function expectFastAndSmall(r: Awaited<ReturnType<typeof preview>>) {
  expect(r.ms).toBeLessThan(5000);
  expect(r.grew.arrayBuffers).toBeLessThan(64 * MB);
  expect(r.grew.rss).toBeLessThan(128 * MB);
}

describe('zip bombs in the app-version upload', { timeout: 120_000 }, () => {
  it('are small files that unpack to 200 MB', () => {
    expect(bombs.manifest!.length).toBeLessThan(MB);
    expect(bombs.lyingInnerApk!.length).toBeLessThan(MB);
  });

  it('refuses an APK whose manifest unpacks to 200 MB by its declared sizes, before unpacking', async () => {
    const r = await preview(bombs.manifest!);
    expect(r.res.status).toBe(400);
    expect(r.res.body.error).toBe(3308);
    expect(r.res.body.description).toMatch(
      /^The archive unpacks to \d+ times its size, more than the 100 times allowed \(a possible zip bomb\)$/,
    );
    expectFastAndSmall(r);
  });

  it('refuses an APK whose manifest declares 1 KB and unpacks to 200 MB once 1 KB came out', async () => {
    const r = await preview(bombs.lyingManifest!);
    expect(r.res.status).toBe(400);
    expect(r.res.body.error).toBe(3309);
    expect(r.res.body.description).toBe(
      'AndroidManifest.xml in the archive unpacks to more than 1 KB (a damaged file or a zip bomb)',
    );
    expectFastAndSmall(r);
  });

  it('refuses a manifest over 4 MB without unpacking it', async () => {
    const r = await preview(bombs.bigManifest!);
    expect(r.res.status).toBe(400);
    expect(r.res.body.description).toBe(
      'AndroidManifest.xml in the archive unpacks to more than 4 MB (a damaged file or a zip bomb)',
    );
    expectFastAndSmall(r);
  });

  it('refuses a .zip whose .apk unpacks to 200 MB, honest or lying about its size', async () => {
    const honest = await preview(bombs.innerApk!);
    expect(honest.res.status).toBe(400);
    expect(honest.res.body.error).toBe(3308);
    expectFastAndSmall(honest);
    const lying = await preview(bombs.lyingInnerApk!);
    expect(lying.res.status).toBe(400);
    expect(lying.res.body.description).toBe(
      'release/app.apk in the archive unpacks to more than 4 KB (a damaged file or a zip bomb)',
    );
    expectFastAndSmall(lying);
  });

  it('refuses an archive of 100,000 files from its central directory, in every language', async () => {
    const r = await preview(bombs.entries!);
    expect(r.res.status).toBe(400);
    expect(r.res.body.description).toBe('The archive lists 100000 files; an app file may hold at most 50000');
    expectFastAndSmall(r);
    const seen = new Set<string>();
    for (const lang of ['es', 'fr', 'it']) {
      const again = await preview(bombs.entries!, lang);
      expect(again.res.status).toBe(400);
      expect(again.res.body.description).toContain('100000');
      expect(again.res.body.description).not.toMatch(/\{\{|appArchive/);
      seen.add(again.res.body.description);
    }
    expect(seen.size).toBe(3);
  });
});
