import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper';
import { customerRefunds, customers, wristbands } from '../../core/db/schema';
import { registerDevice } from '../terminals';

/**
 * Issue 27 item 23: the quick dashboard and the recharge overview answer the same money figures
 * (contracts moneyFigures). An add-on credit is not a top-up on either screen, and a bank refund asked
 * for but not paid yet is still on the wristband: not money out.
 */

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['session']>>;
let eventId: number;

const ok = (res: Awaited<ReturnType<TestApp['call']>>) => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result;
};
const get = async (path: string) => ok(await t.call('GET', `/api/reports/${path}`, admin));
const figuresNow = async () => {
  const [dashboard, overview] = await Promise.all([get('mainQuickDashboard'), get('mainRecharges')]);
  return { dashboard, overview };
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.session('admin@demo.test');
  eventId = (await t.activeEvent()).id;
});
afterAll(() => t.close());

describe('the money figures (one definition on every screen)', () => {
  it('dashboard and top-ups report agree on an add-on credit and a pending bank refund', async () => {
    const before = await figuresNow();
    const { secretKey } = await registerDevice(t.database.db, { n_serie: 'MFG-PDA-1', idEvent: eventId });
    const device = ok(
      await t.call('POST', '/api/device/auth', { body: { serial: 'MFG-PDA-1', secretKey } }),
    ).token;
    const at = new Date(Date.now() - 60_000).toISOString();
    const op = (type: string, amount: number, extra: Record<string, unknown> = {}) => ({
      kind: 'topup',
      id: randomUUID(),
      deviceTime: at,
      rfid: 'MFGW000000001',
      type,
      amount,
      ...extra,
    });
    const sync = ok(
      await t.call('POST', '/api/device/sync', {
        headers: { devicetoken: device },
        body: {
          operations: [
            op('N', 5000, { paymentType: 'S', money: 5000 }),
            op('AM', 2000),
            op('AS-CC', 700, { paymentType: 'T', money: 700 }),
          ],
        },
      }),
    );
    expect(sync.refused).toEqual([]);
    const [band] = await t.database.db
      .select()
      .from(wristbands)
      .where(eq(wristbands.nSerie, 'MFGW000000001'));
    const [customer] = await t.database.db
      .insert(customers)
      .values({ eventId, name: 'Bank Refund Asker' })
      .returning();
    await t.database.db.insert(customerRefunds).values({
      eventId,
      customerId: customer!.id,
      wristbandId: band!.id,
      amount: 1200,
      fee: 100,
      ccOwner: 'Bank Refund Asker',
      ccIban: 'ES9121000418450200051332',
    });

    const after = await figuresNow();
    // One definition: both calls answer the same figures.
    expect(after.dashboard.figures).toBeDefined();
    expect(after.dashboard.figures).toEqual(after.overview.figures);
    const grew = (k: 'topUps' | 'addonCredits') =>
      after.dashboard.figures[k].amount - before.dashboard.figures[k].amount;
    // The add-ons (AM, AS-CC) are add-on credits, never top-ups.
    expect(grew('topUps')).toBe(5000);
    expect(after.dashboard.topUps.amount - before.dashboard.topUps.amount).toBe(5000);
    expect(grew('addonCredits')).toBe(2700);
    // The pending bank refund is not money out: still on the wristband, shown as pending.
    expect(after.dashboard.refunds.bankAmount - before.dashboard.refunds.bankAmount).toBe(0);
    expect(after.dashboard.refunds.bankPendingAmount - before.dashboard.refunds.bankPendingAmount).toBe(1200);
    expect(after.dashboard.balances.cash - before.dashboard.balances.cash).toBe(7700);

    // Once its run is sent the refund is money out, at the moment it was paid.
    await t.database.db
      .update(customerRefunds)
      .set({ status: 'paid', paidAt: new Date() })
      .where(eq(customerRefunds.customerId, customer!.id));
    const paid = await get('mainQuickDashboard');
    expect(paid.refunds.bankAmount - before.dashboard.refunds.bankAmount).toBe(1200);
    expect(paid.refunds.bankPendingAmount - before.dashboard.refunds.bankPendingAmount).toBe(0);
  });
});
