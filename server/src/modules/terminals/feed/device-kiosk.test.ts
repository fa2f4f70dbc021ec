import { randomUUID } from 'node:crypto';
import { kioskRefund } from '@pulsera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceHeaders } from '../../../../test/device-token';
import { freshFeedNames } from '../../../../test/feed-names';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { kioskButtons, refundRuleLocations, refundRules } from '../../../core/db/schema';

let t: TestApp;
let eventId: number;
beforeAll(async () => {
  t = await createTestApp();
  eventId = (await t.activeEvent()).id;
});
afterAll(() => t.close());

const op = (o: Record<string, unknown>) => ({ id: randomUUID(), deviceTime: new Date().toISOString(), ...o });

describe('a kiosk', () => {
  it('has the refund rules and kiosk buttons in its configuration; a wristband change leaves the old one replaced and empty; a refund empties the new one', async () => {
    const db = t.database.db;
    const headers = await deviceHeaders(t, eventId, 'KIOSK-TEST-1', 'CASH_KIOSK');
    const { locations, staff } = await freshFeedNames(db, eventId, { locations: 2, staff: 1 });
    const [kiosk, desk] = locations as [number, number];
    const [rule] = await db
      .insert(refundRules)
      .values({
        eventId,
        name: 'Kiosk refunds',
        dateStart: '2020-01-01',
        dateEnd: '2099-12-31',
        timeStart: '00:00:00',
        timeEnd: '23:59:59',
        minAmount: 500,
      })
      .returning();
    await db.insert(refundRuleLocations).values({ eventId, refundRuleId: rule!.id, locationId: kiosk });
    await db
      .insert(kioskButtons)
      .values({ eventId, descriptionEs: 'Recarga rápida', descriptionEn: 'Quick top-up', topUpAmount: 1500 });

    const config = (await t.call('GET', '/api/device/config', { headers })).body.result;
    expect(config.refunds).toContainEqual({
      locationIds: [kiosk],
      deviceIds: [],
      dateStart: '2020-01-01',
      dateEnd: '2099-12-31',
      timeStart: '00:00:00',
      timeEnd: '23:59:59',
      minAmount: 500,
    });
    expect(config.topUp.kioskButtons).toContainEqual({
      amount: 1500,
      description: { es: 'Recarga rápida', en: 'Quick top-up' },
    });

    const [oldBand, newBand] = ['04KIOSK0000001', '04KIOSK0000002'];
    const at = { staffId: staff![0], locationId: kiosk };
    const sync = (operations: unknown[]) =>
      t.call('POST', '/api/device/sync', { headers, body: { operations } });
    const loaded = await sync([
      op({ kind: 'topup', ...at, rfid: oldBand, type: 'N', paymentType: 'S', amount: 2000, money: 2000 }),
      op({ kind: 'wristbandChange', ...at, sourceRfid: oldBand, endRfid: newBand }),
    ]);
    expect(loaded.body.result.accepted).toHaveLength(2);
    const lookup = async (serial: string) =>
      (await t.call('GET', `/api/device/wristband/${serial}`, { headers })).body.result;
    expect(await lookup(oldBand)).toMatchObject({ cash: 0, replaced: true });
    const moved = await lookup(newBand);
    expect(moved).toMatchObject({ cash: 2000, replaced: false });

    // The shared rule on the configuration: refunded at the kiosk, not at the desk.
    const rules = config.refunds;
    const here = { cash: moved.cash, at: new Date(), timeZone: config.event.timeZone, deviceId: 1 };
    expect(kioskRefund(rules, { ...here, locationId: desk })).toEqual({ refused: 'noRule' });
    expect(kioskRefund(rules, { ...here, locationId: kiosk })).toEqual({ refund: 2000 });
    const refunded = await sync([
      op({ kind: 'topup', ...at, rfid: newBand, type: 'D', paymentType: 'S', amount: -2000, money: 2000 }),
    ]);
    expect(refunded.body.result.accepted).toHaveLength(1);
    expect(await lookup(newBand)).toMatchObject({ cash: 0 });

    // The kiosk's history of the new wristband: its lines of the console's extract, newest first.
    const history = async (serial: string) =>
      (await t.call('GET', `/api/device/wristband/${serial}/history`, { headers })).body.result;
    const lines = await history(newBand);
    expect(
      lines.map((l: { type: string; amount: number; balance: number }) => [l.type, l.amount, l.balance]),
    ).toEqual([
      ['D', -2000, 0],
      ['N-RE', 2000, 2000],
    ]);
    expect(lines[0]).toMatchObject({ operation: 'topUp', location: expect.any(String) });
    expect(await history('04KIOSK00000FF')).toEqual([]);
  });
});
