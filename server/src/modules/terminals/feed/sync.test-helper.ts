/**
 * Shared fixtures of the sync tests (sync.test.ts, sync-exactly-once.test.ts, sync-refusals.test.ts):
 * a terminal's device token, a batch sent, top-ups and sales as a terminal makes them (one minute
 * apart), and the rows the tests read back.
 */
import { randomUUID } from 'node:crypto';
import type { SyncOperationInput } from '@pulsera/contracts';
import { and, count, eq, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { TestApp } from '../../../../test/helper';
import { wristbands } from '../../../core/db/schema';
import { registerDevice } from './device.service';

/** A device registered and assigned to the event, signed in: its device token. */
export async function deviceToken(t: TestApp, serial: string, idEvent: number) {
  const { secretKey } = await registerDevice(t.database.db, { n_serie: serial, idEvent, type: 'PDA' });
  const res = await t.call('POST', '/api/device/auth', { body: { serial, secretKey } });
  return res.body.result.token as string;
}
export const sendBatch = (t: TestApp, token: string, operations: unknown[]) =>
  t.call('POST', '/api/device/sync', { headers: { devicetoken: token }, body: { operations } });

let clock = Date.parse('2026-07-10T18:00:00Z');
export const at = () => {
  clock += 60_000;
  return new Date(clock).toISOString();
};
export const topUp = (
  rfid: string,
  amount: number,
  extra: Partial<SyncOperationInput> = {},
): SyncOperationInput =>
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
export const sale = (
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

/** The event's wristband of a serial, as stored. */
export const wristbandOf = async (t: TestApp, eventId: number, serial: string) =>
  (
    await t.database.db
      .select()
      .from(wristbands)
      .where(and(eq(wristbands.eventId, eventId), eq(wristbands.nSerie, serial)))
  )[0];
/** The rows of a table that match. */
export const rowCount = async (t: TestApp, table: PgTable, where: SQL) =>
  Number((await t.database.db.select({ n: count() }).from(table).where(where))[0]!.n);
