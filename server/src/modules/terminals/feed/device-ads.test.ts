import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceHeaders } from '../../../../test/device-token';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { ads, images } from '../../../core/db/schema';

let t: TestApp;
let eventId: number;
beforeAll(async () => {
  t = await createTestApp();
  eventId = (await t.activeEvent()).id;
});
afterAll(() => t.close());

describe("a kiosk's ads", () => {
  it('travel in the configuration with their image and validity; changing one changes its version', async () => {
    const db = t.database.db;
    const headers = await deviceHeaders(t, eventId, 'KIOSK-ADS-1', 'CASH_KIOSK');
    const [image] = await db
      .insert(images)
      .values({
        eventId,
        folder: 'ads',
        storageKey: 'ads/0123456789abcdef0123456789abcdef.png',
        url: '/uploads/ads/0123456789abcdef0123456789abcdef.png',
        mime: 'image/png',
        width: 500,
        height: 500,
        bytes: 100,
      })
      .returning();
    const [ad] = await db
      .insert(ads)
      .values({
        eventId,
        sortOrder: 99,
        dateStart: '2026-07-10',
        dateEnd: '2026-07-20',
        timeStartUtc: '20:00:00',
        timeEndUtc: '02:00:00',
        dayWeek: 'VS',
        imageId: image!.id,
      })
      .returning();

    const first = await t.call('GET', '/api/device/config', { headers });
    expect(first.body.result.ads).toContainEqual({
      id: ad!.id,
      imageUrl: '/uploads/ads/0123456789abcdef0123456789abcdef.png',
      dateStart: '2026-07-10',
      dateEnd: '2026-07-20',
      timeStartUtc: '20:00:00',
      timeEndUtc: '02:00:00',
      dayWeek: 'VS',
    });

    await db.update(ads).set({ dateEnd: '2026-07-25' }).where(eq(ads.id, ad!.id));
    const second = await t.call('GET', '/api/device/config', { headers });
    expect(second.body.result.version).not.toBe(first.body.result.version);
    expect(second.body.result.ads).toContainEqual(
      expect.objectContaining({ id: ad!.id, dateEnd: '2026-07-25' }),
    );

    // Without its image an ad has nothing to show: it does not travel.
    await db.update(ads).set({ imageId: null }).where(eq(ads.id, ad!.id));
    const third = await t.call('GET', '/api/device/config', { headers });
    expect(third.body.result.ads.map((a: { id: number }) => a.id)).not.toContain(ad!.id);
  });
});
