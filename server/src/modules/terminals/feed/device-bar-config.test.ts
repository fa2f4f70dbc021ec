/**
 * What a bar's device configuration carries: the event's payment methods with their exceptions (the
 * terminal resolves its place with contracts' `paymentLettersAt`) and the event's own offline limits,
 * a change of either being a new configuration version; and the console's packs, a sale of which
 * built by contracts' `packItems` (its articles at shares of its price) the feed records at the
 * pack's price, once.
 */
import { randomUUID } from 'node:crypto';
import { type DeviceConfig, packItems, paidSale, paymentLettersAt } from '@pulsera/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshFeedNames } from '../../../../test/feed-names';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { appParams, eventParamExceptions, eventParams, saleLines, sales } from '../../../core/db/schema';
import { seedDemoMenusAndPacks } from '../../catalogue';
import { OFFLINE_HOURS_PARAM } from './device-payment-rules';
import { at, deviceToken, sendBatch } from './sync.test-helper';

let t: TestApp;
let eventId: number;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  eventId = (await t.activeEvent()).id;
  await seedDemoMenusAndPacks(t.database.db, eventId);
  token = await deviceToken(t, 'PAY-CONFIG-1', eventId);
});
afterAll(() => t.close());

const configNow = async () => {
  const res = await t.call('GET', '/api/device/config', { headers: { devicetoken: token } });
  expect(res.status).toBe(200);
  return res.body.result;
};

describe('payment methods and offline limits in the device configuration', () => {
  it('answers the event’s payment methods, an exception for a location, and the event’s offline hours', async () => {
    const before = await configNow();
    // The demo festival allows cash, external TPV, cashless and pin pad.
    expect(before.paymentMethods).toEqual({ value: 'CTLP', exceptions: [] });
    const bar = { id: (await freshFeedNames(t.database.db, eventId, { locations: 1 })).locations[0]! };
    const db = t.database.db;
    const [payment] = await db
      .select()
      .from(appParams)
      .where(eq(appParams.nameUnique, 'ALLOWED_PAYMENT_METHODS'));
    await db
      .insert(eventParamExceptions)
      .values({ eventId, paramId: payment!.id, idLocation: bar.id, idDevice: null, value: 'L' });
    const [hours] = await db
      .insert(appParams)
      .values({ nameUnique: OFFLINE_HOURS_PARAM, name: 'Offline hours', defaultValue: '' })
      .returning();
    await db.insert(eventParams).values({ eventId, paramId: hours!.id, value: '6' });

    const after = await configNow();
    expect(after.version).not.toBe(before.version);
    expect(after.paymentMethods.exceptions).toEqual([{ idLocation: bar.id, idDevice: null, value: 'L' }]);
    expect(paymentLettersAt(after.paymentMethods, { deviceId: 1, locationId: bar.id })).toBe('L');
    expect(paymentLettersAt(after.paymentMethods, { deviceId: 1, locationId: -1 })).toBe('CTLP');
    // The event's own limit; the wristband limit stays the server's setting.
    expect(after.offlineLimits).toEqual({ maxOfflineSeconds: 6 * 3600, maxWristbandSpend: 10_000 });
  });
});

describe('packs on the terminals', () => {
  it('are in the configuration and sold at their price, their articles counted', async () => {
    const config = (await configNow()) as DeviceConfig;
    const bucket = config.packs.find((p) => p.name === 'Beer bucket (5 × 50cl)')!;
    const beer = config.articles.find((a) => a.name === 'Beer 50cl')!;
    expect(bucket).toMatchObject({ price: 2700, articles: [{ idArticle: beer.id, quantity: 5 }] });

    const base = (id: number) => config.articles.find((a) => a.id === id)?.price ?? 0;
    const made = paidSale({
      id: randomUUID(),
      deviceTime: at(),
      seq: 1,
      items: packItems(bucket, 2, base),
      choice: 'card',
      letters: 'T',
    });
    if (!made.ok) throw new Error('refused');
    expect((await sendBatch(t, token, [made.operation])).body.result.accepted).toEqual([made.operation.id]);
    expect((await sendBatch(t, token, [made.operation])).body.result.duplicates).toEqual([made.operation.id]);
    const [sale] = await t.database.db
      .select()
      .from(sales)
      .where(and(eq(sales.eventId, eventId), eq(sales.operationId, made.operation.id)));
    expect(sale!.totalPurchase).toBe(2 * 2700);
    const lines = await t.database.db.select().from(saleLines).where(eq(saleLines.saleId, sale!.id));
    expect(lines.reduce((n, l) => n + l.quantity, 0)).toBe(10);
    expect(lines.every((l) => l.articleId === beer.id)).toBe(true);
  });
});
