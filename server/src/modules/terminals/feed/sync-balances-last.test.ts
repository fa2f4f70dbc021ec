/**
 * Balances last (sync-balances.repo.ts): a batch of sales, top-ups, passages, ticket validations and
 * role recordings reads its wristbands without a lock and locks them in its last statement. What
 * another writer moved on a wristband between that read and that lock still counts: the ledger
 * follows on, the balances after of the batch's sales and top-ups include it, a sale's below-zero
 * flag is what the balance as locked says, and a balance beyond its limit is still refused.
 *
 * On PostgreSQL the other writer is a transaction of another connection that holds the wristband
 * while the batch runs: it moves the balance once the batch waits for the wristband in its last
 * statement, then commits. PGlite has one connection, so there the other writer moves it before the
 * batch; the batch must then come to the same result.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { PoolClient } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedNames, TEST_FEED_NAMES } from '../../../../test/feed-names';
import { createTestApp, type TestApp } from '../../../../test/helper';
import { ledgerEntries, roleRecordings, sales, topUps } from '../../../core/db/schema';
import { ledgerMismatches } from './ledger.repo';
import { at, deviceToken, rowCount, sale, sendBatch, topUp, wristbandOf } from './sync.test-helper';
import { BALANCE_LIMIT } from './sync-recording';

let t: TestApp;
let eventId: number;
let bar: string;
let kiosk: string;
beforeAll(async () => {
  t = await createTestApp();
  eventId = (await t.activeEvent()).id;
  await feedNames(t.database.db, eventId, TEST_FEED_NAMES);
  bar = await deviceToken(t, 'BALANCES-BAR-1', eventId);
  kiosk = await deviceToken(t, 'BALANCES-KIOSK-1', eventId);
});
afterAll(() => t.close());

const wristband = (serial: string) => wristbandOf(t, eventId, serial);

/** The statements of another writer moving a wristband's cash as the feed does: the balance and its entry. */
const moveSql = (serial: string, cash: number) => [
  `update wristbands set cash = cash + ${cash}, updated_at = now()
     where event_id = ${eventId} and n_serie = '${serial}'`,
  `insert into ledger_entries (event_id, wristband_id, operation_id, kind, cash_delta, gift_delta, cash_after,
     gift_after, device_time)
   select ${eventId}, id, '${randomUUID()}', 'N', ${cash}, 0, cash, gift, now() from wristbands
     where event_id = ${eventId} and n_serie = '${serial}'`,
];

/**
 * Sends a batch while another writer moves `cash` on a wristband: on PostgreSQL after the batch read
 * it and while it waits for it in its last statement; on PGlite before the batch.
 */
async function sendWhileMoved(
  token: string,
  operations: unknown[],
  serial: string,
  cash: number,
  /** More the other writer changes on the wristband. */
  also: string[] = [],
) {
  const writes = [...moveSql(serial, cash), ...also];
  const pool = (t.database.db as unknown as { $client: { connect?: () => Promise<PoolClient> } }).$client;
  if (t.database.kind !== 'postgres' || !pool.connect) {
    for (const q of writes) await t.database.db.execute(sql.raw(q));
    return sendBatch(t, token, operations);
  }
  const holder = await pool.connect();
  const watcher = await pool.connect();
  try {
    await holder.query('begin');
    await holder.query(
      `select id from wristbands where event_id = ${eventId} and n_serie = '${serial}' for no key update`,
    );
    const sending = sendBatch(t, token, operations);
    // The batch read the wristband without waiting, wrote its sales, top-ups and role recordings,
    // and now waits for the wristband in its last statement (the holder locks it as a batch does,
    // so the rows that only name it do not wait).
    const waitingFor = async () =>
      (
        await watcher.query(
          `select count(*)::int as n from pg_stat_activity a
           where a.datname = current_database() and a.wait_event_type = 'Lock'
             and exists (select 1 from pg_locks l where l.pid = a.pid and l.granted and l.mode = 'RowExclusiveLock'
               and l.relation in ('sales'::regclass, 'top_ups'::regclass, 'role_recordings'::regclass))`,
        )
      ).rows[0].n as number;
    for (let i = 0; (await waitingFor()) === 0; i++) {
      if (i > 200) throw new Error('the batch never waited for the wristband in its last statement');
      await new Promise((r) => setTimeout(r, 25));
    }
    for (const q of writes) await holder.query(q);
    await holder.query('commit');
    return await sending;
  } catch (e) {
    await holder.query('rollback');
    throw e;
  } finally {
    holder.release();
    watcher.release();
  }
}

const ledgerOf = async (serial: string) => {
  const w = (await wristband(serial))!;
  return t.database.db
    .select({ cashDelta: ledgerEntries.cashDelta, cashAfter: ledgerEntries.cashAfter })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.wristbandId, w.id))
    .orderBy(ledgerEntries.id);
};

