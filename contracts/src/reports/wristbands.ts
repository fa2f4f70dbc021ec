import { z } from 'zod';
import { ReportQuery } from './report';

/**
 * The wristbands report (admin/reports/wristbands, permission wristbandsPerDay) and its per-day tab.
 * Amounts in integer cents of the event's financial currency.
 */

const cents = z.number().int();
const count = z.number().int();

/**
 * Bounds (cents) of the balance ranges: below 0, [0, 1) (nothing left), [1, 500), …, 100.00 and more.
 * The server's `report_wristband_balances` triggers count wristbands per range with these bounds
 * written out (migration 0059): changing them needs a migration rewriting those functions and
 * rebuilding the table (report-rollups.test.ts checks that they agree).
 */
export const BALANCE_RANGES = [0, 1, 500, 1000, 2000, 5000, 10000] as const;

export const BalanceRange = z.object({
  /** Cents, inclusive; null = open (below zero). */
  from: z.number().int().nullable(),
  /** Cents, exclusive; null = open. */
  to: z.number().int().nullable(),
  count,
  cash: cents,
  gift: cents,
});
export type BalanceRange = z.infer<typeof BalanceRange>;

/**
 * GET /reports/wristbands: the event's wristbands now. Activated: every wristband the terminals
 * reported. Balances left: the sum of all balances (a wristband below zero after offline sales counts
 * negative). Replaced: wristbands given up for another one; banned: on the banned list (terminals or
 * top-ups). Refunds requested: customers' bank refund requests, still part of the balances left (a
 * request moves no money).
 */
export const WristbandsOverviewResult = z.object({
  activated: count,
  active: count,
  withBalance: count,
  withCash: count,
  withGift: count,
  negative: count,
  cash: cents,
  gift: cents,
  replaced: count,
  changes: count,
  banned: count,
  bannedTopUps: count,
  refundsRequested: count,
  refundsRequestedAmount: cents,
  /** By total balance (cash + gift). */
  ranges: z.array(BalanceRange),
});
export type WristbandsOverviewResult = z.infer<typeof WristbandsOverviewResult>;

export const WristbandsPerDayQuery = ReportQuery;

/**
 * One festival day (the calendar day in the event's time zone of the instant shifted back by the
 * event's offset hours, as the filter bar's day): [start, end) in UTC.
 */
export const WristbandsDay = z.object({
  day: z.string(),
  start: z.string(),
  end: z.string(),
  /** Wristbands first seen that day. */
  newWristbands: count,
  /** Wristbands with any operation that day (top-up, sale, access, validation). */
  activeWristbands: count,
  /** Top-ups (the topUp codes) that day. */
  topUps: count,
  topUpAmount: cents,
  topUpBonus: cents,
});
export type WristbandsDay = z.infer<typeof WristbandsDay>;

export const WristbandsPerDayResult = z.object({
  days: z.array(WristbandsDay),
  timezone: z.string(),
  offset: z.number(),
});
export type WristbandsPerDayResult = z.infer<typeof WristbandsPerDayResult>;
