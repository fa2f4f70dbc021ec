/**
 * The sync feed (POST /api/device/sync) records what a batch holds: every kind of operation, its
 * balances and ledger, a sale below zero flagged, a sale paid from two wristbands; the ledger is never
 * changed. Exactly once: sync-exactly-once.test.ts; refusals: sync-refusals.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedNames, TEST_FEED_NAMES } from '../../../../test/feed-names';
import { createTestApp, type TestApp } from '../../../../test/helper';
import {
  accessRecords,
  customers,
  ledgerEntries,
  presenceRecords,
  roleRecordings,
  saleLines,
  salePayments,
  sales,
  syncBatches,
  tickets,
  ticketValidations,
  topUps,
  wristbandChanges,
} from '../../../core/db/schema';
import { ledgerMismatches } from './ledger.repo';
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
  it('records a batch with every kind of operation', async () => {
    const ops = [
      {
        kind: 'ticketValidation',
        id: randomUUID(),
        deviceTime: at(),
        ticketCode: 'SN26-000001',
        rfid: '04a1b2c3d4e5f6',
        codeCheck: 'ab12',
        roleId: 2,
        customer: { name: 'Marta García', email: 'marta@example.com', localizer: 'LOC123' },
        staffId: 9,
        locationId: 51,
      },
      topUp('04A1B2C3D4E5F6', 2000, { bonus: 200, articles: [{ idArticle: 6, quantity: 1 }], type: 'N-WA' }),
      sale('04A1B2C3D4E5F6', 600, 2, [
        { type: 'B', amount: 200 },
        { type: 'S', amount: 1000 },
      ]),
      {
        kind: 'access',
        id: randomUUID(),
        deviceTime: at(),
        rfid: '04A1B2C3D4E5F6',
        acceso: 'S',
        zoneFrom: null,
        zoneTo: 1,
        gateId: 3,
        roleId: 2,
      },
      {
        kind: 'roleRecording',
        id: randomUUID(),
        deviceTime: at(),
        rfid: '04A1B2C3D4E5F6',
        roleId: 3,
        flags: [7],
      },
      {
        kind: 'wristbandChange',
        id: randomUUID(),
        deviceTime: at(),
        sourceRfid: '04A1B2C3D4E5F6',
        endRfid: '04FFEEDDCCBBAA',
        locationId: 31,
      },
      {
        kind: 'presence',
        id: randomUUID(),
        deviceTime: at(),
        staffId: 12,
        type: 'in',
        locationId: 71,
        controllerId: 3,
      },
    ];
    const res = await send(bar, ops);
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual({
      accepted: ops.map((o) => o.id),
      // No app version enabled yet: the terminal's channel has none to run.
      app: null,
      duplicates: [],
      refused: [],
      flagged: [],
      flags: [],
    });

    const old = (await wristband('04A1B2C3D4E5F6'))!;
    const replacement = (await wristband('04FFEEDDCCBBAA'))!;
    expect(old).toMatchObject({ cash: 0, gift: 0, active: 0, codeCheck: 'AB12', roleId: 3 });
    expect(replacement).toMatchObject({
      cash: 1000,
      gift: 0,
      active: 1,
      roleId: 3,
      customerId: old.customerId,
    });
    expect(replacement.flags).toEqual([7]);

    const [customer] = await t.database.db.select().from(customers).where(eq(customers.id, old.customerId!));
    expect(customer).toMatchObject({
      name: 'Marta García',
      email: 'marta@example.com',
      ticketCode: 'SN26-000001',
      localizer: 'LOC123',
      registered: 0,
    });
    expect(customer!.dateValidation).toBeInstanceOf(Date);
    const [ticket] = await t.database.db.select().from(tickets).where(eq(tickets.code, 'SN26-000001'));
    expect(ticket).toMatchObject({
      validated: 1,
      customerId: old.customerId,
      wristbandId: old.id,
      roleId: 2,
    });

    const ledger = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.eventId, eventId))
      .orderBy(ledgerEntries.id);
    expect(
      ledger.map((l) => [l.kind, l.wristbandId, l.cashDelta, l.giftDelta, l.cashAfter, l.giftAfter]),
    ).toEqual([
      ['N-WA', old.id, 2000, 200, 2000, 200],
      ['sale', old.id, -1000, -200, 1000, 0],
      ['N-RS', old.id, -1000, 0, 0, 0],
      ['N-RE', replacement.id, 1000, 0, 1000, 0],
    ]);
    const ups = await t.database.db
      .select()
      .from(topUps)
      .where(eq(topUps.eventId, eventId))
      .orderBy(topUps.id);
    expect(ups.map((u) => u.type)).toEqual(['N-WA', 'N-RS', 'N-RE']);
    expect(ups[0]).toMatchObject({
      paymentType: 'S',
      amount: 2000,
      bonus: 200,
      money: 2000,
      cashAfter: 2000,
    });
    expect(ups[0]!.articles).toEqual([{ idArticle: 6, quantity: 1 }]);

    const [s] = await t.database.db.select().from(sales).where(eq(sales.eventId, eventId));
    expect(s).toMatchObject({
      totalPurchase: 1200,
      totalPayed: 1200,
      numPayers: 1,
      cashAfter: 1000,
      giftAfter: 0,
    });
    expect(await rows(saleLines, eq(saleLines.saleId, s!.id))).toBe(1);
    expect(await rows(salePayments, eq(salePayments.saleId, s!.id))).toBe(2);
    expect(await rows(accessRecords, eq(accessRecords.eventId, eventId))).toBe(1);
    expect(await rows(ticketValidations, eq(ticketValidations.eventId, eventId))).toBe(1);
    expect(await rows(roleRecordings, eq(roleRecordings.eventId, eventId))).toBe(1);
    expect(await rows(wristbandChanges, eq(wristbandChanges.eventId, eventId))).toBe(1);
    expect(await rows(presenceRecords, eq(presenceRecords.eventId, eventId))).toBe(1);
    const [batch] = await t.database.db.select().from(syncBatches).where(eq(syncBatches.eventId, eventId));
    expect(batch).toMatchObject({ operations: 7, accepted: 7, duplicates: 0, refused: 0 });
    expect(await ledgerMismatches(t.database.db, eventId)).toEqual([]);
  });

  it('records and flags a sale that takes the balance below zero', async () => {
    const up = topUp('04000000000606', 500);
    const drink = sale('04000000000606', 800);
    const res = await send(bar, [up, drink]);
    expect(res.body.result).toMatchObject({
      accepted: [up.id, drink.id],
      flagged: [drink.id],
      flags: [
        {
          id: drink.id,
          index: 1,
          reasons: ['negativeBalance'],
          description: 'Recorded, but it took a balance below zero',
        },
      ],
    });
    const w = (await wristband('04000000000606'))!;
    expect(w.cash).toBe(-300);
    const [row] = await t.database.db.select().from(sales).where(eq(sales.operationId, drink.id));
    expect(row).toMatchObject({ negativeBalance: true, cashAfter: -300 });
    const [entry] = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.operationId, drink.id));
    expect(entry).toMatchObject({ cashDelta: -800, cashAfter: -300 });
    // A devolution gives the money back.
    const back = { ...sale('04000000000606', 800), isDevolution: true };
    expect((await send(bar, [back])).body.result.flagged).toEqual([]);
    expect((await wristband('04000000000606'))!.cash).toBe(500);
  });

  it('pays one sale from two wristbands and by card', async () => {
    await send(kiosk, [topUp('04000000000707', 1000), topUp('04000000000708', 1000)]);
    const shared = {
      kind: 'sale',
      id: randomUUID(),
      deviceTime: at(),
      rfid: '04000000000707',
      lines: [{ idArticle: 3, quantity: 3, price: 1000, quantityGift: 1 }],
      payments: [
        { type: 'S', amount: 800 },
        { type: 'S', amount: 700, rfid: '04000000000708' },
        { type: 'T', amount: 500 },
      ],
    };
    expect((await send(bar, [shared])).body.result.accepted).toEqual([shared.id]);
    expect((await wristband('04000000000707'))!.cash).toBe(200);
    expect((await wristband('04000000000708'))!.cash).toBe(300);
    const [row] = await t.database.db.select().from(sales).where(eq(sales.operationId, shared.id));
    expect(row).toMatchObject({ totalPurchase: 2000, numPayers: 2 });
  });

  it('never changes or deletes a ledger entry', async () => {
    await expect(t.database.db.execute(sql`update ledger_entries set cash_delta = 0`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from ledger_entries`)).rejects.toThrow();
    expect(await rows(ledgerEntries, eq(ledgerEntries.eventId, eventId))).toBeGreaterThan(0);
  });
});
