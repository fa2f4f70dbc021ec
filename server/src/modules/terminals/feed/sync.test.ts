import { randomUUID } from 'node:crypto';
import type { SyncOperationInput } from '@pulsera/contracts';
import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import type { PoolClient } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helper';
import {
  accessRecords,
  customers,
  ledgerEntries,
  presenceRecords,
  processedOperations,
  refusedOperations,
  roleRecordings,
  saleLines,
  salePayments,
  sales,
  syncBatches,
  tickets,
  ticketValidations,
  topUps,
  wristbandChanges,
  wristbands,
} from '../../../core/db/schema';
import { registerDevice } from './device.service';
import { ledgerMismatches } from './ledger.repo';

let t: TestApp;
let eventId: number;
let bar: string;
let kiosk: string;
beforeAll(async () => {
  t = await createTestApp();
  eventId = (await t.activeEvent()).id;
  bar = await tokenFor('SYNC-BAR-1', eventId);
  kiosk = await tokenFor('SYNC-KIOSK-1', eventId);
});
afterAll(() => t.close());

async function tokenFor(serial: string, idEvent: number) {
  const { secretKey } = await registerDevice(t.database.db, { n_serie: serial, idEvent, type: 'PDA' });
  const res = await t.call('POST', '/api/device/auth', { body: { serial, secretKey } });
  return res.body.result.token as string;
}
const send = (token: string, operations: unknown[]) =>
  t.call('POST', '/api/device/sync', { headers: { devicetoken: token }, body: { operations } });

let clock = Date.parse('2026-07-10T18:00:00Z');
const at = () => {
  clock += 60_000;
  return new Date(clock).toISOString();
};
const topUp = (rfid: string, amount: number, extra: Partial<SyncOperationInput> = {}): SyncOperationInput =>
  ({
    kind: 'topup',
    id: randomUUID(),
    deviceTime: at(),
    rfid,
    type: 'N',
    paymentType: 'S',
    amount,
    money: Math.max(amount, 0),
    locationId: 31,
    staffId: 4,
    ...extra,
  }) as SyncOperationInput;
const sale = (
  rfid: string,
  price: number,
  quantity = 1,
  payments?: { type: 'S' | 'B' | 'T' | 'O'; amount: number }[],
) =>
  ({
    kind: 'sale',
    id: randomUUID(),
    deviceTime: at(),
    rfid,
    lines: [{ idArticle: 1, quantity, price }],
    payments: payments ?? [{ type: 'S', amount: price * quantity }],
    locationId: 11,
    staffId: 5,
  }) as SyncOperationInput;

const wristband = async (serial: string) =>
  (
    await t.database.db
      .select()
      .from(wristbands)
      .where(and(eq(wristbands.eventId, eventId), eq(wristbands.nSerie, serial)))
  )[0];
