import { existsSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  admin,
  articleNamed,
  closeArticles,
  dir,
  newArticle,
  openArticles,
  other,
  remove,
  t,
} from './articles.fixture';

/** The article's image (200 × 200), on the set-up of articles.fixture.ts. */

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

beforeAll(openArticles);
afterAll(closeArticles);

describe('the article image (200 × 200, PUT /articles/image)', () => {
  async function upload(width: number, height: number) {
    const u = await t.call('POST', '/api/upload-image', {
      ...admin,
      body: { folder: 'articles', mimeType: 'image/png' },
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

  it('attaches, refuses another size, removes, and goes with the article', async () => {
    const id = await newArticle('Ice cream');
    const first = await upload(200, 200);
    const res = await t.call('PUT', '/api/articles/image', {
      ...admin,
      body: { articleId: id, key: first.key, imageObject: { url: first.url, width: 200, height: 200 } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result).toMatchObject({ url: first.url, width: 200, height: 200 });
    expect((await articleNamed('Ice cream')).pictureFull).toEqual({ id: res.body.result.id, url: first.url });

    const wrong = await upload(500, 500);
    const refused = await t.call('PUT', '/api/articles/image', {
      ...admin,
      body: { articleId: id, key: wrong.key },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.description).toBe('The image must be 200×200 pixels; this one is 500×500');
    expect((await articleNamed('Ice cream')).pictureFull).toEqual({ id: res.body.result.id, url: first.url });

    const cleared = await t.call('PUT', '/api/articles/image/delete', {
      ...admin,
      body: { articleId: id, delete: 1 },
    });
    expect(cleared.status).toBe(200);
    expect((await articleNamed('Ice cream')).pictureFull).toBeNull();
    expect(stored(first.key)).toBe(false);

    const second = await upload(200, 200);
    await t.call('PUT', '/api/articles/image', { ...admin, body: { articleId: id, key: second.key } });
    expect((await remove(id)).status).toBe(200);
    expect(stored(second.key)).toBe(false);

    const theirs = await newArticle('Their sorbet', other);
    const third = await upload(200, 200);
    const foreign = await t.call('PUT', '/api/articles/image', {
      ...admin,
      body: { articleId: theirs, key: third.key },
    });
    expect(foreign.status).toBe(404);
  });
});
