/**
 * The device configuration carries the event's payment methods with their exceptions (the terminal
 * resolves its place with contracts' `paymentLettersAt`) and the event's own offline limits, and a
 * change of either is a new configuration version.
 */
import { paymentLettersAt } from '@pulsera/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshFeedNames } from '../../../../test/feed-names';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { appParams, eventParamExceptions, eventParams } from '../../../core/db/schema';
import { OFFLINE_HOURS_PARAM } from './device-payment-rules';
import { deviceToken } from './sync.test-helper';

let t: TestApp;
let eventId: number;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  eventId = (await t.activeEvent()).id;
  token = await deviceToken(t, 'PAY-CONFIG-1', eventId);
});
afterAll(() => t.close());

const config = async () => {
  const res = await t.call('GET', '/api/device/config', { headers: { devicetoken: token } });
  expect(res.status).toBe(200);
  return res.body.result;
};

describe('payment methods and offline limits in the device configuration', () => {
  it('answers the event’s payment methods, an exception for a location, and the event’s offline hours', async () => {
    const before = await config();
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

    const after = await config();
    expect(after.version).not.toBe(before.version);
    expect(after.paymentMethods.exceptions).toEqual([{ idLocation: bar.id, idDevice: null, value: 'L' }]);
    expect(paymentLettersAt(after.paymentMethods, { deviceId: 1, locationId: bar.id })).toBe('L');
    expect(paymentLettersAt(after.paymentMethods, { deviceId: 1, locationId: -1 })).toBe('CTLP');
    // The event's own limit; the wristband limit stays the server's setting.
    expect(after.offlineLimits).toEqual({ maxOfflineSeconds: 6 * 3600, maxWristbandSpend: 10_000 });
  });
});
