/**
 * What an operation names must be its event's (issue 26 item 8): an article, location, staff member,
 * zone or gate that never existed in the event refuses its operation alone, with its reason; an
 * article deleted after the terminal loaded its menu is still accepted. A garbled version name in the
 * terminal's own report never sinks the batch.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedNames, freshFeedNames } from '../../../../test/feed-names';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { devices, locations, saleLines, sales, topUps } from '../../../core/db/schema';
import { at, deviceToken, sale, sendBatch, topUp } from './sync.test-helper';

let t: TestApp;
let eventId: number;
let otherEventId: number;
let bar: string;
beforeAll(async () => {
  t = await createTestApp();
  eventId = (await t.activeEvent()).id;
  otherEventId = (await t.eventByName('Sonora Festival 2027')).id;
  await feedNames(t.database.db, eventId, {
    locations: [11, 31],
    staff: [4, 5],
    articles: [1],
    zones: [1],
    gates: [3],
  });
  // Ids of another event: they exist, but not in this one.
  await feedNames(t.database.db, otherEventId, { locations: [9011], staff: [9004], articles: [9001] });
  bar = await deviceToken(t, 'NAMES-BAR-1', eventId);
});
afterAll(() => t.close());

const reasons = (res: { body: any }) =>
  res.body.result.refused.map((r: { index: number; reason: string }) => [r.index, r.reason]);

describe('POST /api/device/sync: names of the event', () => {
  it('refuses alone an operation naming an article, location or staff member the event never had', async () => {
    const good = sale('04000000000901', 0);
    const otherArticle = {
      ...sale('04000000000901', 0),
      lines: [{ idArticle: 9001, quantity: 1, price: 0 }],
    };
    const madeUpArticle = {
      ...sale('04000000000901', 0),
      lines: [{ idArticle: 777_777, quantity: 1, price: 0 }],
    };
    const otherLocation = { ...sale('04000000000901', 0), locationId: 9011 };
    const madeUpLocation = topUp('04000000000901', 100, { locationId: 12 });
    const otherStaff = topUp('04000000000901', 100, { staffId: 9004 });
    const madeUpSupervisor = topUp('04000000000901', 100, { supervisorId: 101 });
    const goodTopUp = topUp('04000000000901', 100);
    const res = await sendBatch(t, bar, [
      good,
      otherArticle,
      madeUpArticle,
      otherLocation,
      madeUpLocation,
      otherStaff,
      madeUpSupervisor,
      goodTopUp,
    ]);
    expect(res.status).toBe(200);
    expect(res.body.result.accepted).toEqual([good.id, goodTopUp.id]);
    expect(reasons(res)).toEqual([
      [1, 'articleUnknown'],
      [2, 'articleUnknown'],
      [3, 'locationUnknown'],
      [4, 'locationUnknown'],
      [5, 'staffUnknown'],
      [6, 'staffUnknown'],
    ]);
    expect(res.body.result.refused[1].description).toBe('The article 777777 does not exist in this event');
    expect(res.body.result.refused[3].description).toBe('The location 12 does not exist in this event');
    const recorded = await t.database.db.select().from(sales).where(eq(sales.eventId, eventId));
    expect(recorded.map((s) => s.locationId)).toEqual([11]);
    const credits = await t.database.db.select().from(topUps).where(eq(topUps.eventId, eventId));
    expect(credits.map((c) => c.locationId)).toEqual([31]);
  });

  it('refuses an access naming a zone or gate the event never had, in the terminal’s language', async () => {
    const access = (extra: Record<string, unknown>) => ({
      kind: 'access',
      id: randomUUID(),
      deviceTime: at(),
      rfid: '04000000000902',
      acceso: 'S',
      locationId: 31,
      staffId: 4,
      ...extra,
    });
    const good = access({ gateId: 3, zoneTo: 1 });
    const badGate = access({ gateId: 4_444 });
    const badZone = access({ gateId: 3, zoneTo: 5_555 });
    const badFrom = access({ zoneFrom: 5_556, zoneTo: 1 });
    const res = await t.call('POST', '/api/device/sync', {
      headers: { devicetoken: bar },
      lang: 'es',
      body: { operations: [good, badGate, badZone, badFrom] },
    });
    expect(res.body.result.accepted).toEqual([good.id]);
    expect(reasons(res)).toEqual([
      [1, 'gateUnknown'],
      [2, 'zoneUnknown'],
      [3, 'zoneUnknown'],
    ]);
    expect(res.body.result.refused[0].description).toBe('La puerta 4444 no existe en este evento');
  });

  it('accepts a sale of an article deleted after the terminal loaded its menu', async () => {
    const admin = await t.session('admin@demo.test');
    const articleId = 8_800;
    await feedNames(t.database.db, eventId, { articles: [articleId] });
    const removed = await t.call('DELETE', `/api/articles/${articleId}`, admin);
    expect(removed.status).toBe(200);
    const sold = { ...sale('04000000000903', 0), lines: [{ idArticle: articleId, quantity: 1, price: 0 }] };
    const res = await sendBatch(t, bar, [sold]);
    expect(res.body.result).toMatchObject({ accepted: [sold.id], refused: [] });
    const lines = await t.database.db.select().from(saleLines).where(eq(saleLines.articleId, articleId));
    expect(lines).toHaveLength(1);
  });

  it('accepts a sale at a location made inactive after the terminal loaded it', async () => {
    const [closed] = (await freshFeedNames(t.database.db, eventId, { locations: 1 })).locations;
    await t.database.db.update(locations).set({ inactiveAt: new Date() }).where(eq(locations.id, closed!));
    const sold = { ...sale('04000000000905', 0), locationId: closed! };
    const res = await sendBatch(t, bar, [sold]);
    expect(res.body.result).toMatchObject({ accepted: [sold.id], refused: [] });
    const recorded = await t.database.db.select().from(sales).where(eq(sales.locationId, closed!));
    expect(recorded).toHaveLength(1);
  });

  it('records the batch when the terminal reports a version name with a NUL byte or a lone surrogate', async () => {
    const device = async () =>
      (await t.database.db.select().from(devices).where(eq(devices.nSerie, 'NAMES-BAR-1')))[0]!;
    const good = topUp('04000000000904', 100);
    const res = await t.call('POST', '/api/device/sync', {
      headers: { devicetoken: bar },
      body: { appVersion: '3.4\u0000.2', pendingOperations: 0, operations: [good] },
    });
    expect(res.status).toBe(200);
    expect(res.body.result.accepted).toEqual([good.id]);
    expect((await device()).appVersion).toBe('3.4\uFFFD.2');

    const next = topUp('04000000000904', 100);
    const broken = await t.call('POST', '/api/device/sync', {
      headers: { devicetoken: bar },
      body: { appVersion: '3.5\uD800', operations: [next] },
    });
    expect(broken.status).toBe(200);
    expect(broken.body.result.accepted).toEqual([next.id]);
    expect((await device()).appVersion).toBe('3.5\uFFFD');
  });
});
