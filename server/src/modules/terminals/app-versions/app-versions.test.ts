import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { registerDevice } from '../feed/device.service';
import { latestAppVersion } from './app-versions.service';

/**
 * Terminal software (issue 18) with a real APK: io.appium.settings's debug build (Apache-2.0, a
 * devDependency), which app-info-parser reads as versionCode 192, versionName 8.0.10, package
 * io.appium.settings, minimum SDK 26, debuggable (so a development build).
 */
const APK_PATH = path.join(
  path.dirname(createRequire(import.meta.url).resolve('io.appium.settings/package.json')),
  'apks/settings_apk-debug.apk',
);
let apk: Buffer;
let zipWithApk: Buffer;

beforeAll(async () => {
  apk = await readFile(APK_PATH);
  const zip = new JSZip();
  zip.file('README.txt', 'Pulsera terminal app\n');
  zip.file('release/settings.apk', apk);
  zipWithApk = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
});

type Session = Awaited<ReturnType<TestApp['session']>>;

/** The console's flow: empty POST, PUT of the bytes to the signed address, preview. */
async function upload(
  t: TestApp,
  s: Session,
  bytes: Buffer,
  put: (url: string, bytes: Buffer) => Promise<number>,
) {
  const start = await t.call('POST', '/api/global/upload-version/apk', s);
  expect(start.status).toBe(200);
  const { url, fileName } = start.body.result;
  expect(fileName).toMatch(/^[a-f0-9]{32}\.bin$/);
  const putStatus = await put(url, bytes);
  const preview = await t.call('GET', `/api/global/upload-version/preview?fileName=${fileName}`, s);
  return { putStatus, preview, fileName };
}

describe('terminal software on local storage', { timeout: 120_000 }, () => {
  let t: TestApp;
  let dir: string;
  let admin: Session;
  const put = async (url: string, bytes: Buffer) =>
    (
      await t.app.inject({
        method: 'PUT',
        url,
        payload: bytes,
        headers: { 'content-type': 'application/octet-stream' },
      })
    ).statusCode;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'pulsera-apps-'));
    t = await createTestApp({ dataDir: dir });
    admin = await t.session('admin@demo.test');
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('starts with no version on either card and nothing to download', async () => {
    const last = await t.call('GET', '/api/global/upload-version/lastApks', admin);
    expect(last.body.result).toEqual({ development: null, production: null });
    const dl = await t.call('GET', '/api/global/upload-version/downloadApk?type=production', admin);
    expect(dl.status).toBe(404);
    expect(dl.body.description).toBe('No production version has been enabled yet');
  });

  it('reads the real APK, enables it as the latest development version and downloads the same bytes', async () => {
    const { putStatus, preview } = await upload(t, admin, apk, put);
    expect(putStatus).toBe(200);
    expect(preview.status).toBe(200);
    expect(preview.body.result).toMatchObject({
      versionCode: 192,
      versionName: '8.0.10',
      package: 'io.appium.settings',
      isDevelopment: 1,
      minVersion: 26,
      fileKind: 'apk',
      bytes: apk.length,
    });
    // Nothing is enabled by reading a file.
    expect(
      (await t.call('GET', '/api/global/upload-version/lastApks', admin)).body.result.development,
    ).toBeNull();

    const enabled = await t.call('POST', '/api/global/upload-version/enable', {
      ...admin,
      body: { id: preview.body.result.id },
    });
    expect(enabled.status).toBe(200);
    const last = await t.call('GET', '/api/global/upload-version/lastApks', admin);
    expect(last.body.result.development).toMatchObject({ type: 'development', vName: '8.0.10', vCode: 192 });
    expect(last.body.result.production).toBeNull();

    const dl = await t.app.inject({
      method: 'GET',
      url: '/api/global/upload-version/downloadApk?type=development',
      headers: { token: admin.token },
    });
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe('application/vnd.android.package-archive');
    expect(dl.headers['content-disposition']).toBe(
      'attachment; filename="io.appium.settings-8.0.10-192.apk"',
    );
    expect(Buffer.compare(dl.rawPayload, apk)).toBe(0);
  });

  it('refuses a text file renamed .apk by its first bytes', async () => {
    const text = Buffer.from('This is not an Android app, only text saved as app.apk\n');
    const { putStatus, preview } = await upload(t, admin, text, put);
    expect(putStatus).toBe(415);
    expect(preview.status).toBe(404);
    expect(preview.body.description).toMatch(/not uploaded/);
  });

  it('accepts a real .zip holding the APK, and enabling it switches the latest', async () => {
    const { preview } = await upload(t, admin, zipWithApk, put);
    expect(preview.status).toBe(200);
    expect(preview.body.result).toMatchObject({
      versionCode: 192,
      fileKind: 'zip',
      bytes: zipWithApk.length,
    });
    const before = (await t.call('GET', '/api/global/upload-version/lastApks', admin)).body.result
      .development;
    expect(before.fileKind).toBe('apk');
    await t.call('POST', '/api/global/upload-version/enable', {
      ...admin,
      body: { id: preview.body.result.id },
    });
    const after = (await t.call('GET', '/api/global/upload-version/lastApks', admin)).body.result.development;
    expect(after).toMatchObject({ id: preview.body.result.id, fileKind: 'zip' });
    const dl = await t.app.inject({
      method: 'GET',
      url: '/api/global/upload-version/downloadApk?type=development',
      headers: { token: admin.token },
    });
    expect(dl.headers['content-type']).toBe('application/zip');
    expect(Buffer.compare(dl.rawPayload, zipWithApk)).toBe(0);
    // Enabling the first one again makes it the latest again.
    await t.call('POST', '/api/global/upload-version/enable', { ...admin, body: { id: before.id } });
    expect(
      (await t.call('GET', '/api/global/upload-version/lastApks', admin)).body.result.development.id,
    ).toBe(before.id);
  });

  it('refuses a .zip without an APK and removes it from the storage', async () => {
    const zip = new JSZip();
    zip.file('notes.txt', 'no app here');
    const bytes = await zip.generateAsync({ type: 'nodebuffer' });
    const { preview, fileName } = await upload(t, admin, bytes, put);
    expect(preview.status).toBe(415);
    expect(preview.body.description).toBe('The .zip must hold exactly one Android app (.apk); it holds 0');
    const again = await t.call('GET', `/api/global/upload-version/preview?fileName=${fileName}`, admin);
    expect(again.status).toBe(404);
  });

  it('answers each terminal the version of its channel at sync, and lets it download it', async () => {
    const eventId = (await t.activeEvent()).id;
    const { secretKey } = await registerDevice(t.database.db, { n_serie: 'APP-PDA-1', idEvent: eventId });
    const auth = await t.call('POST', '/api/device/auth', { body: { serial: 'APP-PDA-1', secretKey } });
    const devicetoken = auth.body.result.token;
    const op = {
      kind: 'presence',
      id: '7d1f8f7e-5a4b-4c3d-9e2f-1a2b3c4d5e6f',
      deviceTime: '2026-07-11T18:00:00Z',
      staffId: 4,
      type: 'in',
    };
    const dev = await t.call('POST', '/api/device/sync', {
      headers: { devicetoken },
      body: { operations: [op], appChannel: 'development' },
    });
    expect(dev.status).toBe(200);
    expect(dev.body.result.app).toMatchObject({
      channel: 'development',
      versionCode: 192,
      versionName: '8.0.10',
      download: '/api/device/app?channel=development',
    });
    const prod = await t.call('POST', '/api/device/sync', {
      headers: { devicetoken },
      body: { operations: [op] },
    });
    expect(prod.body.result.app).toBeNull();
    expect(await latestAppVersion(t.database.db, 'production')).toBeNull();

    const file = await t.app.inject({
      method: 'GET',
      url: dev.body.result.app.download,
      headers: { devicetoken },
    });
    expect(file.statusCode).toBe(200);
    expect(Buffer.compare(file.rawPayload, apk)).toBe(0);
    const anonymous = await t.app.inject({ method: 'GET', url: dev.body.result.app.download });
    expect(anonymous.statusCode).toBe(401);
  });

  it('is refused to a user without the configuration role', async () => {
    const ops = await t.session('ops@demo.test');
    expect((await t.call('POST', '/api/global/upload-version/apk', ops)).status).toBe(403);
    expect((await t.call('GET', '/api/global/upload-version/lastApks', ops)).status).toBe(403);
    const bad = await t.call('GET', '/api/global/upload-version/preview?fileName=../../etc/passwd', admin);
    expect(bad.status).toBe(400);
  });
});

