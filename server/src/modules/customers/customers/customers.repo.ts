import { and, asc, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../core/db/client';
import {
  accessRecords,
  articles,
  customerRefunds,
  customers,
  devices,
  flags,
  gates,
  locations,
  onlineTopUps,
  rols,
  saleLines,
  salePayments,
  sales,
  staff,
  topUps,
  wristbandChanges,
  wristbands,
  zones,
} from '../../../core/db/schema';

/**
 * The customer lookup's reads and the refund and online top-up writes. Every query is scoped by the
 * event; the catalogue rows that name the feed's plain ids (locations, staff, zones, gates, ticket
 * roles, articles) are joined within the same event.
 */

export type CustomerRow = typeof customers.$inferSelect;
export type WristbandRow = typeof wristbands.$inferSelect;
export type RefundRow = typeof customerRefunds.$inferSelect;
export type OnlineTopUpRow = typeof onlineTopUps.$inferSelect;

export const findCustomer = async (db: Executor, eventId: number, id: number) =>
  (
    await db
      .select()
      .from(customers)
      .where(and(eq(customers.eventId, eventId), eq(customers.id, id)))
      .limit(1)
  )[0];

export const findWristband = async (db: Executor, eventId: number, id: number) =>
  (
    await db
      .select()
      .from(wristbands)
      .where(and(eq(wristbands.eventId, eventId), eq(wristbands.id, id)))
      .limit(1)
  )[0];

/** The wristband the customer uses now: the active one, else the latest. */
export const currentWristband = async (db: Executor, eventId: number, customerId: number) =>
  (
    await db
      .select()
      .from(wristbands)
      .where(and(eq(wristbands.eventId, eventId), eq(wristbands.customerId, customerId)))
      .orderBy(desc(wristbands.active), desc(wristbands.id))
      .limit(1)
  )[0];

/** The customer's cash over all their wristbands (a replacement moves it, so the sum holds). */
export async function customerCash(db: Executor, eventId: number, customerId: number) {
  const [row] = await db
    .select({ cash: sql<number>`coalesce(sum(${wristbands.cash}), 0)::int` })
    .from(wristbands)
    .where(and(eq(wristbands.eventId, eventId), eq(wristbands.customerId, customerId)));
  return Number(row?.cash ?? 0);
}

export const eventFlags = (db: Executor, eventId: number) =>
  db
    .select({ id: flags.id, flagNumber: flags.flagNumber, name: flags.name, description: flags.description })
    .from(flags)
    .where(eq(flags.eventId, eventId))
    .orderBy(asc(flags.flagNumber));

/** The wristband that replaced this one (its latest change away), if any. */
export const replacementOf = async (db: Executor, eventId: number, wristbandId: number) =>
  (
    await db
      .select({ id: wristbandChanges.endWristbandId })
      .from(wristbandChanges)
      .where(and(eq(wristbandChanges.eventId, eventId), eq(wristbandChanges.sourceWristbandId, wristbandId)))
      .orderBy(desc(wristbandChanges.id))
      .limit(1)
  )[0]?.id;

/** Replacements of any of these wristbands, oldest first. */
export const changesOf = (db: Executor, eventId: number, wristbandIds: number[]) =>
  db
    .select({
      sourceRfid: wristbandChanges.sourceRfid,
      endRfid: wristbandChanges.endRfid,
      date: wristbandChanges.date,
    })
    .from(wristbandChanges)
    .where(
      and(
        eq(wristbandChanges.eventId, eventId),
        or(
          inArray(wristbandChanges.sourceWristbandId, wristbandIds),
          inArray(wristbandChanges.endWristbandId, wristbandIds),
        ),
      ),
    )
    .orderBy(asc(wristbandChanges.date), asc(wristbandChanges.id));

export const wristbandIdsOf = async (db: Executor, eventId: number, customerId: number) =>
  (
    await db
      .select({ id: wristbands.id })
      .from(wristbands)
      .where(and(eq(wristbands.eventId, eventId), eq(wristbands.customerId, customerId)))
  ).map((r) => r.id);

// ---------------------------------------------------------------------------------------------
// Online top-ups and refunds

/** The customer's online top-ups (by customer, or on one of their wristbands), newest first. */
export function onlineTopUpsOf(db: Executor, eventId: number, customerId: number, wristbandIds: number[]) {
  const byWristband = wristbandIds.length ? inArray(onlineTopUps.wristbandId, wristbandIds) : undefined;
  return db
    .select({ row: onlineTopUps, location: locations.name })
    .from(onlineTopUps)
    .leftJoin(
      locations,
      and(eq(locations.id, onlineTopUps.locationId), eq(locations.eventId, onlineTopUps.eventId)),
    )
    .where(
      and(
        eq(onlineTopUps.eventId, eventId),
        byWristband
          ? or(eq(onlineTopUps.customerId, customerId), byWristband)
          : eq(onlineTopUps.customerId, customerId),
      ),
    )
    .orderBy(desc(onlineTopUps.dateRechargeOnline), desc(onlineTopUps.id));
}

export const refundOfCustomer = async (db: Executor, eventId: number, customerId: number) =>
  (
    await db
      .select()
      .from(customerRefunds)
      .where(and(eq(customerRefunds.eventId, eventId), eq(customerRefunds.customerId, customerId)))
      .limit(1)
  )[0];

export const findRefund = async (db: Executor, eventId: number, id: number) =>
  (
    await db
      .select()
      .from(customerRefunds)
      .where(and(eq(customerRefunds.eventId, eventId), eq(customerRefunds.id, id)))
      .limit(1)
  )[0];

export async function insertRefund(db: Executor, values: typeof customerRefunds.$inferInsert) {
  const [row] = await db.insert(customerRefunds).values(values).returning();
  return row!;
}

export async function updateRefund(
  db: Executor,
  eventId: number,
  id: number,
  values: Pick<RefundRow, 'amount' | 'fee' | 'ccOwner' | 'ccIban' | 'ccBic' | 'updatedBy'>,
) {
  // Only while no payout run holds it (issue 15): a corrected rejected refund is pending again.
  const [row] = await db
    .update(customerRefunds)
    .set({
      ...values,
      // One state at a time (issue 27): what it went through is its history (payout run items).
      status: 'pending',
      runId: null,
      paidAt: null,
      rejectedAt: null,
      rejectReason: null,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(customerRefunds.eventId, eventId),
        eq(customerRefunds.id, id),
        inArray(customerRefunds.status, ['pending', 'rejected']),
      ),
    )
    .returning();
  return row;
}

/** The lookup by IBAN searches the customer's IBAN: the refund's account becomes it. */
export const setCustomerIban = (db: Executor, eventId: number, customerId: number, iban: string) =>
  db
    .update(customers)
    .set({ iban, updatedAt: new Date() })
    .where(and(eq(customers.eventId, eventId), eq(customers.id, customerId)));

export const findOnlineTopUp = async (db: Executor, eventId: number, id: number) =>
  (
    await db
      .select({ id: onlineTopUps.id, payed: onlineTopUps.payed })
      .from(onlineTopUps)
      .where(and(eq(onlineTopUps.eventId, eventId), eq(onlineTopUps.id, id)))
      .limit(1)
  )[0];

/**
 * Marks an online top-up refunded in one statement that only matches while it is not -1: of two
 * concurrent marks exactly one updates the row; the other finds nothing to update.
 */
/**
 * When the customer first bought on the online-services web (their earliest online top-up), null
 * when they never did.
 */
export async function firstOnlineTopUp(db: Executor, eventId: number, customerId: number) {
  const [row] = await db
    .select({ at: sql<Date | string | null>`min(${onlineTopUps.dateRechargeOnline})` })
    .from(onlineTopUps)
    .where(and(eq(onlineTopUps.eventId, eventId), eq(onlineTopUps.customerId, customerId)));
  return row?.at ? new Date(row.at) : null;
}

/** Marks a paid online top-up (payed = 1) refunded (-1); undefined when it is not one. */
export async function markOnlineTopUpRefunded(
  db: Executor,
  eventId: number,
  id: number,
  userId: number | null,
) {
  const now = new Date();
  const [row] = await db
    .update(onlineTopUps)
    .set({ payed: -1, dateRefund: now, refundedBy: userId, updatedAt: now })
    .where(and(eq(onlineTopUps.eventId, eventId), eq(onlineTopUps.id, id), ne(onlineTopUps.payed, -1)))
    .returning({ id: onlineTopUps.id });
  return row;
}

export const onlineTopUpWithLocation = async (db: Executor, eventId: number, id: number) =>
  (
    await db
      .select({ row: onlineTopUps, location: locations.name })
      .from(onlineTopUps)
      .leftJoin(
        locations,
        and(eq(locations.id, onlineTopUps.locationId), eq(locations.eventId, onlineTopUps.eventId)),
      )
      .where(and(eq(onlineTopUps.eventId, eventId), eq(onlineTopUps.id, id)))
      .limit(1)
  )[0];

// ---------------------------------------------------------------------------------------------
// The extract

const supervisor = alias(staff, 'supervisor');

export const topUpsOf = (db: Executor, eventId: number, wristbandId: number) =>
  db
    .select({
      row: topUps,
      staffName: staff.name,
      supervisorName: supervisor.name,
      deviceDescription: devices.description,
      deviceSerial: devices.nSerie,
      location: locations.name,
    })
    .from(topUps)
    .leftJoin(staff, and(eq(staff.id, topUps.staffId), eq(staff.eventId, topUps.eventId)))
    .leftJoin(supervisor, and(eq(supervisor.id, topUps.supervisorId), eq(supervisor.eventId, topUps.eventId)))
    .leftJoin(devices, eq(devices.id, topUps.deviceId))
    .leftJoin(locations, and(eq(locations.id, topUps.locationId), eq(locations.eventId, topUps.eventId)))
    .where(and(eq(topUps.eventId, eventId), eq(topUps.wristbandId, wristbandId)))
    .orderBy(asc(topUps.deviceTime), asc(topUps.id));

export const salesOf = (db: Executor, eventId: number, wristbandId: number) =>
  db
    .select({
      row: sales,
      staffName: staff.name,
      deviceDescription: devices.description,
      deviceSerial: devices.nSerie,
      location: locations.name,
    })
    .from(sales)
    .leftJoin(staff, and(eq(staff.id, sales.staffId), eq(staff.eventId, sales.eventId)))
    .leftJoin(devices, eq(devices.id, sales.deviceId))
    .leftJoin(locations, and(eq(locations.id, sales.locationId), eq(locations.eventId, sales.eventId)))
    .where(and(eq(sales.eventId, eventId), eq(sales.wristbandId, wristbandId)))
    .orderBy(asc(sales.deviceTime), asc(sales.id));

export const linesOf = (db: Executor, eventId: number, saleIds: number[]) =>
  saleIds.length
    ? db
        .select({
          saleId: saleLines.saleId,
          articleId: saleLines.articleId,
          quantity: saleLines.quantity,
          price: saleLines.price,
          quantityGift: saleLines.quantityGift,
        })
        .from(saleLines)
        .where(and(eq(saleLines.eventId, eventId), inArray(saleLines.saleId, saleIds)))
        .orderBy(asc(saleLines.id))
    : Promise.resolve([]);

export const paymentsOf = (db: Executor, eventId: number, saleIds: number[]) =>
  saleIds.length
    ? db
        .select({
          saleId: salePayments.saleId,
          type: salePayments.type,
          amount: salePayments.amount,
          wristbandId: salePayments.wristbandId,
        })
        .from(salePayments)
        .where(and(eq(salePayments.eventId, eventId), inArray(salePayments.saleId, saleIds)))
        .orderBy(asc(salePayments.id))
    : Promise.resolve([]);

export async function articleNames(db: Executor, eventId: number, ids: number[]) {
  if (!ids.length) return new Map<number, string>();
  const rows = await db
    .select({ id: articles.id, name: articles.name })
    .from(articles)
    .where(and(eq(articles.eventId, eventId), inArray(articles.id, ids)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

// ---------------------------------------------------------------------------------------------
// Access

const zoneFrom = alias(zones, 'zone_from');
const zoneTo = alias(zones, 'zone_to');
const lastZone = alias(zones, 'last_zone');

/** The wristband's access log, newest first. */
export const accessOf = (db: Executor, eventId: number, wristbandId: number) =>
  db
    .select({
      row: accessRecords,
      zoneFrom: zoneFrom.name,
      zoneTo: zoneTo.name,
      lastZone: lastZone.name,
      gate: gates.name,
      rol: rols.name,
      staffName: staff.name,
      deviceDescription: devices.description,
      deviceModel: devices.model,
    })
    .from(accessRecords)
    .leftJoin(
      zoneFrom,
      and(eq(zoneFrom.id, accessRecords.zoneFrom), eq(zoneFrom.eventId, accessRecords.eventId)),
    )
    .leftJoin(zoneTo, and(eq(zoneTo.id, accessRecords.zoneTo), eq(zoneTo.eventId, accessRecords.eventId)))
    .leftJoin(
      lastZone,
      and(eq(lastZone.id, accessRecords.lastZone), eq(lastZone.eventId, accessRecords.eventId)),
    )
    .leftJoin(gates, and(eq(gates.id, accessRecords.gateId), eq(gates.eventId, accessRecords.eventId)))
    .leftJoin(rols, and(eq(rols.id, accessRecords.roleId), eq(rols.eventId, accessRecords.eventId)))
    .leftJoin(staff, and(eq(staff.id, accessRecords.staffId), eq(staff.eventId, accessRecords.eventId)))
    .leftJoin(devices, eq(devices.id, accessRecords.deviceId))
    .where(and(eq(accessRecords.eventId, eventId), eq(accessRecords.wristbandId, wristbandId)))
    .orderBy(desc(accessRecords.dateLocal), desc(accessRecords.id));