describe('a batch that locks its wristbands last', () => {
  it('counts what another writer moved meanwhile: the ledger follows on, the sale and top-up show it', async () => {
    const serial = '04000000007001';
    await sendBatch(t, kiosk, [topUp(serial, 1000)]);
    const buy = sale(serial, 300);
    const more = topUp(serial, 200);
    const res = await sendWhileMoved(bar, [buy, more], serial, 500);
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ accepted: [buy.id, more.id], flagged: [], refused: [] });
    // 1000, +500 from the other writer, −300, +200.
    expect((await wristband(serial))!.cash).toBe(1400);
    expect(await ledgerOf(serial)).toEqual([
      { cashDelta: 1000, cashAfter: 1000 },
      { cashDelta: 500, cashAfter: 1500 },
      { cashDelta: -300, cashAfter: 1200 },
      { cashDelta: 200, cashAfter: 1400 },
    ]);
    const [soldAt] = await t.database.db.select().from(sales).where(eq(sales.operationId, buy.id));
    expect(soldAt).toMatchObject({ cashAfter: 1200, negativeBalance: false });
    const [toppedAt] = await t.database.db.select().from(topUps).where(eq(topUps.operationId, more.id));
    expect(toppedAt).toMatchObject({ cashAfter: 1400, negativeBalance: false });
    expect(await ledgerMismatches(t.database.db, eventId)).toEqual([]);
  });

  it('flags a sale below zero by the balance as locked, not as read, both ways', async () => {
    // Read at 100, a sale of 300: below zero as read; another writer adds 500 meanwhile: not below zero.
    const rescued = '04000000007002';
    await sendBatch(t, kiosk, [topUp(rescued, 100)]);
    const saved = sale(rescued, 300);
    const up = await sendWhileMoved(bar, [saved], rescued, 500);
    expect(up.body.result).toMatchObject({ accepted: [saved.id], flagged: [], flags: [] });
    const [savedRow] = await t.database.db.select().from(sales).where(eq(sales.operationId, saved.id));
    expect(savedRow).toMatchObject({ cashAfter: 300, negativeBalance: false });

    // Read at 1000, a sale of 300: fine as read; another writer takes 900 meanwhile: below zero.
    const drained = '04000000007003';
    await sendBatch(t, kiosk, [topUp(drained, 1000)]);
    const late = sale(drained, 300);
    const down = await sendWhileMoved(bar, [late], drained, -900);
    expect(down.body.result).toMatchObject({ accepted: [late.id], flagged: [late.id] });
    expect(down.body.result.flags).toEqual([
      expect.objectContaining({ id: late.id, index: 0, reasons: ['negativeBalance'] }),
    ]);
    const [lateRow] = await t.database.db.select().from(sales).where(eq(sales.operationId, late.id));
    expect(lateRow).toMatchObject({ cashAfter: -200, negativeBalance: true });
    expect((await wristband(drained))!.cash).toBe(-200);
    expect(await ledgerMismatches(t.database.db, eventId)).toEqual([]);
  });

  it('refuses a top-up that the balance as locked would take beyond its limit, and records the rest', async () => {
    const serial = '04000000007004';
    await sendBatch(t, kiosk, [topUp(serial, 1000)]);
    const tooMuch = topUp(serial, 2000);
    const fine = sale(serial, 100);
    const res = await sendWhileMoved(bar, [fine, tooMuch], serial, BALANCE_LIMIT - 2000);
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({
      accepted: [fine.id],
      refused: [expect.objectContaining({ id: tooMuch.id, reason: 'balanceLimit' })],
    });
    expect((await wristband(serial))!.cash).toBe(BALANCE_LIMIT - 1100);
    expect(await rowCount(t, topUps, eq(topUps.operationId, tooMuch.id))).toBe(0);
    expect(await ledgerMismatches(t.database.db, eventId)).toEqual([]);
  });

  it('records a role recording once, over the role another writer gave the wristband meanwhile', async () => {
    const serial = '04000000007005';
    await sendBatch(t, kiosk, [topUp(serial, 700)]);
    const role = {
      kind: 'roleRecording',
      id: randomUUID(),
      deviceTime: at(),
      rfid: serial,
      roleId: 2,
      locationId: 31,
      staffId: 4,
    };
    const buy = sale(serial, 50);
    // The other writer gives it role 3 meanwhile: the batch runs again locking first, and its role
    // recording, the later one, decides.
    const res = await sendWhileMoved(bar, [role, buy], serial, 30, [
      `update wristbands set role_id = 3 where event_id = ${eventId} and n_serie = '${serial}'`,
    ]);
    expect(res.body.result).toMatchObject({ accepted: [role.id, buy.id], refused: [], duplicates: [] });
    expect(await wristband(serial)).toMatchObject({ roleId: 2, cash: 680 });
    expect(await rowCount(t, roleRecordings, eq(roleRecordings.operationId, role.id))).toBe(1);
    expect(await rowCount(t, sales, eq(sales.operationId, buy.id))).toBe(1);
    expect(await ledgerMismatches(t.database.db, eventId)).toEqual([]);
  });
});