describe('terminal software on an S3-compatible bucket (s3rver)', { timeout: 120_000 }, () => {
  let t: TestApp;
  let s3: S3rver;
  let dir: string;
  let admin: Session;
  const put = async (url: string, bytes: Buffer) =>
    (
      await fetch(url, {
        method: 'PUT',
        body: bytes,
        headers: { 'content-type': 'application/octet-stream' },
      })
    ).status;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'pulsera-s3rver-'));
    s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: dir,
      configureBuckets: [{ name: 'pulsera-apps' }],
    });
    const { port } = await s3.run();
    t = await createTestApp({
      storage: {
        uploadMaxBytes: 2 * 1_048_576,
        uploadUrlMinutes: 10,
        s3: {
          bucket: 'pulsera-apps',
          endpoint: `http://127.0.0.1:${port}`,
          region: 'us-east-1',
          accessKeyId: 'S3RVER',
          secretAccessKey: 'S3RVER',
          publicUrl: null,
          forcePathStyle: true,
        },
      },
    });
    admin = await t.session('admin@demo.test');
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('uploads to a presigned address, reads, enables and streams the APK back from the bucket', async () => {
    const { putStatus, preview } = await upload(t, admin, apk, put);
    expect(putStatus).toBe(200);
    expect(preview.status).toBe(200);
    expect(preview.body.result).toMatchObject({
      versionCode: 192,
      package: 'io.appium.settings',
      minVersion: 26,
    });
    await t.call('POST', '/api/global/upload-version/enable', {
      ...admin,
      body: { id: preview.body.result.id },
    });
    const dl = await t.app.inject({
      method: 'GET',
      url: '/api/global/upload-version/downloadApk?type=development',
      headers: { token: admin.token },
    });
    expect(dl.statusCode).toBe(200);
    expect(Buffer.compare(dl.rawPayload, apk)).toBe(0);
  });

  it('refuses, at preview, a text file renamed .apk that the bucket accepted, and deletes it', async () => {
    const { putStatus, preview, fileName } = await upload(
      t,
      admin,
      Buffer.from('plain text, named app.apk'),
      put,
    );
    expect(putStatus).toBe(200);
    expect(preview.status).toBe(415);
    const again = await t.call('GET', `/api/global/upload-version/preview?fileName=${fileName}`, admin);
    expect(again.status).toBe(404);
  });
});
