/**
 * A bar sale paid part by wristband, part in cash (issue 29): the terminal builds it with contracts'
 * `paidSale` (a pack with its components and an add-on), the feed records it once, at the total the
 * same rule gives, takes only the wristband's part from its balances (ledger = balances), and the
 * staff cash-up counts the cash part in the cash to hand in.
 */

import { randomUUID } from 'node:crypto';
import { paidSale } from '@pulsera/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshFeedNames } from '../../../../test/feed-names';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { salePayments, sales } from '../../../core/db/schema';
import { ledgerMismatches } from './ledger.repo';
import { at, deviceToken, sendBatch, topUp, wristbandOf } from './sync.test-helper';

let t: TestApp;
let eventId: number;
let bar: string;
let names: Awaited<ReturnType<typeof freshFeedNames>>;
beforeAll(async () => {
  t = await createTestApp();
  eventId = (await t.activeEvent()).id;
  names = await freshFeedNames(t.database.db, eventId, { articles: 3, locations: 1, staff: 1 });
  bar = await deviceToken(t, 'SPLIT-BAR-1', eventId);
});
afterAll(() => t.close());

const SERIAL = '04000000007701';

describe('a sale split between a wristband and cash', () => {
  it('is recorded once, priced as the terminal priced it, and moves only the wristband’s part', async () => {
    const [bucket, beer, cup] = names.articles as [number, number, number];
    const [location] = names.locations as [number];
    const [staffId] = names.staff as [number];
    expect((await sendBatch(t, bar, [topUp(SERIAL, 1000, { locationId: location, staffId })])).status).toBe(
      200,
    );

    const made = paidSale({
      id: randomUUID(),
      deviceTime: at(),
      seq: 1,
      staffId,
      locationId: location,
      items: [
        { idArticle: bucket, price: 2500, quantity: 1 },
        { idArticle: cup, price: 200, quantity: 1 },
      ],
      packs: [{ parent: bucket, child: beer, quantity: 5 }],
      choice: 'wristbandCash',
      letters: 'CL',
      wristband: { rfid: SERIAL, balances: { cash: 1000, gift: 0 } },
    });
    if (!made.ok) throw new Error('refused');
    const first = await sendBatch(t, bar, [made.operation]);
    expect(first.body.result.accepted).toEqual([made.operation.id]);
    // Sent again (an answer lost on the way): a duplicate, recorded once.
    expect((await sendBatch(t, bar, [made.operation])).body.result.duplicates).toEqual([made.operation.id]);

    const recorded = await t.database.db
      .select()
      .from(sales)
      .where(and(eq(sales.eventId, eventId), eq(sales.operationId, made.operation.id)));
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      totalPurchase: made.total,
      totalPayed: 2700,
      negativeBalance: false,
    });
    const payments = await t.database.db
      .select({ type: salePayments.type, amount: salePayments.amount, wristbandId: salePayments.wristbandId })
      .from(salePayments)
      .where(eq(salePayments.saleId, recorded[0]!.id))
      .orderBy(asc(salePayments.type));
    const band = await wristbandOf(t, eventId, SERIAL);
    expect(payments).toEqual([
      { type: 'O', amount: 1700, wristbandId: null },
      { type: 'S', amount: 1000, wristbandId: band!.id },
    ]);
    // The cash part never touches the balance: it holds what the wristband did not pay.
    expect({ cash: band!.cash, gift: band!.gift }).toEqual({ cash: 0, gift: 0 });
    expect(await ledgerMismatches(t.database.db, eventId)).toEqual([]);

    // The staff cash-up: the 10.00 top-up in cash and the 17.00 taken in cash at the bar.
    const admin = await t.session('admin@demo.test');
    const res = await t.call('GET', '/api/reports/documents/staff-cash-up', admin);
    const row = res.body.result.rows.find((r: { idStaff: number }) => r.idStaff === staffId);
    expect(row).toMatchObject({ cashIn: 1000, salesO: 1700, cashToHandIn: 2700 });
  });

  it('refuses a split whose payments do not reach the priced total', async () => {
    const [bucket] = names.articles as [number];
    const op = {
      kind: 'sale',
      id: randomUUID(),
      deviceTime: at(),
      rfid: SERIAL,
      locationId: names.locations[0],
      lines: [{ idArticle: bucket, price: 2500, quantity: 1 }],
      payments: [
        { type: 'S', amount: 0 },
        { type: 'O', amount: 2000 },
      ],
    };
    const res = await sendBatch(t, bar, [op]);
    expect(res.body.result.refused[0]).toMatchObject({ id: op.id, reason: 'paymentsTotal' });
  });
});
