import {
  type CashboxesResult,
  moneyFigures,
  type OnlineTopUpsQuery,
  type OnlineTopUpsResult,
  operationGroupOf,
  type ReportQuery,
  TABLE_PAGE_SIZE,
  type TopUpsLocationResult,
  type TopUpsOverviewResult,
  type TopUpsPaymentRow,
  type TopUpsTotals,
} from '@pulsera/contracts';
import type { AppContext } from '../../../core/context';
import { eventCalendar } from '../filters/filters.repo';
import { deviceNames, locationNames, nameOf, staffNames } from '../report-names';
import * as repo from './topups.repo';

const byName = (a: string | null, b: string | null) =>
  a === null
    ? b === null
      ? 0
      : 1
    : b === null
      ? -1
      : a.localeCompare(b, undefined, { sensitivity: 'base' });
const PAYMENT_ORDER = ['S', 'T', 'O', 'B'];
const paymentRank = (p: string | null) => (p === null ? 99 : PAYMENT_ORDER.indexOf(p) + 1 || 50);

/** The recharge overview (tab topUpsOverview): by operation type and payment type, and totals. */
export async function overview(
  ctx: AppContext,
  eventId: number,
  q: ReportQuery,
): Promise<TopUpsOverviewResult> {
  const rows = await repo.overviewRows(ctx.db, eventId, q);
  const totals: TopUpsTotals = {
    count: 0,
    amount: 0,
    bonus: 0,
    fee: 0,
    money: 0,
    creditedCash: 0,
    creditedGift: 0,
    debitedCash: 0,
    debitedGift: 0,
    moneyIn: 0,
    moneyOut: 0,
  };
  const byPayment = new Map<string | null, TopUpsPaymentRow>();
  for (const r of rows) {
    for (const k of Object.keys(totals) as (keyof TopUpsTotals)[]) totals[k] += r[k];
    const p = byPayment.get(r.paymentType) ?? {
      paymentType: r.paymentType,
      count: 0,
      amount: 0,
      bonus: 0,
      fee: 0,
      money: 0,
    };
    p.count += r.count;
    p.amount += r.amount;
    p.bonus += r.bonus;
    p.fee += r.fee;
    p.money += r.money;
    byPayment.set(r.paymentType, p);
  }
  return {
    rows: rows.map((r) => ({
      type: r.type,
      group: operationGroupOf(r.type),
      paymentType: r.paymentType,
      count: r.count,
      amount: r.amount,
      bonus: r.bonus,
      fee: r.fee,
      money: r.money,
    })),
    byPaymentType: [...byPayment.values()].sort(
      (a, b) => paymentRank(a.paymentType) - paymentRank(b.paymentType),
    ),
    totals,
    // The money figures: one definition (contracts moneyFigures), the quick dashboard's as well.
    figures: moneyFigures(rows),
  };
}

/** Cashboxes (tab topUpsCashboxes): what each staff member took at each device, for the cash-up. */
export async function cashboxes(ctx: AppContext, eventId: number, q: ReportQuery): Promise<CashboxesResult> {
  const rows = await repo.cashboxRows(ctx.db, eventId, q);
  const [staff, devices] = await Promise.all([
    staffNames(ctx.db, eventId),
    deviceNames(
      ctx.db,
      rows.map((r) => r.idDevice).filter((id): id is number => id !== null),
    ),
  ]);
  return {
    rows: rows
      .map((r) => ({
        ...r,
        staffName: nameOf(staff, r.idStaff),
        deviceName: nameOf(devices, r.idDevice),
        first: r.first ? r.first.toISOString() : null,
        last: r.last ? r.last.toISOString() : null,
      }))
      .sort(
        (a, b) =>
          byName(a.staffName, b.staffName) ||
          (a.idStaff ?? 0) - (b.idStaff ?? 0) ||
          byName(a.deviceName, b.deviceName) ||
          (a.idDevice ?? 0) - (b.idDevice ?? 0),
      ),
  };
}

/** Top-ups by location (tab topUpsLocations). */
export async function byLocation(
  ctx: AppContext,
  eventId: number,
  q: ReportQuery,
): Promise<TopUpsLocationResult> {
  const [rows, names] = await Promise.all([
    repo.locationRows(ctx.db, eventId, q),
    locationNames(ctx.db, eventId),
  ]);
  return {
    rows: rows
      .map((r) => ({ ...r, locationName: nameOf(names, r.idLocation) }))
      .sort(
        (a, b) =>
          byName(a.locationName, b.locationName) ||
          (a.idLocation ?? Number.MAX_SAFE_INTEGER) - (b.idLocation ?? Number.MAX_SAFE_INTEGER),
      ),
  };
}

/**
 * Online top-ups (tab topUpsOnline) grouped by hour or day in the event's time zone, a page of units
 * at a time (the list protocol: page, paginationLimit default 999, disablePagination).
 */
export async function online(
  ctx: AppContext,
  eventId: number,
  q: OnlineTopUpsQuery,
): Promise<OnlineTopUpsResult> {
  const { timezone } = await eventCalendar(ctx.db, eventId);
  const limit = q.paginationLimit ?? TABLE_PAGE_SIZE;
  const page = q.disablePagination ? null : { limit, offset: (q.page - 1) * limit };
  const r = await repo.onlineTimeUnits(ctx.db, eventId, timezone, q, page);
  return { reportsTimeRange: r.units, total: r.total, totals: r.totals, timezone, groupBy: q.groupBy };
}
