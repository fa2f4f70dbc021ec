/**
 * The cash desk close (issue 29): a terminal's `cashClose` operation is recorded once, and the
 * console's staff cash-up sets the cash counted beside the server's own cash figure for that staff
 * member, with the difference; a close naming a staff member the event never had is refused alone.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedNames, TEST_FEED_NAMES } from '../../../../test/feed-names';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { at, deviceToken, sendBatch, topUp } from './sync.test-helper';

let t: TestApp;
let eventId: number;
let kiosk: string;
beforeAll(async () => {
  t = await createTestApp();
  eventId = (await t.activeEvent()).id;
  await feedNames(t.database.db, eventId, {
    ...TEST_FEED_NAMES,
    staff: [...(TEST_FEED_NAMES.staff ?? []), 61],
  });
  kiosk = await deviceToken(t, 'CLOSE-KIOSK-1', eventId);
});
afterAll(() => t.close());

const close = (staffId: number, expected: number, counted: number) => ({
  kind: 'cashClose',
  id: randomUUID(),
  deviceTime: at(),
  staffId,
  locationId: 31,
  expected,
  counted,
});
const cashUpOf = async (staffId: number) => {
  const admin = await t.session('admin@demo.test');
  const res = await t.call('GET', '/api/reports/documents/staff-cash-up', admin);
  expect(res.status).toBe(200);
  return res.body.result.rows.find((r: { idStaff: number }) => r.idStaff === staffId);
};

describe('the cash desk close', () => {
  it('shows the cash counted and the difference against the cash the server received, once', async () => {
    const ops = [
      topUp('04000000006101', 2000, { staffId: 61 }),
      topUp('04000000006102', 1500, { staffId: 61 }),
      topUp('04000000006103', 5000, { staffId: 61, paymentType: 'T' }),
    ];
    expect((await sendBatch(t, kiosk, ops)).body.result.accepted).toHaveLength(3);
    expect(await cashUpOf(61)).toMatchObject({ cashToHandIn: 3500, counted: null, difference: null });

    const closing = close(61, 3500, 3450);
    const first = await sendBatch(t, kiosk, [closing]);
    expect(first.body.result.accepted).toEqual([closing.id]);
    // Sent again (a lost answer): a duplicate, counted once.
    expect((await sendBatch(t, kiosk, [closing])).body.result.duplicates).toEqual([closing.id]);
    expect(await cashUpOf(61)).toMatchObject({ cashToHandIn: 3500, counted: 3450, difference: -50 });
  });

  it('refuses a close naming a staff member the event never had, and a count below zero', async () => {
    const unknown = close(999_999, 0, 100);
    const res = await sendBatch(t, kiosk, [unknown]);
    expect(res.body.result.refused).toMatchObject([{ id: unknown.id, reason: 'staffUnknown' }]);
    const negative = close(61, 0, -100);
    const refused = await sendBatch(t, kiosk, [negative]);
    expect(refused.body.result.accepted).toEqual([]);
    expect(refused.body.result.refused).toMatchObject([{ id: negative.id }]);
    expect(await cashUpOf(61)).toMatchObject({ counted: 3450 });
  });
});
