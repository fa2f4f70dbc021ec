import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { PERMISSIONS } from '@pulsera/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { images } from '../../../core/db/schema';

/** A valid RGB PNG of that size. */
function png(width: number, height: number) {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = table[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc((width * 3 + 1) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

type Session = Awaited<ReturnType<TestApp['session']>>;
let t: TestApp;
let dir: string;
let admin: Session;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'pulsera-location-logo-'));
  t = await createTestApp({ dataDir: dir });
  admin = await t.session('admin@demo.test');
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

/** Asks for an upload address in the folder `locations` and PUTs the PNG there; answers the key. */
async function upload(width: number, height: number, s: Session = admin) {
  const u = await t.call('POST', '/api/upload-image', {
    ...s,
    body: { folder: 'locations', mimeType: 'image/png' },
  });
  expect(u.status).toBe(200);
  const put = await t.app.inject({
    method: 'PUT',
    url: u.body.result.uploadUrl,
    payload: png(width, height),
    headers: { 'content-type': 'image/png' },
  });
  expect(put.statusCode).toBe(200);
  return u.body.result as { key: string; url: string };
}
const stored = (key: string) => existsSync(path.join(dir, 'uploads', key));
const imageRows = (key: string) => t.database.db.select().from(images).where(eq(images.storageKey, key));
const newLocation = async (nombre: string, s: Session = admin) =>
  (await t.call('POST', '/api/locations', { ...s, body: { location: { nombre } } })).body.result.id as number;
const logoOf = async (id: number, s: Session = admin) =>
  (await t.call('GET', '/api/locations', s)).body.result.locations.find((l: { id: number }) => l.id === id)
    .pictureReceiptLogo;

describe('the receipt logo of a location (200 × 200, PUT /locations/images)', () => {
  it('attaches a logo, replaces it (deleting the old one) and removes it', async () => {
    const id = await newLocation('Main bar');
    expect(await logoOf(id)).toBeNull();
    const first = await upload(200, 200);
    const res = await t.call('PUT', '/api/locations/images', {
      ...admin,
      body: { locationId: id, key: first.key, imageObject: { url: first.url, width: 200, height: 200 } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result).toMatchObject({
      id: expect.any(Number),
      url: first.url,
      width: 200,
      height: 200,
    });
    expect(await logoOf(id)).toEqual({ id: res.body.result.id, url: first.url });

    const second = await upload(200, 200);
    const replaced = await t.call('PUT', '/api/locations/images', {
      ...admin,
      body: { locationId: id, key: second.key },
    });
    expect(await logoOf(id)).toEqual({ id: replaced.body.result.id, url: second.url });
    expect(await imageRows(first.key)).toHaveLength(0);
    expect(stored(first.key)).toBe(false);

    const removed = await t.call('PUT', '/api/locations/images/delete', {
      ...admin,
      body: { locationId: id, delete: 1 },
    });
    expect(removed.body.result).toBe(true);
    expect(await logoOf(id)).toBeNull();
    expect(await imageRows(second.key)).toHaveLength(0);
    expect(stored(second.key)).toBe(false);
  });

  it('refuses an image of another size and keeps the logo', async () => {
    const id = await newLocation('Shop');
    const ok = await upload(200, 200);
    await t.call('PUT', '/api/locations/images', { ...admin, body: { locationId: id, key: ok.key } });
    const wrong = await upload(500, 140);
    const res = await t.call('PUT', '/api/locations/images', {
      ...admin,
      body: { locationId: id, key: wrong.key },
    });
    expect(res.status).toBe(400);
    expect(res.body.description).toBe('The image must be 200×200 pixels; this one is 500×140');
    expect((await logoOf(id)).url).toBe(ok.url);
    expect(await imageRows(wrong.key)).toHaveLength(0);
  });

  it('deleting the location deletes its logo', async () => {
    const id = await newLocation('Pop-up');
    const u = await upload(200, 200);
    await t.call('PUT', '/api/locations/images', { ...admin, body: { locationId: id, key: u.key } });
    expect(await imageRows(u.key)).toHaveLength(1);
    expect((await t.call('DELETE', `/api/locations/${id}`, admin)).status).toBe(200);
    expect(await imageRows(u.key)).toHaveLength(0);
    expect(stored(u.key)).toBe(false);
  });

  it('refuses another event’s location (404) and callers without the locations permission', async () => {
    const other = await t.session('admin@demo.test', 'Sonora Festival 2027');
    const theirs = await newLocation('Their bar', other);
    const u = await upload(200, 200);
    const res = await t.call('PUT', '/api/locations/images', {
      ...admin,
      body: { locationId: theirs, key: u.key },
    });
    expect(res.status).toBe(404);
    expect(await logoOf(theirs, other)).toBeNull();
    const cleared = await t.call('PUT', '/api/locations/images/delete', {
      ...admin,
      body: { locationId: theirs },
    });
    expect(cleared.status).toBe(404);

    const ev = await t.activeEvent();
    await t.userWithPermissions('logo-no-locations@demo.test', ev.id, [
      PERMISSIONS.zonas,
      PERMISSIONS.puertas,
      PERMISSIONS.timeRange,
    ]);
    const s = await t.session('logo-no-locations@demo.test');
    const mine = await newLocation('Mine');
    expect(
      (await t.call('PUT', '/api/locations/images', { ...s, body: { locationId: mine, key: u.key } })).status,
    ).toBe(403);
    expect(await logoOf(mine)).toBeNull();
  });
});
