import type { DeviceConfig } from '@pulsera/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { balanceOf } from './balances';
import { db } from './db';
import { bookRefund, bookWristbandChange, refundFor } from './kiosk';

afterEach(async () => {
  await db.delete();
  await db.open();
});

// Refunds at the kiosks (location 31) all year, from a balance of 5.00.
const config = {
  event: { timeZone: 'Europe/Madrid' },
  refunds: [
    {
      locationIds: [31],
      deviceIds: [],
      dateStart: '2000-01-01',
      dateEnd: '2099-12-31',
      timeStart: '00:00:00',
      timeEnd: '23:59:59',
      minAmount: 500,
    },
  ],
} as unknown as DeviceConfig;
const kiosk = { config, locationId: 31, deviceId: 4, staffId: 9 };
const band = (serial: string, cash: number, gift = 0) => ({
  serial,
  cash,
  gift,
  learnedAt: 1,
  bannedTerminals: false,
});

describe('the kiosk', () => {
  it('refunds the cash balance where the rules allow it, once in the outbox, with the balance it leaves', async () => {
    expect(refundFor({ ...kiosk, locationId: 32 }, band('04AA000000000A', 2300))).toEqual({
      refused: 'noRule',
    });
    expect(refundFor(kiosk, band('04AA000000000A', 400))).toEqual({
      refused: 'belowMinimum',
      minAmount: 500,
    });
    expect(await bookRefund(db, kiosk, band('04AA000000000A', 400))).toBeNull();
    const receipt = await bookRefund(db, kiosk, band('04AA000000000A', 2300, 150));
    expect(receipt).toMatchObject({ serial: '04AA000000000A', refunded: 2300, gift: 150 });
    const [row] = await db.outbox.toArray();
    expect(row!.operation).toMatchObject({
      kind: 'topup',
      type: 'D',
      paymentType: 'S',
      rfid: '04AA000000000A',
      amount: -2300,
      money: 2300,
      staffId: 9,
      locationId: 31,
    });
    // Offline, the terminal knows what it left: nothing in cash, the gift kept.
    expect(await balanceOf('04AA000000000A')).toMatchObject({ cash: 0, gift: 150 });
    // The cash left the staff member's drawer.
    expect((await db.get('drawers'))?.[9]).toMatchObject({ cents: -2300 });
  });

  it('moves the balances to a new wristband; the old one is replaced and both wait for the server', async () => {
    const done = await bookWristbandChange(db, kiosk, band('04AA000000000A', 2300, 150), {
      serial: '04BB000000000B',
      known: null,
    });
    expect(done).toEqual({ from: '04AA000000000A', to: '04BB000000000B', cash: 2300, gift: 150 });
    const [row] = await db.outbox.toArray();
    expect(row!.operation).toMatchObject({
      kind: 'wristbandChange',
      sourceRfid: '04AA000000000A',
      endRfid: '04BB000000000B',
    });
    expect(await db.outbox.where('rfid').equals('04AA000000000A').count()).toBe(1);
    expect(await db.outbox.where('rfid').equals('04BB000000000B').count()).toBe(1);
    expect(await balanceOf('04AA000000000A')).toMatchObject({ cash: 0, gift: 0, replaced: true });
    expect(await balanceOf('04BB000000000B')).toMatchObject({ cash: 2300, gift: 150 });
  });
});
