import { z } from 'zod';
import { ListQuery } from '../envelope';
import { instant as dateInRange } from '../inputs';
import {
  DEBIT_OPERATION_TYPES,
  OPERATION_DIRECTION,
  OPERATION_TYPES,
  type OperationType,
} from '../terminals/feed';

export { DEBIT_OPERATION_TYPES };

import { ReportQuery } from './report';

/**
 * The recharge reports (01-console §2 "Recharge reports tab shell": overview, cashboxes, locations,
 * online) and the bonuses report (admin/reports/bonuses with its manual tab). Amounts are integer
 * cents of the event's financial currency, read from the terminal feed's top_ups table and the
 * online top-ups of the online-services web.
 *
 * A top-up row carries `amount` (change of the cash balance), `bonus` (change of the gift balance),
 * `fee` (kept by the promoter, never on a wristband) and `money` (what changed hands at the terminal).
 */

/**
 * What each operation type code of 01-console §3 is, for the reports:
 * - topUp: money loaded onto the cash balance (on site, online, card terminal) and its cancellation R-E;
 * - manualBonus: M manual bonus, M-E refundable bonus, M-WA bonus with article, MC cancel bonus;
 * - ticket: what a ticket validation or a role recording loads (the role's bonus);
 * - addon: the add-on codes (manual, on validation, in a sale);
 * - refund: balance given back (full, partial, tag refund, a sale with add-on refunded);
 * - replacement: a wristband change (N-RS on the old wristband, N-RE on the new one; nets to zero).
 */
export const OPERATION_GROUPS = ['topUp', 'manualBonus', 'ticket', 'addon', 'refund', 'replacement'] as const;
export type OperationGroup = (typeof OPERATION_GROUPS)[number];

export const OPERATION_GROUP: Record<OperationType, OperationGroup> = {
  N: 'topUp',
  'N-WA': 'topUp',
  O: 'topUp',
  'O-WA': 'topUp',
  T: 'topUp',
  'T-WA': 'topUp',
  'R-E': 'topUp',
  M: 'manualBonus',
  'M-E': 'manualBonus',
  'M-WA': 'manualBonus',
  MC: 'manualBonus',
  RV: 'ticket',
  'RV-WA': 'ticket',
  RS: 'ticket',
  'RS-WA': 'ticket',
  AM: 'addon',
  AV: 'addon',
  'AM-WA': 'addon',
  'AV-WA': 'addon',
  AS: 'addon',
  'AS-WA': 'addon',
  'AS-C': 'addon',
  'AS-CC': 'addon',
  D: 'refund',
  DP: 'refund',
  'D-T': 'refund',
  'D-SA': 'refund',
  'N-RS': 'replacement',
  'N-RE': 'replacement',
};

export const codesOfGroup = (...groups: OperationGroup[]) =>
  OPERATION_TYPES.filter((c) => groups.includes(OPERATION_GROUP[c]));
/** The manual bonus operations (the bonuses report's manual tab). */
export const MANUAL_BONUS_TYPES = codesOfGroup('manualBonus');
export const operationGroupOf = (code: string): OperationGroup | null =>
  Object.hasOwn(OPERATION_GROUP, code) ? OPERATION_GROUP[code as OperationType] : null;

const cents = z.number().int();
const count = z.number().int();

// ---------------------------------------------------------------------------------------------
// The money figures: ONE definition, shared by the quick dashboard and the recharge overview
// (docs/decisions/reports.md "The money figures"). Both calls answer `figures` from `moneyFigures`,
// and both screens show them under the same names with the same help text.

/** A count and the cents it moved. */
const Figure = z.object({ count, amount: cents });

export const MoneyFigures = z.object({
  /**
   * Top-ups: cash loaded by the top-up codes (N, N-WA, O, O-WA, T, T-WA), less their cancellations
   * (R-E). Add-ons, tickets and manual bonuses are not top-ups.
   */
  topUps: Figure.extend({ money: cents }),
  /**
   * Add-on credits: cash the add-on codes put on wristbands (AM, AV, AS, AS-CC and their -WA), net of
   * add-ons paid from the balance (AS-C).
   */
  addonCredits: Figure,
  /** Other credits: cash loaded by ticket validations and role recordings (RV, RS) and manual bonuses. */
  otherCredits: Figure,
  /** Bonuses: gift balance given by every crediting operation, net of cancelled bonuses (MC). */
  bonuses: Figure,
  /** Fees: kept by the promoter on any balance operation, never on a wristband. */
  fees: cents,
  /** Refunds at the terminals (D, DP, D-T, D-SA): cash balance given back, and the money paid out. */
  terminalRefunds: Figure.extend({ money: cents }),
});
export type MoneyFigures = z.infer<typeof MoneyFigures>;