const rows = async (table: any, where: SQL) =>
  Number((await t.database.db.select({ n: count() }).from(table).where(where))[0]!.n);

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

  it('answers a re-sent batch with duplicates and records nothing twice', async () => {
    const ops = [topUp('04000000000101', 3000), sale('04000000000101', 450), sale('04000000000101', 250)];
    const first = await send(bar, ops);
    expect(first.body.result.accepted).toHaveLength(3);
    const ledgerBefore = await rows(ledgerEntries, eq(ledgerEntries.eventId, eventId));
    const again = await send(bar, ops);
    expect(again.status).toBe(200);
    expect(again.body.result).toEqual({
      accepted: [],
      // No app version enabled yet: the terminal's channel has none to run.
      app: null,
      duplicates: ops.map((o) => o.id),
      refused: [],
      flagged: [],
      flags: [],
    });
    expect((await wristband('04000000000101'))!.cash).toBe(2300);
    expect(await rows(ledgerEntries, eq(ledgerEntries.eventId, eventId))).toBe(ledgerBefore);
    expect(await rows(topUps, eq(topUps.operationId, ops[0]!.id))).toBe(1);
  });

  it('records an operation sent in two batches once', async () => {
    const a = topUp('04000000000202', 1000);
    const b = sale('04000000000202', 300);
    const c = sale('04000000000202', 200);
    expect((await send(bar, [a, b])).body.result.accepted).toEqual([a.id, b.id]);
    const second = await send(kiosk, [b, c]);
    expect(second.body.result).toMatchObject({ accepted: [c.id], duplicates: [b.id] });
    expect((await wristband('04000000000202'))!.cash).toBe(500);
    // Inside one batch too.
    const d = topUp('04000000000202', 100);
    expect((await send(bar, [d, d])).body.result).toMatchObject({ accepted: [d.id], duplicates: [d.id] });
    expect((await wristband('04000000000202'))!.cash).toBe(600);
  });

  it('keeps balances and ledger in agreement under concurrent batches for the same wristband', async () => {
    const serial = '04000000000303';
    const shared = Array.from({ length: 5 }, () => topUp(serial, 500));
    const left = [
      ...Array.from({ length: 15 }, (_, i) => (i % 3 ? sale(serial, 150) : topUp(serial, 700))),
      ...shared,
    ];
    const right = [
      ...shared,
      ...Array.from({ length: 15 }, (_, i) => (i % 2 ? sale(serial, 90) : topUp(serial, 400))),
    ];
    const [x, y] = await Promise.all([send(bar, left), send(kiosk, right)]);
    expect(x.status).toBe(200);
    expect(y.status).toBe(200);
    const accepted = [...x.body.result.accepted, ...y.body.result.accepted];
    const unique = new Set([...left, ...right].map((o) => o.id));
    expect(new Set(accepted)).toEqual(unique);
    expect(accepted).toHaveLength(unique.size);
    expect([...x.body.result.duplicates, ...y.body.result.duplicates].sort()).toEqual(
      shared.map((o) => o.id).sort(),
    );

    const expected = [...unique].reduce((sum, id) => {
      const op = [...left, ...right].find((o) => o.id === id)!;
      return op.kind === 'topup' ? sum + op.amount : sum - (op.kind === 'sale' ? op.lines[0]!.price : 0);
    }, 0);
    const w = (await wristband(serial))!;
    expect(w.cash).toBe(expected);
    const [sum] = await t.database.db
      .select({ cash: sql<number>`sum(${ledgerEntries.cashDelta})::int`, n: count() })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.wristbandId, w.id));
    expect(sum).toEqual({ cash: expected, n: unique.size });
    expect(await ledgerMismatches(t.database.db, eventId)).toEqual([]);
  });

  it("records a gate's passages without locking their wristbands, and stores a missing check code", async () => {
    const gate = await tokenFor('SYNC-GATE-1', eventId);
    const passage = (rfid: string, codeCheck?: string) =>
      ({
        kind: 'access',
        id: randomUUID(),
        deviceTime: at(),
        rfid,
        acceso: 'S',
        zoneTo: 1,
        gateId: 3,
        ...(codeCheck ? { codeCheck } : {}),
      }) as SyncOperationInput;
    // Two wristbands first seen at a bar's top-up, without a check code.
    expect((await send(kiosk, [topUp('04000000000951', 900), topUp('04000000000952', 900)])).status).toBe(
      200,
    );
    expect((await wristband('04000000000951'))!.codeCheck).toBeNull();

    // A bar's batch holds 04…952 (on PostgreSQL, a transaction of another connection keeps it locked;
    // PGlite has one connection, so nothing can hold it meanwhile).
    const pool = (t.database.db as unknown as { $client: { connect?: () => Promise<PoolClient> } }).$client;
    const holder = t.database.kind === 'postgres' && pool.connect ? await pool.connect() : null;
    try {
      if (holder) {
        await holder.query('begin');
        await holder.query(`select id from wristbands where n_serie = '04000000000952' for update`);
      }
      const passing = send(gate, [passage('04000000000951', 'g951'), passage('04000000000952', 'g952')]);
      const outcome = await Promise.race([
        passing,
        new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 5_000)),
      ]);
      expect(outcome).not.toBe('waited');
      const res = outcome as Awaited<typeof passing>;
      expect(res.status).toBe(200);
      expect(res.body.result.accepted).toHaveLength(2);
    } finally {
      if (holder) {
        await holder.query('rollback');
        holder.release();
      }
    }
    // Balances untouched; the free wristband got the gate's check code. The held one did not when it
    // was held (skipped, never waited for): the next reading stores it.
    expect(await wristband('04000000000951')).toMatchObject({ cash: 900, codeCheck: 'G951' });
    const held = (await wristband('04000000000952'))!;
    expect(held.cash).toBe(900);
    expect(held.codeCheck).toBe(t.database.kind === 'postgres' ? null : 'G952');
    expect((await send(gate, [passage('04000000000952', 'g952')])).status).toBe(200);
    expect((await wristband('04000000000952'))!.codeCheck).toBe('G952');
    expect(await rows(accessRecords, eq(accessRecords.wristbandId, held.id))).toBe(2);
    expect(await ledgerMismatches(t.database.db, eventId)).toEqual([]);
  });

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

  it('refuses an operation id reused for a different operation', async () => {
    const op = topUp('04000000000505', 800);
    await send(bar, [op]);
    const twisted = { ...op, amount: 8000, money: 8000 };
    const res = await send(bar, [twisted]);
    expect(res.body.result).toMatchObject({
      accepted: [],
      duplicates: [],
      refused: [{ id: op.id, reason: 'idReused' }],
    });
    expect((await wristband('04000000000505'))!.cash).toBe(800);
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

  it('keeps each event apart: the same serial in another event is another wristband', async () => {
    const pending = await t.eventByName('Sonora Festival 2027');
    const other = await tokenFor('SYNC-OTHER-1', pending.id);
    await send(other, [topUp('04000000000101', 999)]);
    expect((await wristband('04000000000101'))!.cash).toBe(2300);
    const [there] = await t.database.db
      .select()
      .from(wristbands)
      .where(and(eq(wristbands.eventId, pending.id), eq(wristbands.nSerie, '04000000000101')));
    expect(there).toMatchObject({ cash: 999 });
  });

  it('refuses a balance beyond its limit without recording it', async () => {
    const big = Array.from({ length: 11 }, () => topUp('04000000000808', 100_000_000));
    const res = await send(kiosk, big);
    expect(res.body.result.accepted).toHaveLength(10);
    expect(res.body.result.refused).toMatchObject([{ id: big[10]!.id, reason: 'balanceLimit' }]);
    expect((await wristband('04000000000808'))!.cash).toBe(1_000_000_000);
    expect(await rows(processedOperations, eq(processedOperations.operationId, big[10]!.id))).toBe(0);
  });

  it('never changes or deletes a ledger entry', async () => {
    await expect(t.database.db.execute(sql`update ledger_entries set cash_delta = 0`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from ledger_entries`)).rejects.toThrow();
    expect(await rows(ledgerEntries, eq(ledgerEntries.eventId, eventId))).toBeGreaterThan(0);
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
