import { existsSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, closeRols, create, dir, ok, openRols, other, remove, rolById, t } from './rols.fixture';

/** The ticket role's image (500 × 140), on the set-up of rols.fixture.ts. */

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
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc((width * 3 + 1) * height))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

beforeAll(openRols);
afterAll(closeRols);

describe('the rol image (500 × 140, PUT /rols/image)', () => {
  async function upload(width: number, height: number) {
    const u = ok(
      await t.call('POST', '/api/upload-image', {
        ...admin,
        body: { folder: 'rols', mimeType: 'image/png' },
      }),
    );
    const put = await t.app.inject({
      method: 'PUT',
      url: u.uploadUrl,
      payload: png(width, height),
      headers: { 'content-type': 'image/png' },
    });
    expect(put.statusCode).toBe(200);
    return u as { key: string; url: string };
  }
  const stored = (key: string) => existsSync(path.join(dir, 'uploads', key));

  it('attaches (a save of the rol), refuses another size, removes, and goes with the rol', async () => {
    const id = await create({ name: 'Backstage crew' });
    const first = await upload(500, 140);
    const image = ok(
      await t.call('PUT', '/api/rols/image', {
        ...admin,
        body: { rolId: id, key: first.key, imageObject: { url: first.url, width: 500, height: 140 } },
      }),
    );
    expect(image).toMatchObject({ url: first.url, width: 500, height: 140 });
    const saved = await rolById(id);
    expect(saved).toMatchObject({ idImage: image.id, pictureFull: { id: image.id, url: first.url } });
    expect(saved.dateUpdateImage).toEqual(expect.any(String));

    const wrong = await upload(200, 200);
    const refused = await t.call('PUT', '/api/rols/image', { ...admin, body: { rolId: id, key: wrong.key } });
    expect(refused.status).toBe(400);
    expect(refused.body.description).toBe('The image must be 500×140 pixels; this one is 200×200');

    ok(await t.call('PUT', '/api/rols/image/delete', { ...admin, body: { rolId: id, delete: 1 } }));
    expect(await rolById(id)).toMatchObject({ idImage: null, pictureFull: null });
    expect(stored(first.key)).toBe(false);

    const second = await upload(500, 140);
    ok(await t.call('PUT', '/api/rols/image', { ...admin, body: { rolId: id, key: second.key } }));
    ok(await remove(id));
    expect(stored(second.key)).toBe(false);

    const theirs = await create({ name: 'Their crew' }, other);
    const third = await upload(500, 140);
    expect(
      (await t.call('PUT', '/api/rols/image', { ...admin, body: { rolId: theirs, key: third.key } })).status,
    ).toBe(404);
  });
});
