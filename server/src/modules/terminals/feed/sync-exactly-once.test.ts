/**
 * The sync feed (POST /api/device/sync) records each operation exactly once: a re-sent batch, an
 * operation in two batches, concurrent batches on the same wristband, an id reused for another
 * operation; a gate's batch locks no wristband; each event keeps its own wristbands.
 */
import { randomUUID } from 'node:crypto';
import type { SyncOperationInput } from '@pulsera/contracts';
import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import type { PoolClient } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedNames, TEST_FEED_NAMES } from '../../../../test/feed-names';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { accessRecords, ledgerEntries, topUps, wristbands } from '../../../core/db/schema';
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

  it('keeps each event apart: the same serial in another event is another wristband', async () => {
    const pending = await t.eventByName('Sonora Festival 2027');
    const other = await tokenFor('SYNC-OTHER-1', pending.id);
    await feedNames(t.database.db, pending.id, { locations: [8031], staff: [8004] });
    await send(other, [topUp('04000000000101', 999, { locationId: 8031, staffId: 8004 })]);
    expect((await wristband('04000000000101'))!.cash).toBe(2300);
    const [there] = await t.database.db
      .select()
      .from(wristbands)
      .where(and(eq(wristbands.eventId, pending.id), eq(wristbands.nSerie, '04000000000101')));
    expect(there).toMatchObject({ cash: 999 });
  });
});