/** Sums of one operation type (and payment type) as the reports' queries answer them. */
export interface OperationSums {
  type: string;
  count: number;
  /** Operations that changed the gift balance. */
  withBonus: number;
  amount: number;
  bonus: number;
  fee: number;
  money: number;
}

/** The money figures of a window from its operation sums (replacements count for nothing). */
export function moneyFigures(rows: readonly OperationSums[]): MoneyFigures {
  const f: MoneyFigures = {
    topUps: { count: 0, amount: 0, money: 0 },
    addonCredits: { count: 0, amount: 0 },
    otherCredits: { count: 0, amount: 0 },
    bonuses: { count: 0, amount: 0 },
    fees: 0,
    terminalRefunds: { count: 0, amount: 0, money: 0 },
  };
  for (const r of rows) {
    const group = operationGroupOf(r.type);
    if (group === null || group === 'replacement') continue;
    f.fees += r.fee;
    if (group === 'refund') {
      f.terminalRefunds.count += r.count;
      f.terminalRefunds.amount -= r.amount;
      f.terminalRefunds.money += r.money;
      continue;
    }
    f.bonuses.count += r.withBonus;
    f.bonuses.amount += r.bonus;
    const cash = group === 'topUp' ? f.topUps : group === 'addon' ? f.addonCredits : f.otherCredits;
    if (group === 'topUp') f.topUps.money += r.money;
    // An operation that moved only gift (a bonus) is counted under bonuses, not here.
    if (group === 'topUp' || r.amount !== 0) cash.count += r.count;
    cash.amount += r.amount;
  }
  return f;
}

// ---------------------------------------------------------------------------------------------
// Overview (tab topUpsOverview, permission reportsRecharges): GET /reports/mainRecharges

export const TopUpsOverviewRow = z.object({
  /** Operation type code (01-console §3). */
  type: z.string(),
  group: z.enum(OPERATION_GROUPS).nullable(),
  /** S cash, T credit card, O other, B bonus; null when the terminal sent none. */
  paymentType: z.string().nullable(),
  count,
  amount: cents,
  bonus: cents,
  fee: cents,
  money: cents,
});
export type TopUpsOverviewRow = z.infer<typeof TopUpsOverviewRow>;

export const TopUpsPaymentRow = z.object({
  paymentType: z.string().nullable(),
  count,
  amount: cents,
  bonus: cents,
  fee: cents,
  money: cents,
});
export type TopUpsPaymentRow = z.infer<typeof TopUpsPaymentRow>;

/**
 * Totals of the rows, and the same money split by direction: what the operations put on wristbands
 * (credited cash and gift) and what they took off (debited cash and gift: refunds, cancelled top-ups
 * and bonuses, add-ons paid from the balance). amount = creditedCash − debitedCash, bonus =
 * creditedGift − debitedGift. moneyIn / moneyOut: money taken and paid out at the terminals.
 */
export const TopUpsTotals = z.object({
  count,
  amount: cents,
  bonus: cents,
  fee: cents,
  money: cents,
  creditedCash: cents,
  creditedGift: cents,
  debitedCash: cents,
  debitedGift: cents,
  moneyIn: cents,
  moneyOut: cents,
});
export type TopUpsTotals = z.infer<typeof TopUpsTotals>;

export const TopUpsOverviewResult = z.object({
  /** By operation type and payment type (wristband replacements left out: they move no money). */
  rows: z.array(TopUpsOverviewRow),
  byPaymentType: z.array(TopUpsPaymentRow),
  totals: TopUpsTotals,
  /** The shared money figures (the quick dashboard answers the same). */
  figures: MoneyFigures,
});
export type TopUpsOverviewResult = z.infer<typeof TopUpsOverviewResult>;

// ---------------------------------------------------------------------------------------------
// Cashboxes (tab topUpsCashboxes, permission cajas): GET /reports/cashboxes

/**
 * One cashbox: a staff member at a device. Money taken (in) and paid out (out, refunds) by payment
 * type; only operations where money changed hands or a fee was charged. A missing payment type counts
 * as other.
 */
export const CashboxRow = z.object({
  idStaff: z.number().int().nullable(),
  staffName: z.string().nullable(),
  idDevice: z.number().int().nullable(),
  deviceName: z.string().nullable(),
  count,
  cashIn: cents,
  cashOut: cents,
  cardIn: cents,
  cardOut: cents,
  otherIn: cents,
  otherOut: cents,
  fee: cents,
  first: z.string().nullable(),
  last: z.string().nullable(),
});
export type CashboxRow = z.infer<typeof CashboxRow>;

export const CashboxesResult = z.object({ rows: z.array(CashboxRow) });
export type CashboxesResult = z.infer<typeof CashboxesResult>;

// ---------------------------------------------------------------------------------------------
// By location (tab topUpsLocations, permission reportsTopUpsLocation): GET /reports/mainRechargesLocation

