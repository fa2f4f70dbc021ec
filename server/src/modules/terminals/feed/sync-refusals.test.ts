/**
 * What the sync feed (POST /api/device/sync) refuses: invalid operations, each with its reason (the
 * valid ones of the batch recorded), a balance beyond its limit, a body that is not a batch.
 */
import { randomUUID } from 'node:crypto';
import { eq, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedNames, TEST_FEED_NAMES } from '../../../../test/feed-names';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { processedOperations, refusedOperations, sales } from '../../../core/db/schema';
import { at, deviceToken, rowCount, sale, sendBatch, topUp, wristbandOf } from './sync.test-helper';

let t: TestApp;
let eventId: number;
let bar: string;
let kiosk: string;
beforeAll(async () => {
  t = await createTestApp();
  eventId = (await t.activeEvent()).id;
  await feedNames(t.database.db, eventId, TEST_FEED_NAMES);
  bar = await tokenFor('SYNC-BAR-1', eventId);
  kiosk = await tokenFor('SYNC-KIOSK-1', eventId);
});
afterAll(() => t.close());

const tokenFor = (serial: string, idEvent: number) => deviceToken(t, serial, idEvent);
const send = (token: string, operations: unknown[]) => sendBatch(t, token, operations);
const wristband = (serial: string) => wristbandOf(t, eventId, serial);
const rows = (table: any, where: SQL) => rowCount(t, table, where);

describe('POST /api/device/sync', () => {
  it('refuses invalid operations with their reason and records the valid ones', async () => {
    const good = topUp('04000000000404', 1500);
    const goodSale = sale('04000000000404', 500);
    const noAmount = { ...topUp('04000000000404', 100), amount: undefined };
    const negativeTopUp = topUp('04000000000404', -500);
    const wrongTotal = sale('04000000000404', 400, 2, [{ type: 'S', amount: 500 }]);
    const replacementCode = topUp('04000000000404', 100, { type: 'N-RS' });
    const nowhere = { kind: 'access', id: randomUUID(), deviceTime: at(), acceso: 'S' };
    const noId = { ...topUp('04000000000404', 100), id: undefined };
    const unknownKind = { kind: 'teleport', id: randomUUID(), deviceTime: at() };
    const tooEarly = topUp('04000000000404', 100, { deviceTime: '2019-12-31T23:00:00Z' });
    const batch = [
      good,
      noAmount,
      negativeTopUp,
      wrongTotal,
      goodSale,
      replacementCode,
      nowhere,
      noId,
      unknownKind,
      tooEarly,
    ];
    const res = await send(bar, batch);
    expect(res.status).toBe(200);
    const result = res.body.result;
    expect(result.accepted).toEqual([good.id, goodSale.id]);
    expect(result.refused.map((r: { index: number; reason: string }) => [r.index, r.reason])).toEqual([
      [1, 'invalid'],
      [2, 'creditOnly'],
      [3, 'paymentsTotal'],
      [5, 'replacementCode'],
      [6, 'wristbandOrTicket'],
      [7, 'invalid'],
      [8, 'invalid'],
      [9, 'invalid'],
    ]);
    expect(result.refused[0]).toMatchObject({
      id: noAmount.id,
      fields: [{ path: 'amount', message: 'validation.required', text: 'Required field' }],
      description: 'Some fields are not valid: amount: Required field',
    });
    expect(result.refused[2].description).toBe('The payments (5.00) do not add up to the total (8.00)');
    expect(result.refused[5]).toMatchObject({ id: null, fields: [{ path: 'id' }] });
    expect(result.refused[7].fields[0]).toMatchObject({
      path: 'deviceTime',
      message: expect.stringContaining('feedDeviceTime'),
    });

    // The valid ones are recorded whole; of the refused ones nothing, except the log of refusals.
    expect((await wristband('04000000000404'))!.cash).toBe(1000);
    expect(await rows(sales, eq(sales.operationId, wrongTotal.id))).toBe(0);
    expect(await rows(processedOperations, eq(processedOperations.operationId, wrongTotal.id))).toBe(0);
    expect(await rows(refusedOperations, eq(refusedOperations.operationId, wrongTotal.id))).toBe(1);
    const [logged] = await t.database.db
      .select()
      .from(refusedOperations)
      .where(eq(refusedOperations.operationId, noAmount.id!));
    expect(logged).toMatchObject({
      reason: 'invalid',
      fields: [{ path: 'amount', message: 'validation.required' }],
    });
    expect((logged!.payload as { rfid: string }).rfid).toBe('04000000000404');

    // In the request's language.
    const es = await t.call('POST', '/api/device/sync', {
      headers: { devicetoken: bar, language: 'es' },
      body: { operations: [negativeTopUp] },
    });
    expect(es.body.result.refused[0].description).toBe(
      'Una operación de tipo N solo puede sumar a los saldos',
    );
  });

  it('refuses a balance beyond its limit without recording it', async () => {
    const big = Array.from({ length: 11 }, () => topUp('04000000000808', 100_000_000));
    const res = await send(kiosk, big);
    expect(res.body.result.accepted).toHaveLength(10);
    expect(res.body.result.refused).toMatchObject([{ id: big[10]!.id, reason: 'balanceLimit' }]);
    expect((await wristband('04000000000808'))!.cash).toBe(1_000_000_000);
    expect(await rows(processedOperations, eq(processedOperations.operationId, big[10]!.id))).toBe(0);
  });

  it('refuses a body that is not a batch', async () => {
    expect((await send(bar, [])).status).toBe(400);
    const tooMany = await send(
      bar,
      Array.from({ length: 1001 }, () => ({})),
    );
    expect(tooMany.status).toBe(400);
  });
});
