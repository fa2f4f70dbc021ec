import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../core/db/client';
import { locations, onlineTopUps, sales, topUps, wristbands } from '../../../core/db/schema';

/** The operation ids (uuid) of top-ups and sales, by their row ids (the extract's idUnique). */
export async function operationIdsOf(db: Executor, eventId: number, topUpIds: number[], saleIds: number[]) {
  const [t, s] = await Promise.all([
    topUpIds.length
      ? db
          .select({ id: topUps.id, op: topUps.operationId })
          .from(topUps)
          .where(and(eq(topUps.eventId, eventId), inArray(topUps.id, topUpIds)))
      : Promise.resolve([]),
    saleIds.length
      ? db
          .select({ id: sales.id, op: sales.operationId })
          .from(sales)
          .where(and(eq(sales.eventId, eventId), inArray(sales.id, saleIds)))
      : Promise.resolve([]),
  ]);
  return { topUps: new Map(t.map((r) => [r.id, r.op])), sales: new Map(s.map((r) => [r.id, r.op])) };
}

/** A sale of the event by its operation id (and, for a device's receipt, made by that device). */
export const saleByOperation = async (
  db: Executor,
  eventId: number,
  operationId: string,
  deviceId?: number,
) =>
  (
    await db
      .select({ row: sales, location: locations.name, serial: wristbands.nSerie })
      .from(sales)
      .leftJoin(locations, and(eq(locations.id, sales.locationId), eq(locations.eventId, sales.eventId)))
      .leftJoin(wristbands, eq(wristbands.id, sales.wristbandId))
      .where(byOperation(sales, eventId, operationId, deviceId))
      .limit(1)
  )[0];

/** A top-up of the event by its operation id; a wristband change's two rows: the first. */
export const topUpByOperation = async (
  db: Executor,
  eventId: number,
  operationId: string,
  deviceId?: number,
) =>
  (
    await db
      .select({ row: topUps, location: locations.name, serial: wristbands.nSerie })
      .from(topUps)
      .leftJoin(locations, and(eq(locations.id, topUps.locationId), eq(locations.eventId, topUps.eventId)))
      .leftJoin(wristbands, eq(wristbands.id, topUps.wristbandId))
      .where(byOperation(topUps, eventId, operationId, deviceId))
      .orderBy(asc(topUps.id))
      .limit(1)
  )[0];

function byOperation(
  t: typeof sales | typeof topUps,
  eventId: number,
  operationId: string,
  deviceId?: number,
): SQL | undefined {
  return and(
    eq(t.eventId, eventId),
    eq(t.operationId, operationId),
    deviceId === undefined ? undefined : eq(t.deviceId, deviceId),
  );
}

/** The card of an online top-up, by the recharge reference its credited top-up carries. */
export const onlineCardOf = async (db: Executor, eventId: number, ref: string) =>
  (
    await db
      .select({ brand: onlineTopUps.cardBrand, number: onlineTopUps.cardNumber })
      .from(onlineTopUps)
      .where(and(eq(onlineTopUps.eventId, eventId), eq(onlineTopUps.idRecharge, ref)))
      .limit(1)
  )[0];
