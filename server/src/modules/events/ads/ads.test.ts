import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { ads, events, images } from '../../../core/db/schema';
import { localToUtc, shiftWeekdays, toLocal, toUtc, utcToLocal } from './ad-times';

type Session = Awaited<ReturnType<TestApp['session']>>;
let t: TestApp;
let dir: string;
let admin: Session;
let other: Session;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'pulsera-ads-'));
  t = await createTestApp({ dataDir: dir });
  admin = await t.session('admin@demo.test');
  other = await t.session('admin@demo.test', 'Sonora Festival 2027');
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const save = (ad: Record<string, unknown>, s: Session = admin) =>
  t.call('POST', '/api/ads', { ...s, body: { ad } });
const list = async (s: Session = admin) => (await t.call('GET', '/api/ads', s)).body.result as any[];
const stored = async (id: number) => (await t.database.db.select().from(ads).where(eq(ads.id, id)))[0]!;
const summer = {
  dateStart: '2026-07-10',
  dateEnd: '2026-07-20',
  timeStart: '10:00:00',
  timeEnd: '23:30:00',
  dayWeek: 'VSD',
};

/** A valid RGB PNG of that size. */
function png(width: number, height: number) {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = table[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc((width * 3 + 1) * height, 7))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
/** Asks for an upload address in the ads folder and PUTs the PNG there; answers the key and url. */
async function uploadPng(width: number, height: number, s: Session = admin) {
  const u = await t.call('POST', '/api/upload-image', {
    ...s,
    body: { folder: 'ads', mimeType: 'image/png' },
  });
  expect(u.status, JSON.stringify(u.body)).toBe(200);
  const put = await t.app.inject({
    method: 'PUT',
    url: u.body.result.uploadUrl,
    payload: png(width, height),
    headers: { 'content-type': 'image/png' },
  });
  expect(put.statusCode, put.body).toBe(200);
  return u.body.result as { key: string; url: string };
}

describe('ad times: stored in UTC, shown in the event’s time zone', () => {
  it('converts with the offset of the ad’s start date, both ways, around midnight', () => {
    expect(localToUtc('10:00:00', '2026-07-10', 'Europe/Madrid')).toBe('08:00:00');
    expect(localToUtc('10:00:00', '2026-01-10', 'Europe/Madrid')).toBe('09:00:00');
    expect(localToUtc('00:30:00', '2026-07-10', 'Europe/Madrid')).toBe('22:30:00');
    expect(utcToLocal('22:30:00', '2026-07-10', 'Europe/Madrid')).toBe('00:30:00');
    expect(localToUtc('20:15:30', '2026-07-10', 'America/New_York')).toBe('00:15:30');
    expect(utcToLocal('08:00:00.000000', '2026-07-10', 'Europe/Madrid')).toBe('10:00:00');
    // The day the clocks change keeps a round trip exact.
    const t1 = localToUtc('02:30:00', '2026-03-29', 'Europe/Madrid');
    expect(utcToLocal(t1, '2026-03-29', 'Europe/Madrid')).toBe('02:30:00');
  });
});

describe('ad weekdays: they move with the start time across midnight', () => {
  it('shifts the letters a day back or forward, Sunday and Monday wrapping', () => {
    expect(shiftWeekdays('LMXJVSD', -1)).toBe('LMXJVSD');
    expect(shiftWeekdays('L', -1)).toBe('D');
    expect(shiftWeekdays('LD', -1)).toBe('SD');
    expect(shiftWeekdays('VSD', 1)).toBe('LSD');
    expect(shiftWeekdays('MJ', 0)).toBe('MJ');
  });

  it('stores the UTC day of the start time and reads the local day back, both ways', () => {
    // Madrid in summer (UTC+2): Monday 01:00 local starts on Sunday 23:00 UTC.
    const monday = { timeStart: '01:00:00', timeEnd: '03:00:00', dayWeek: 'L' };
    const stored = toUtc(monday, '2026-07-10', 'Europe/Madrid');
    expect(stored).toEqual({ timeStart: '23:00:00', timeEnd: '01:00:00', dayWeek: 'D' });
    expect(toLocal(stored, '2026-07-10', 'Europe/Madrid')).toEqual(monday);
    // No wrap: the weekdays stay.
    const evening = { timeStart: '18:00:00', timeEnd: '23:30:00', dayWeek: 'VS' };
    expect(toUtc(evening, '2026-07-10', 'Europe/Madrid').dayWeek).toBe('VS');
    // New York in summer (UTC-4): Friday 20:15 starts on Saturday 00:15 UTC, Sunday's on Monday.
    const late = { timeStart: '20:15:00', timeEnd: '23:00:00', dayWeek: 'VD' };
    const ny = toUtc(late, '2026-07-10', 'America/New_York');
    expect(ny).toEqual({ timeStart: '00:15:00', timeEnd: '03:00:00', dayWeek: 'LS' });
    expect(toLocal(ny, '2026-07-10', 'America/New_York')).toEqual(late);
    // Every minute of the day and every set of days comes back as it was saved.
    for (const tz of ['Europe/Madrid', 'America/New_York', 'Asia/Kolkata', 'Pacific/Chatham']) {
      for (let minute = 0; minute < 1440; minute += 15) {
        const hh = String(Math.floor(minute / 60)).padStart(2, '0');
        const mm = String(minute % 60).padStart(2, '0');
        const ad = { timeStart: `${hh}:${mm}:00`, timeEnd: '12:00:00', dayWeek: 'LXD' };
        expect(toLocal(toUtc(ad, '2026-07-10', tz), '2026-07-10', tz), `${tz} ${hh}:${mm}`).toEqual(ad);
      }
    }
  });
});

describe('kiosk ads (admin/events/ads)', () => {
  it('creates (result is the id), reads in local time, updates and deletes', async () => {
    const created = await save(summer);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.result;
    expect(id).toEqual(expect.any(Number));
    // Europe/Madrid is UTC+2 in July: stored in UTC.
    const row = await stored(id);
    expect([row.timeStartUtc, row.timeEndUtc]).toEqual(['08:00:00', '21:30:00']);
    expect((await list()).find((a) => a.id === id)).toEqual({
      id,
      order: 1,
      ...summer,
      pictureFull: null,
      idImage: null,
      date_update: expect.any(String),
    });

    // A second ad goes last; an explicit order is kept.
    const second = (await save({ ...summer, dayWeek: 'LMXJVSD' })).body.result;
    expect((await list()).find((a) => a.id === second).order).toBe(2);

    const winter = {
      dateStart: '2026-01-05',
      dateEnd: '2026-01-05',
      timeStart: '00:30:00',
      timeEnd: '12:00:00',
    };
    const updated = await save({ id, ...winter, dayWeek: 'L', order: 7 });
    expect(updated.status).toBe(200);
    expect(updated.body.result).toBe(id);
    // 00:30 on Monday in Madrid (UTC+1 in January) is Sunday 23:30 in UTC: stored as Sunday.
    expect(await stored(id)).toMatchObject({ timeStartUtc: '23:30:00', dayWeek: 'D' });
    expect((await list()).find((a) => a.id === id)).toMatchObject({ ...winter, dayWeek: 'L', order: 7 });
    // Without an order a saved ad keeps its own.
    await save({ id, ...winter, dayWeek: 'L' });
    expect((await stored(id)).sortOrder).toBe(7);
    expect((await list()).map((a) => a.id)).toEqual([second, id]);

    // The event's time zone decides: the same stored UTC time reads differently elsewhere.
    const ev = await t.activeEvent();
    await t.database.db.update(events).set({ timezone: 'America/New_York' }).where(eq(events.id, ev.id));
    const s = await t.session('admin@demo.test');
    expect((await list(s)).find((a) => a.id === second).timeStart).toBe('04:00:00');
    await t.database.db.update(events).set({ timezone: 'Europe/Madrid' }).where(eq(events.id, ev.id));

    const removed = await t.call('DELETE', `/api/ads/${id}`, admin);
    expect(removed.status).toBe(200);
    expect(removed.body.result).toBe(true);
    expect((await list()).some((a) => a.id === id)).toBe(false);
    expect((await t.call('DELETE', `/api/ads/${id}`, admin)).status).toBe(404);
    expect((await save({ id, ...summer })).status).toBe(404);
  });

  it('validates dates (required, start not after end: under the end date), times and weekdays', async () => {
    const before = (await list()).length;
    const field = async (ad: Record<string, unknown>) => {
      const res = await save(ad);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      return res.body.fields as { path: string; message: string; text: string }[];
    };
    expect(await field({ ...summer, dateStart: '2026-07-21' })).toEqual([
      {
        path: 'ad.dateEnd',
        message: 'validation.endAfterStart',
        text: 'The end date must be after the start date',
      },
    ]);
    const { dateStart: _s, ...noStart } = summer;
    expect((await field(noStart))[0]).toMatchObject({ path: 'ad.dateStart', message: 'validation.required' });
    expect((await field({ ...summer, dateEnd: '' }))[0]).toMatchObject({
      path: 'ad.dateEnd',
      message: 'validation.required',
    });
    expect((await field({ ...summer, dateStart: '2026-02-30' }))[0].path).toBe('ad.dateStart');
    expect((await field({ ...summer, dateEnd: '2100-01-01' }))[0].message).toBe(
      'validation.endBound|{"bound":"2099-12-31"}',
    );
    expect((await field({ ...summer, timeStart: '10:00' }))[0]).toMatchObject({
      path: 'ad.timeStart',
      message: 'validation.timeFormat',
      text: 'Use the format hh:mm:ss',
    });
    expect((await field({ ...summer, timeEnd: '24:00:00' }))[0].path).toBe('ad.timeEnd');
    const { timeEnd: _e, ...noEnd } = summer;
    expect((await field(noEnd))[0]).toMatchObject({ path: 'ad.timeEnd', message: 'validation.required' });
    expect((await field({ ...summer, dayWeek: '' }))[0]).toMatchObject({
      path: 'ad.dayWeek',
      message: 'validation.required',
    });
    expect((await field({ ...summer, dayWeek: 'LQ' }))[0].message).toBe('validation.weekdays');
    expect((await field({ ...summer, order: -1 }))[0].path).toBe('ad.order');
    expect((await list()).length).toBe(before);
  });

  it('attaches a 500×500 image to a saved ad, replaces it, refuses other sizes and removes it', async () => {
    const id = (await save(summer)).body.result;
    const first = await uploadPng(500, 500);
    const attached = await t.call('PUT', '/api/ads/kiosk/image', {
      ...admin,
      body: { adId: id, key: first.key },
    });
    expect(attached.status, JSON.stringify(attached.body)).toBe(200);
    expect(attached.body.result).toMatchObject({ url: first.url, width: 500, height: 500 });
    const imageId = attached.body.result.id;
    expect((await list()).find((a) => a.id === id)).toMatchObject({
      idImage: imageId,
      pictureFull: { id: imageId, url: first.url },
    });

    const wrong = await uploadPng(500, 140);
    const refused = await t.call('PUT', '/api/ads/kiosk/image', {
      ...admin,
      body: { adId: id, key: wrong.key },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      error: 1107,
      description: 'The image must be 500×500 pixels; this one is 500×140',
    });
    expect((await list()).find((a) => a.id === id).idImage).toBe(imageId);

    const second = await uploadPng(500, 500);
    const replaced = await t.call('PUT', '/api/ads/kiosk/image', {
      ...admin,
      body: { adId: id, key: second.key },
    });
    expect(replaced.status).toBe(200);
    expect(existsSync(path.join(dir, 'uploads', first.key))).toBe(false);
    expect(await t.database.db.select().from(images).where(eq(images.id, imageId))).toEqual([]);

    // Only saved ads of the event take an image.
    const third = await uploadPng(500, 500);
    expect(
      (await t.call('PUT', '/api/ads/kiosk/image', { ...admin, body: { adId: 999_999, key: third.key } }))
        .status,
    ).toBe(404);

    const cleared = await t.call('PUT', '/api/ads/kiosk/image/delete', {
      ...admin,
      body: { adId: id, delete: 1 },
    });
    expect(cleared.status).toBe(200);
    expect((await list()).find((a) => a.id === id)).toMatchObject({ idImage: null, pictureFull: null });
    expect(existsSync(path.join(dir, 'uploads', second.key))).toBe(false);

    // Deleting an ad deletes its image too.
    const again = await uploadPng(500, 500);
    await t.call('PUT', '/api/ads/kiosk/image', { ...admin, body: { adId: id, key: again.key } });
    expect((await t.call('DELETE', `/api/ads/${id}`, admin)).status).toBe(200);
    expect(existsSync(path.join(dir, 'uploads', again.key))).toBe(false);
    expect(await t.database.db.select().from(images).where(eq(images.storageKey, again.key))).toEqual([]);
  });

  it('keeps ads to their event: another event’s id is 404', async () => {
    const foreign = (await save(summer, other)).body.result;
    expect((await list()).some((a) => a.id === foreign)).toBe(false);
    expect((await save({ id: foreign, ...summer, dayWeek: 'L' })).status).toBe(404);
    expect((await t.call('DELETE', `/api/ads/${foreign}`, admin)).status).toBe(404);
    const img = await uploadPng(500, 500);
    expect(
      (await t.call('PUT', '/api/ads/kiosk/image', { ...admin, body: { adId: foreign, key: img.key } }))
        .status,
    ).toBe(404);
    expect((await stored(foreign)).dayWeek).toBe('VSD');
  });

  it('needs publicidadKiosco: ops (staff but no ads permission) is refused', async () => {
    const ops = await t.session('ops@demo.test');
    const id = (await save(summer)).body.result;
    expect((await t.call('GET', '/api/ads', ops)).status).toBe(403);
    expect((await save(summer, ops)).status).toBe(403);
    expect((await save({ id, ...summer, dayWeek: 'L' }, ops)).status).toBe(403);
    expect((await t.call('DELETE', `/api/ads/${id}`, ops)).status).toBe(403);
    expect((await t.call('PUT', '/api/ads/kiosk/image/delete', { ...ops, body: { adId: id } })).status).toBe(
      403,
    );
    expect((await stored(id)).dayWeek).toBe('VSD');
  });
});
