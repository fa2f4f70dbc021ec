import { randomUUID } from 'node:crypto';
import type { SyncOperationInput } from '@pulsera/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedNames, TEST_FEED_NAMES } from '../../../../test/feed-names';
import { createTestApp, type TestApp } from '../../../../test/helper';
import {
  accessRecords,
  refusedOperations,
  roleRecordings,
  sales,
  ticketValidations,
  topUps,
  wristbandChanges,
  wristbands,
} from '../../../core/db/schema';
import { registerDevice } from './device.service';
import { ledgerMismatches } from './ledger.repo';

/**
 * Banned wristbands at sync (decisions/terminals.md "Terminal feed"): what a ban refuses and what it records
 * and flags, banned through the console's own call (POST /api/rfids/ban).
 */
let t: TestApp;
let eventId: number;
let terminal: string;
let superAdmin: Awaited<ReturnType<TestApp['session']>>;
beforeAll(async () => {
  t = await createTestApp();
  eventId = (await t.activeEvent()).id;
  await feedNames(t.database.db, eventId, TEST_FEED_NAMES);
  superAdmin = await t.session('super@demo.test');
  const { secretKey } = await registerDevice(t.database.db, { n_serie: 'BAN-PDA-1', idEvent: eventId });
  const auth = await t.call('POST', '/api/device/auth', { body: { serial: 'BAN-PDA-1', secretKey } });
  terminal = auth.body.result.token;
});
afterAll(() => t.close());

const send = (operations: unknown[], lang?: string) =>
  t.call('POST', '/api/device/sync', {
    headers: { devicetoken: terminal },
    body: { operations },
    ...(lang ? { lang } : {}),
  });
/** Bans a serial, or edits its ban (by id) once it has one: lifting is both toggles 0. */
const banIds = new Map<string, number>();
const ban = async (nSerie: string, banAndroid: 0 | 1, banTopUps: 0 | 1) => {
  const res = await t.call('POST', '/api/rfids/ban', {
    ...superAdmin,
    body: { id: banIds.get(nSerie), nSerie, notes: 'stolen', banAndroid, banTopUps },
  });
  expect(res.status).toBe(200);
  banIds.set(nSerie, res.body.result.id);
};

let clock = Date.parse('2026-07-11T18:00:00Z');
const base = () => {
  clock += 60_000;
  return { id: randomUUID(), deviceTime: new Date(clock).toISOString(), staffId: 4, locationId: 31 };
};
const topUp = (rfid: string, amount: number, extra: Record<string, unknown> = {}) =>
  ({
    kind: 'topup',
    ...base(),
    rfid,
    type: 'N',
    paymentType: 'S',
    amount,
    money: amount,
    ...extra,
  }) as SyncOperationInput;
const gift = (rfid: string, bonus: number) =>
  topUp(rfid, 0, { type: 'M', bonus, money: 0, paymentType: undefined });
const sale = (rfid: string, price: number) =>
  ({
    kind: 'sale',
    ...base(),
    rfid,
    lines: [{ idArticle: 1, quantity: 1, price }],
    payments: [{ type: 'S', amount: price }],
  }) as SyncOperationInput;
const access = (rfid: string) =>
  ({ kind: 'access', ...base(), rfid, acceso: 'S', zoneTo: 1, gateId: 3 }) as SyncOperationInput;
const validation = (rfid: string, ticketCode: string) =>
  ({ kind: 'ticketValidation', ...base(), rfid, ticketCode }) as SyncOperationInput;
const role = (rfid: string) => ({ kind: 'roleRecording', ...base(), rfid, roleId: 2 }) as SyncOperationInput;
const change = (sourceRfid: string, endRfid: string) =>
  ({ kind: 'wristbandChange', ...base(), sourceRfid, endRfid }) as SyncOperationInput;