/** Top-ups (the topUp group) of one location; cash + card + other = amount. */
export const TopUpsLocationRow = z.object({
  idLocation: z.number().int().nullable(),
  locationName: z.string().nullable(),
  count,
  cash: cents,
  card: cents,
  other: cents,
  amount: cents,
  bonus: cents,
  fee: cents,
  money: cents,
});
export type TopUpsLocationRow = z.infer<typeof TopUpsLocationRow>;

export const TopUpsLocationResult = z.object({ rows: z.array(TopUpsLocationRow) });
export type TopUpsLocationResult = z.infer<typeof TopUpsLocationResult>;

// ---------------------------------------------------------------------------------------------
// Online (tab topUpsOnline, permission onlineTopUpsReport): GET /reports/online-top-ups

export const ONLINE_GROUP_BY = ['hour', 'day'] as const;
export type OnlineGroupBy = (typeof ONLINE_GROUP_BY)[number];

const instant = dateInRange().optional();
export const OnlineTopUpsQuery = ListQuery.extend({
  /** Purchases made in [dateFrom, dateTo) (ISO instants). */
  dateFrom: instant,
  dateTo: instant,
  groupBy: z.enum(ONLINE_GROUP_BY, { error: 'validation.invalid' }).default('day'),
}).refine((q) => !q.dateFrom || !q.dateTo || Date.parse(q.dateFrom) < Date.parse(q.dateTo), {
  message: 'validation.errorDates',
  path: ['dateTo'],
});
export type OnlineTopUpsQuery = z.infer<typeof OnlineTopUpsQuery>;

/**
 * One hour or day of online purchases (by purchase date) in the event's time zone. `timeUnitUtc` is
 * the UTC instant the hour or day starts; the console shows it in the event's time zone. Paid: status
 * 1 (amounts are theirs); refunded: marked -1 (their amount total); loaded: paid ones already on a
 * wristband.
 */
export const OnlineTimeUnit = z.object({
  timeUnitUtc: z.string(),
  count,
  amountTotal: cents,
  amountRecharge: cents,
  amountBonus: cents,
  loaded: count,
  refunded: count,
  refundedAmount: cents,
});
export type OnlineTimeUnit = z.infer<typeof OnlineTimeUnit>;

export const OnlineTopUpsResult = z.object({
  reportsTimeRange: z.array(OnlineTimeUnit),
  /** Time units in all pages. */
  total: count,
  /** Over all pages. */
  totals: OnlineTimeUnit.omit({ timeUnitUtc: true }),
  timezone: z.string(),
  groupBy: z.enum(ONLINE_GROUP_BY),
});
export type OnlineTopUpsResult = z.infer<typeof OnlineTopUpsResult>;

// ---------------------------------------------------------------------------------------------
// Bonuses: GET /reports/mainRechargesBonus (automatic, reportsBonus) and /reports/manualBonuses

export const BonusesQuery = ReportQuery;

/** The bonus part of the automatic operations by the code that gave it (its bonus type). */
export const AutomaticBonusRow = z.object({
  type: z.string(),
  group: z.enum(OPERATION_GROUPS).nullable(),
  paymentType: z.string().nullable(),
  /** Operations that gave a bonus. */
  count,
  /** Their cash amount (what was topped up to earn the bonus). */
  amount: cents,
  bonus: cents,
});
export type AutomaticBonusRow = z.infer<typeof AutomaticBonusRow>;

export const BonusStaffRow = z.object({
  idStaff: z.number().int().nullable(),
  staffName: z.string().nullable(),
  count,
  amount: cents,
  bonus: cents,
});
export type BonusStaffRow = z.infer<typeof BonusStaffRow>;

export const AutomaticBonusesResult = z.object({
  rows: z.array(AutomaticBonusRow),
  byStaff: z.array(BonusStaffRow),
  totals: z.object({ count, amount: cents, bonus: cents }),
});
export type AutomaticBonusesResult = z.infer<typeof AutomaticBonusesResult>;

/** Manual bonus operations (M, M-E, M-WA, MC) by staff member, supervisor and code. */
export const ManualBonusRow = z.object({
  idStaff: z.number().int().nullable(),
  staffName: z.string().nullable(),
  idSupervisor: z.number().int().nullable(),
  supervisorName: z.string().nullable(),
  type: z.string(),
  count,
  /** Cash balance change (a refundable bonus M-E loads cash). */
  amount: cents,
  /** Gift balance change (negative for MC). */
  bonus: cents,
  /** Articles given with M-WA. */
  articles: count,
});
export type ManualBonusRow = z.infer<typeof ManualBonusRow>;

export const ManualBonusesResult = z.object({
  rows: z.array(ManualBonusRow),
  totals: z.object({ count, amount: cents, bonus: cents, articles: count }),
});
export type ManualBonusesResult = z.infer<typeof ManualBonusesResult>;
