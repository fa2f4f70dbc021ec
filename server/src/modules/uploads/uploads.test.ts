import { existsSync } from 'node:fs';
import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper';
import { ELF, EXE, jpeg, png, svg } from '../../../test/image-fixtures';
import { events, images } from '../../core/db/schema';
import { Tokens } from '../../core/lib/tokens';
import { UPLOAD_PURPOSE } from './storage';
import { sweepUnattachedUploads } from './upload-sweep.task';

/* ---------- the app ---------- */

let t: TestApp;
let dir: string;
let admin: Awaited<ReturnType<TestApp['session']>>;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'pulsera-uploads-'));
  t = await createTestApp({ dataDir: dir });
  admin = await t.session('admin@demo.test');
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const requestUpload = async (mimeType: string, folder = 'others', s = admin) => {
  const res = await t.call('POST', '/api/upload-image', { ...s, body: { folder, mimeType } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result as {
    uploadUrl: string;
    key: string;
    url: string;
    expiresAt: string;
    maxBytes: number;
  };
};
const putBytes = async (url: string, bytes: Buffer, contentType: string) => {
  const res = await t.app.inject({
    method: 'PUT',
    url,
    payload: bytes,
    headers: { 'content-type': contentType },
  });
  return { status: res.statusCode, body: res.json(), raw: res };
};
/** Asks for an address, PUTs the bytes and answers the key (expects the upload to pass). */
const upload = async (bytes: Buffer, mime: string) => {
  const u = await requestUpload(mime);
  const put = await putBytes(u.uploadUrl, bytes, mime);
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  return u;
};
const stored = (key: string) => existsSync(path.join(dir, 'uploads', key));
const eventRow = async () =>
  (await t.database.db.select().from(events).where(eq(events.token, admin.event)))[0]!;
const imageRows = async (key: string) =>
  t.database.db.select().from(images).where(eq(images.storageKey, key));

describe('shared image uploads (local storage)', () => {
  it('uploads a 200×200 PNG and sets it as the receipt logo of the event, then removes it', async () => {
    const bytes = png(200, 200);
    const u = await requestUpload('image/png');
    expect(u.key).toMatch(/^others\/[a-f0-9]{32}\.png$/);
    expect(u.uploadUrl).toMatch(/^\/api\/uploads\/[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(u.url).toBe(`/api/files/${u.key}`);
    expect(u.maxBytes).toBe(2 * 1_048_576);
    const minutes = (Date.parse(u.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9);
    expect(minutes).toBeLessThanOrEqual(10);

    const put = await putBytes(u.uploadUrl, bytes, 'image/png');
    expect(put.status).toBe(200);
    expect(put.body.result).toMatchObject({ key: u.key, width: 200, height: 200 });
    expect(stored(u.key)).toBe(true);

    const served = await t.app.inject({ method: 'GET', url: u.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(bytes)).toBe(true);

    const attached = await t.call('PUT', '/api/event/images/receipt-logo', {
      ...admin,
      body: { key: u.key, imageObject: { url: u.url, width: 200, height: 200 } },
    });
    expect(attached.status, JSON.stringify(attached.body)).toBe(200);
    const image = attached.body.result;
    expect(image).toMatchObject({ url: u.url, width: 200, height: 200 });
    const ev = await eventRow();
    expect(ev.pictureReceiptLogoId).toBe(image.id);
    expect(ev.pictureReceiptLogoUrl).toBe(u.url);
    const [row] = await imageRows(u.key);
    expect(row).toMatchObject({ eventId: ev.id, folder: 'others', mime: 'image/png', bytes: bytes.length });
    expect(row!.uploadedBy).not.toBeNull();

    // Sent again (a retry), the same key answers the same image.
    const again = await t.call('PUT', '/api/event/images/receipt-logo', { ...admin, body: { key: u.key } });
    expect(again.body.result.id).toBe(image.id);

    const removed = await t.call('PUT', '/api/event/images/receipt-logo/delete', {
      ...admin,
      body: { delete: 1 },
    });
    expect(removed.status).toBe(200);
    const cleared = await eventRow();
    expect(cleared.pictureReceiptLogoId).toBeNull();
    expect(cleared.pictureReceiptLogoUrl).toBeNull();
    expect(await imageRows(u.key)).toHaveLength(0);
    expect(stored(u.key)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: u.url })).statusCode).toBe(404);
  });

  it('deletes uploads never attached once they are older than the sweep age, and nothing else', async () => {
    const kept = await upload(png(200, 200), 'image/png');
    const attached = await t.call('PUT', '/api/event/images/receipt-logo', {
      ...admin,
      body: { key: kept.key },
    });
    expect(attached.status, JSON.stringify(attached.body)).toBe(200);
    const abandoned = await upload(png(200, 200), 'image/png');
    const fresh = await upload(png(500, 140), 'image/png');
    const notOurs = path.join(dir, 'uploads', 'others', 'notes.txt');
    await writeFile(notOurs, 'kept by whoever wrote it');
    const twoDaysAgo = new Date(Date.now() - 48 * 3_600_000);
    for (const key of [kept.key, abandoned.key])
      await utimes(path.join(dir, 'uploads', key), twoDaysAgo, twoDaysAgo);
    await utimes(notOurs, twoDaysAgo, twoDaysAgo);

    const removed = await sweepUnattachedUploads(t.ctx, new Date(Date.now() - 24 * 3_600_000));
    expect(removed).toEqual([abandoned.key]);
    expect(stored(abandoned.key)).toBe(false);
    expect(stored(kept.key)).toBe(true);
    expect(stored(fresh.key)).toBe(true);
    expect(existsSync(notOurs)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: kept.url })).statusCode).toBe(200);
    await t.call('PUT', '/api/event/images/receipt-logo/delete', { ...admin, body: { delete: 1 } });
  });

  it('replacing the sponsor image deletes the one it replaces', async () => {
    const first = await upload(png(500, 140), 'image/png');
    const a = await t.call('PUT', '/api/event/images/image-sponsor', { ...admin, body: { key: first.key } });
    expect(a.status).toBe(200);
    const second = await upload(png(500, 140), 'image/png');
    const b = await t.call('PUT', '/api/event/images/image-sponsor', { ...admin, body: { key: second.key } });
    expect(b.status).toBe(200);
    expect((await eventRow()).pictureSponsorId).toBe(b.body.result.id);
    expect(await imageRows(first.key)).toHaveLength(0);
    expect(stored(first.key)).toBe(false);
    expect(stored(second.key)).toBe(true);
  });

  it('refuses an image of the wrong size for its use, and changes nothing', async () => {
    const before = await eventRow();
    const u = await upload(png(200, 200), 'image/png');
    const res = await t.call('PUT', '/api/event/images/image-sponsor', { ...admin, body: { key: u.key } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(1107);
    expect(res.body.description).toBe('The image must be 500×140 pixels; this one is 200×200');
    const after = await eventRow();
    expect(after.pictureSponsorId).toBe(before.pictureSponsorId);
    expect(await imageRows(u.key)).toHaveLength(0);
    expect(stored(u.key)).toBe(false);

    const spanish = await upload(png(201, 200), 'image/png');
    const es = await t.call('PUT', '/api/event/images/receipt-logo', {
      ...admin,
      lang: 'es',
      body: { key: spanish.key },
    });
    expect(es.body.description).toBe('La imagen debe medir 200×200 píxeles; esta mide 201×200');
  });

  it('accepts an SVG of the right proportions and serves it so its content cannot run script', async () => {
    const bytes = svg('viewBox="0 0 1000 280"');
    const u = await upload(bytes, 'image/svg+xml');
    expect(u.key).toMatch(/\.svg$/);
    const served = await t.app.inject({ method: 'GET', url: u.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain(
      "default-src 'none'; style-src 'unsafe-inline'",
    );
    // One policy, with one frame-ancestors directive, as on every answer (issue 26 item 12).
    const ancestors = String(served.headers['content-security-policy'])
      .split(';')
      .filter((d) => d.trim().startsWith('frame-ancestors'));
    expect(ancestors.map((d) => d.trim())).toEqual(["frame-ancestors 'none'"]);
    expect(served.headers['content-disposition']).toBe('inline');
    const res = await t.call('PUT', '/api/event/images/image-sponsor', { ...admin, body: { key: u.key } });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ width: 1000, height: 280 });

    const square = await upload(svg('width="64" height="64"'), 'image/svg+xml');
    const wrong = await t.call('PUT', '/api/event/images/image-sponsor', {
      ...admin,
      body: { key: square.key },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe(1108);
  });

  it('refuses an SVG carrying script', async () => {
    for (const inner of [
      // A ">" inside an earlier attribute hid the handler from the first check (issue 26 item 7).
      '<a x=">" onclick="alert(1)"><rect width="1" height="1"/></a>',
      '<script>alert(1)</script>',
      '<rect width="1" height="1" onload="alert(1)"/>',
      '<a href="javascript:alert(1)"><rect width="1" height="1"/></a>',
      '<foreignObject><iframe src="x"></iframe></foreignObject>',
    ]) {
      const u = await requestUpload('image/svg+xml');
      const put = await putBytes(u.uploadUrl, svg('width="200" height="200"', inner), 'image/svg+xml');
      expect(put.status, inner).toBe(415);
      expect(put.body.error).toBe(1105);
      expect(stored(u.key)).toBe(false);
    }
  });

  it('refuses an executable renamed .png, whatever it declares', async () => {
    for (const [bytes, name] of [
      [ELF, 'ELF'],
      [EXE, 'EXE'],
    ] as const) {
      const u = await requestUpload('image/png');
      const put = await putBytes(u.uploadUrl, bytes, 'image/png');
      expect(put.status).toBe(415);
      expect(put.body.error).toBe(1103);
      expect(put.body.description).toBe(
        `The file is not a real PNG image: its content is ${name}. Accepted types: .jpg, .jpeg, .png, .svg`,
      );
      expect(stored(u.key)).toBe(false);
      const asOctets = await putBytes(u.uploadUrl, bytes, 'application/octet-stream');
      expect(asOctets.status).toBe(415);
      expect(stored(u.key)).toBe(false);
    }
    const u = await requestUpload('image/png');
    const text = await putBytes(u.uploadUrl, Buffer.from('#!/bin/sh\nrm -rf /\n'), 'image/png');
    expect(text.status).toBe(415);
    expect(text.body.error).toBe(1104);
  });

  it('refuses a JPEG declared as PNG, and accepts it declared as JPEG', async () => {
    const declaredPng = await requestUpload('image/png');
    const put = await putBytes(declaredPng.uploadUrl, jpeg(200, 200), 'image/png');
    expect(put.status).toBe(415);
    expect(put.body.description).toContain('its content is JPEG');

    const u = await upload(jpeg(200, 200), 'image/jpeg');
    expect(u.key).toMatch(/\.jpg$/);
    const res = await t.call('PUT', '/api/event/images/receipt-logo', { ...admin, body: { key: u.key } });
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ width: 200, height: 200 });
    const served = await t.app.inject({ method: 'GET', url: u.url });
    expect(served.headers['content-type']).toBe('image/jpeg');
  });

  it('refuses a content type other than the one the address was signed for', async () => {
    const u = await requestUpload('image/png');
    const put = await putBytes(u.uploadUrl, png(200, 200), 'image/jpeg');
    expect(put.status).toBe(415);
    expect(stored(u.key)).toBe(false);
    const json = await t.app.inject({ method: 'PUT', url: u.uploadUrl, payload: { a: 1 } });
    expect(json.statusCode).toBe(415);
  });

  it('refuses an expired upload address', async () => {
    const token = await t.ctx.tokens.purpose(
      UPLOAD_PURPOSE,
      { k: `others/${'a'.repeat(32)}.png`, m: 'image/png', max: 2_097_152 },
      '-1m',
    );
    const put = await putBytes(`/api/uploads/${token}`, png(200, 200), 'image/png');
    expect(put.status).toBe(401);
    expect(put.body).toMatchObject({
      error: 1100,
      description: 'The upload address has expired; choose the file again',
    });
    expect(stored(`others/${'a'.repeat(32)}.png`)).toBe(false);
  });

  it('refuses a forged or tampered upload address', async () => {
    const claims = { k: `others/${'b'.repeat(32)}.png`, m: 'image/png', max: 2_097_152 };
    const forger = new Tokens({
      sessionSecret: 'someone-else-s-secret-0123456789abcdef',
      tokenExpiryDays: 1,
      trustsExpiryHours: 1,
    });
    const forged = await forger.purpose(UPLOAD_PURPOSE, claims, '10m');
    const put = await putBytes(`/api/uploads/${forged}`, png(200, 200), 'image/png');
    expect(put.status).toBe(400);
    expect(put.body.error).toBe(1101);

    const real = await requestUpload('image/png');
    const [h, p, s] = real.uploadUrl.replace('/api/uploads/', '').split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const tampered = Buffer.from(JSON.stringify({ ...payload, max: 999_999_999 })).toString('base64url');
    const res = await putBytes(`/api/uploads/${h}.${tampered}.${s}`, png(200, 200), 'image/png');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(1101);

    // A session token is signed with the same key but for another purpose.
    const session = await putBytes(`/api/uploads/${admin.token}`, png(200, 200), 'image/png');
    expect(session.body.error).toBe(1101);
    expect(stored(claims.k)).toBe(false);
  });

  it('uses an upload address once', async () => {
    const u = await upload(png(200, 200), 'image/png');
    const again = await putBytes(u.uploadUrl, png(200, 200), 'image/png');
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(1102);
  });

  it('answers 413 for a body over the limit, without storing it', async () => {
    const u = await requestUpload('image/png');
    const big = Buffer.concat([png(200, 200), Buffer.alloc(2 * 1_048_576)]);
    const put = await putBytes(u.uploadUrl, big, 'image/png');
    expect(put.status).toBe(413);
    expect(put.body).toMatchObject({ error: 1109, description: 'The image is too large: at most 2 MB' });
    expect(stored(u.key)).toBe(false);

    const key = `others/${'c'.repeat(32)}.png`;
    const small = await t.ctx.tokens.purpose(UPLOAD_PURPOSE, { k: key, m: 'image/png', max: 1024 }, '10m');
    const over = await putBytes(`/api/uploads/${small}`, png(200, 200), 'image/png');
    expect(over.status).toBe(413);
    expect(over.body.description).toBe('The image is too large: at most 1 KB');
    expect(stored(key)).toBe(false);
  });

  it('refuses to attach a key that was never uploaded or belongs to another event', async () => {
    const never = await t.call('PUT', '/api/event/images/receipt-logo', {
      ...admin,
      body: { key: `others/${'d'.repeat(32)}.png` },
    });
    expect(never.status).toBe(404);
    expect(never.body.error).toBe(1110);
    const traversal = await t.call('PUT', '/api/event/images/receipt-logo', {
      ...admin,
      body: { key: '../../etc/passwd' },
    });
    expect(traversal.status).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/files/../../package.json' })).statusCode).toBe(
      404,
    );

    const u = await upload(png(200, 200), 'image/png');
    const mine = await t.call('PUT', '/api/event/images/receipt-logo', { ...admin, body: { key: u.key } });
    expect(mine.status).toBe(200);
    const other = await t.session('admin@demo.test', 'Sonora Festival 2027');
    const theirs = await t.call('PUT', '/api/event/images/receipt-logo', { ...other, body: { key: u.key } });
    expect(theirs.status).toBe(404);
    const otherEvent = await t.eventByName('Sonora Festival 2027');
    expect(otherEvent.pictureReceiptLogoId).toBeNull();
  });

  it('refuses the event image routes to non-admins and uploads to anonymous callers', async () => {
    const ev = await t.activeEvent();
    await t.userWithPermissions('uploader@demo.test', ev.id, [1, 40]);
    const ops = await t.session('uploader@demo.test');
    const u = await requestUpload('image/png', 'others', ops);
    expect((await putBytes(u.uploadUrl, png(200, 200), 'image/png')).status).toBe(200);
    for (const url of ['/api/event/images/receipt-logo', '/api/event/images/image-sponsor']) {
      const set = await t.call('PUT', url, { ...ops, body: { key: u.key } });
      expect(set.status).toBe(403);
      const del = await t.call('PUT', `${url}/delete`, { ...ops, body: { delete: 1 } });
      expect(del.status).toBe(403);
    }
    expect(await imageRows(u.key)).toHaveLength(0);
    const anonymous = await t.call('POST', '/api/upload-image', {
      body: { folder: 'others', mimeType: 'image/png' },
    });
    expect(anonymous.status).toBe(401);
    const badType = await t.call('POST', '/api/upload-image', {
      ...admin,
      body: { folder: 'others', mimeType: 'application/x-msdownload' },
    });
    expect(badType.status).toBe(400);
    expect(badType.body.fields[0].path).toBe('mimeType');
    const badFolder = await t.call('POST', '/api/upload-image', {
      ...admin,
      body: { folder: '../etc', mimeType: 'image/png' },
    });
    expect(badFolder.status).toBe(400);
  });
});

describe('shared image uploads (S3 storage)', () => {
  let s3: TestApp;
  beforeAll(async () => {
    s3 = await createTestApp({
      storage: {
        uploadMaxBytes: 2 * 1_048_576,
        uploadUrlMinutes: 10,
        s3: {
          bucket: 'pulsera-images',
          endpoint: 'http://127.0.0.1:9000',
          region: 'eu-west-1',
          accessKeyId: 'AKIAPULSERATEST00000',
          secretAccessKey: 'pulsera-test-secret-key-000000000000000',
          publicUrl: 'https://cdn.pulsera.example/images',
          forcePathStyle: true,
        },
      },
    });
  });
  afterAll(() => s3.close());

  it('answers a presigned PUT address for the bucket and key, and shows images from S3_PUBLIC_URL', async () => {
    const s = await s3.session('admin@demo.test');
    const res = await s3.call('POST', '/api/upload-image', {
      ...s,
      body: { folder: 'others', mimeType: 'image/png' },
    });
    expect(res.status).toBe(200);
    const { uploadUrl, key, url } = res.body.result;
    const address = new URL(uploadUrl);
    expect(address.origin).toBe('http://127.0.0.1:9000');
    expect(address.pathname).toBe(`/pulsera-images/${key}`);
    expect(address.searchParams.get('X-Amz-Signature')).toMatch(/^[a-f0-9]{64}$/);
    expect(address.searchParams.get('X-Amz-Expires')).toBe('600');
    expect(address.searchParams.get('X-Amz-Credential')).toContain('AKIAPULSERATEST00000/');
    expect(address.searchParams.get('X-Amz-SignedHeaders')).toContain('host');
    expect([...address.searchParams.keys()].some((k) => k.toLowerCase().includes('checksum'))).toBe(false);
    expect(url).toBe(`https://cdn.pulsera.example/images/${key}`);

    const local = await s3.app.inject({ method: 'GET', url: `/api/files/${key}` });
    expect(local.statusCode).toBe(302);
    expect(local.headers.location).toBe(url);
  });
});
