import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { closeDrawer } from './cash-close';
import { TerminalDb } from './db';
import { drawerOf } from './drawer';
import { enqueue } from './outbox';

const topUp =
  (staffId: number, paymentType: 'S' | 'T', money: number, type: 'N' | 'D' = 'N') =>
  (seq: number) => ({
    operation: {
      kind: 'topup' as const,
      id: crypto.randomUUID(),
      deviceTime: new Date().toISOString(),
      seq,
      staffId,
      rfid: '04A1B2C3D4E5F6',
      type,
      paymentType,
      amount: money,
      money,
    },
  });

describe('the cash desk close', () => {
  it('expects the cash each staff member took on this terminal, and starts again after the close', async () => {
    const db = new TerminalDb(`drawer-${crypto.randomUUID()}`);
    await enqueue(db, topUp(7, 'S', 2000));
    await enqueue(db, topUp(7, 'T', 5000));
    await enqueue(db, topUp(7, 'S', 1050));
    await enqueue(db, topUp(8, 'S', 1000));
    await enqueue(db, topUp(7, 'S', 500, 'D'));
    expect((await drawerOf(db, 7)).cents).toBe(2000 + 1050 - 500);

    const closed = await closeDrawer(db, { staffId: 7, locationId: 3, counted: 2500 });
    expect(closed).toEqual({ expected: 2550, counted: 2500, difference: -50 });
    const sent = (await db.outbox.orderBy('seq').last())!.operation;
    expect(sent).toMatchObject({
      kind: 'cashClose',
      staffId: 7,
      locationId: 3,
      expected: 2550,
      counted: 2500,
      seq: 6,
    });
    expect((await drawerOf(db, 7)).cents).toBe(0);
    expect((await drawerOf(db, 8)).cents).toBe(1000);

    await enqueue(db, topUp(7, 'S', 300));
    expect(await drawerOf(db, 7)).toMatchObject({ cents: 300, operations: 1 });
  });

  it('counts every cash top-up written at once', async () => {
    const db = new TerminalDb(`drawer-${crypto.randomUUID()}`);
    await Promise.all(Array.from({ length: 20 }, () => enqueue(db, topUp(7, 'S', 100))));
    expect(await drawerOf(db, 7)).toMatchObject({ cents: 2000, operations: 20 });
  });
});