const wristband = async (serial: string) =>
  (
    await t.database.db
      .select()
      .from(wristbands)
      .where(and(eq(wristbands.eventId, eventId), eq(wristbands.nSerie, serial)))
  )[0]!;
const refusedRow = async (operationId: string) =>
  (
    await t.database.db.select().from(refusedOperations).where(eq(refusedOperations.operationId, operationId))
  )[0];

describe('banned wristbands at POST /api/device/sync', () => {
  it('banned on terminals: money movements are recorded and flagged, the rest is refused', async () => {
    const serial = '04BA00000000A1';
    // Topped up before the ban reached anyone.
    expect((await send([topUp(serial, 5000)])).body.result.flagged).toEqual([]);
    await ban(serial, 1, 0);

    const drink = sale(serial, 800);
    const paid = topUp(serial, 2000);
    const bonus = gift(serial, 300);
    const refund = topUp(serial, -1000, { type: 'D', money: 1000 });
    const gate = access(serial);
    const ticket = validation(serial, 'SN26-BAN-0001');
    const rec = role(serial);
    const presence = { kind: 'presence', ...base(), staffId: 4, type: 'in' };
    const ops = [drink, paid, bonus, refund, gate, ticket, rec, presence];
    const res = await send(ops);
    expect(res.status).toBe(200);
    const result = res.body.result;
    expect(result.accepted).toEqual([drink.id, paid.id, refund.id, presence.id]);
    expect(result.flagged).toEqual([drink.id, paid.id, refund.id]);
    expect(result.flags).toEqual(
      [drink, paid, refund].map((op) => ({
        id: op.id,
        index: ops.indexOf(op),
        reasons: ['bannedWristband'],
        description: `Recorded, but the wristband ${serial} is banned on terminals: review it`,
      })),
    );
    expect(result.refused).toEqual(
      [bonus, gate, ticket, rec].map((op) => ({
        id: op.id,
        index: ops.indexOf(op),
        reason: 'bannedWristband',
        description: `The wristband ${serial} is banned on terminals`,
      })),
    );

    // The money that moved is in the balance and the ledger; the gift is not.
    const w = await wristband(serial);
    expect(w.cash).toBe(5000 - 800 + 2000 - 1000);
    expect(w.gift).toBe(0);
    expect(await ledgerMismatches(t.database.db, eventId)).toEqual([]);
    const [saleRow] = await t.database.db.select().from(sales).where(eq(sales.operationId, drink.id));
    expect(saleRow).toMatchObject({ bannedWristband: true, negativeBalance: false });
    for (const op of [paid, refund]) {
      const [row] = await t.database.db.select().from(topUps).where(eq(topUps.operationId, op.id));
      expect(row).toMatchObject({ bannedWristband: true });
    }
    // Nothing of the refused ones was recorded; each refusal is kept for review.
    expect(await t.database.db.select().from(topUps).where(eq(topUps.operationId, bonus.id))).toEqual([]);
    expect(
      await t.database.db.select().from(accessRecords).where(eq(accessRecords.operationId, gate.id)),
    ).toEqual([]);
    expect(
      await t.database.db
        .select()
        .from(ticketValidations)
        .where(eq(ticketValidations.operationId, ticket.id)),
    ).toEqual([]);
    expect(
      await t.database.db.select().from(roleRecordings).where(eq(roleRecordings.operationId, rec.id)),
    ).toEqual([]);
    expect(await refusedRow(gate.id)).toMatchObject({ reason: 'bannedWristband' });
    expect((await refusedRow(gate.id))!.payload).toMatchObject({ rfid: serial, acceso: 'S' });

    // The answer speaks the terminal's language.
    const es = await send([access(serial)], 'es');
    expect(es.body.result.refused[0].description).toBe(
      `La pulsera ${serial} está prohibida en los terminales`,
    );
  });

  it('a ban of top-ups alone: paid top-ups are flagged, gifts refused, everything else goes on', async () => {
    const serial = '04BA00000000B2';
    await ban(serial, 0, 1);
    const paid = topUp(serial, 1500);
    const online = topUp(serial, 1000, { type: 'O', money: 0, paymentType: 'O' });
    const bonus = gift(serial, 200);
    const drink = sale(serial, 500);
    const gate = access(serial);
    const ops = [paid, online, bonus, drink, gate];
    const { result } = (await send(ops)).body;
    expect(result.accepted).toEqual([paid.id, online.id, drink.id, gate.id]);
    expect(result.flags).toEqual(
      [paid, online].map((op) => ({
        id: op.id,
        index: ops.indexOf(op),
        reasons: ['bannedTopUp'],
        description: `Recorded (the money was taken), but top-ups of the wristband ${serial} are banned: review it`,
      })),
    );
    expect(result.refused).toEqual([
      {
        id: bonus.id,
        index: 2,
        reason: 'bannedTopUp',
        description: `Top-ups of the wristband ${serial} are banned`,
      },
    ]);
    const w = await wristband(serial);
    expect([w.cash, w.gift]).toEqual([1500 + 1000 - 500, 0]);
    const [saleRow] = await t.database.db.select().from(sales).where(eq(sales.operationId, drink.id));
    expect(saleRow!.bannedWristband).toBe(false);
  });

  it('a sale below zero on a banned wristband carries both reasons', async () => {
    const serial = '04BA00000000C3';
    await send([topUp(serial, 300)]);
    await ban(serial, 1, 1);
    const drink = sale(serial, 1000);
    const { result } = (await send([drink])).body;
    expect(result.flags).toEqual([
      {
        id: drink.id,
        index: 0,
        reasons: ['negativeBalance', 'bannedWristband'],
        description: `Recorded, but it took a balance below zero; Recorded, but the wristband ${serial} is banned on terminals: review it`,
      },
    ]);
    expect((await wristband(serial)).cash).toBe(-700);
  });

  it('a replacement moves the value away from a banned wristband (flagged), never onto one', async () => {
    const stolen = '04BA00000000D4';
    const fresh = '04BA00000000D5';
    await send([topUp(stolen, 4000)]);
    await ban(stolen, 1, 0);
    const onto = change(fresh, stolen);
    const away = change(stolen, fresh);
    const { result } = (await send([onto, away])).body;
    expect(result.refused).toMatchObject([{ id: onto.id, reason: 'bannedWristband' }]);
    expect(result.accepted).toEqual([away.id]);
    expect(result.flags).toMatchObject([{ id: away.id, reasons: ['bannedWristband'] }]);
    expect((await wristband(stolen)).cash).toBe(0);
    expect((await wristband(fresh)).cash).toBe(4000);
    const moved = await t.database.db.select().from(topUps).where(eq(topUps.operationId, away.id));
    expect(moved.map((r) => [r.type, r.amount, r.bannedWristband]).sort()).toEqual([
      ['N-RE', 4000, true],
      ['N-RS', -4000, true],
    ]);
    expect(
      await t.database.db.select().from(wristbandChanges).where(eq(wristbandChanges.operationId, onto.id)),
    ).toEqual([]);
    expect(await ledgerMismatches(t.database.db, eventId)).toEqual([]);
  });

  it('a refused operation is not spent: re-sent after the ban is lifted, it is recorded', async () => {
    const serial = '04BA00000000E6';
    await ban(serial, 1, 0);
    const gate = access(serial);
    expect((await send([gate])).body.result.refused).toMatchObject([{ reason: 'bannedWristband' }]);
    expect((await send([gate])).body.result.refused).toMatchObject([{ reason: 'bannedWristband' }]);
    await ban(serial, 0, 0);
    const again = (await send([gate])).body.result;
    expect(again).toMatchObject({ accepted: [gate.id], refused: [], flagged: [], flags: [] });
    // And only once.
    expect((await send([gate])).body.result).toMatchObject({ accepted: [], duplicates: [gate.id] });
  });
});
