import {
  codesOfGroup,
  DASHBOARD_REFRESH_PARAM,
  DASHBOARD_TOP,
  type DashboardPaymentRow,
  dashboardRefreshSeconds,
  moneyFigures,
  operationGroupOf,
  PAYMENT_TYPES,
  type QuickDashboardQuery,
  type QuickDashboardResult,
} from '@pulsera/contracts';
import type { AppContext } from '../../../core/context';
import { articleNames, locationNames, nameOf } from '../report-names';
import type { RollupWindow } from '../rollups/rollups';
import * as repo from './dashboard.repo';

/** Payment types in the order the dashboard lists them (none last). */
const PAYMENT_ORDER = [...PAYMENT_TYPES, null] as (string | null)[];
const byPayment = (a: { paymentType: string | null }, b: { paymentType: string | null }) =>
  PAYMENT_ORDER.indexOf(a.paymentType) - PAYMENT_ORDER.indexOf(b.paymentType);

const ONLINE_CODES = ['O', 'O-WA'];

export const windowOf = (q: { dateStart?: string; dateEnd?: string }): RollupWindow => ({
  start: q.dateStart ? new Date(q.dateStart) : null,
  end: q.dateEnd ? new Date(q.dateEnd) : null,
});

/**
 * GET /reports/mainQuickDashboard: the event at a glance. Six figure families read at once (each one
 * statement, over the hourly rollups where the feed is large): balance operations, sales with the
 * top locations, top articles, the hourly chart, what is left on wristbands with online payments and
 * bank refunds, and the people inside each zone now.
 */
export async function quickDashboard(
  ctx: AppContext,
  eventId: number,
  q: QuickDashboardQuery,
): Promise<QuickDashboardResult> {
  const w = windowOf(q);
  const now = new Date();
  const event = await repo.eventInfo(ctx.db, eventId, DASHBOARD_REFRESH_PARAM);
  const [ops, sales, articles, hours, stock, zones, locNames, artNames] = await Promise.all([
    repo.topUpSums(ctx.db, eventId, w),
    repo.salesSums(ctx.db, eventId, w, DASHBOARD_TOP),
    repo.topArticles(ctx.db, eventId, w, DASHBOARD_TOP),
    repo.hourly(ctx.db, eventId, w, event.timezone, codesOfGroup('topUp')),
    repo.stocks(ctx.db, eventId, w),
    repo.zonesInside(ctx.db, eventId, now),
    locationNames(ctx.db, eventId),
    articleNames(ctx.db, eventId),
  ]);

  const groupOf = (type: string) => operationGroupOf(type);
  const topUpRows = ops.filter((r) => groupOf(r.type) === 'topUp');
  const payments = new Map<string | null, DashboardPaymentRow>();
  for (const r of topUpRows) {
    const p = payments.get(r.paymentType) ?? { paymentType: r.paymentType, count: 0, amount: 0 };
    p.count += r.operations;
    p.amount += r.amount;
    payments.set(r.paymentType, p);
  }
  const sum = <T>(rows: T[], f: (r: T) => number) => rows.reduce((s, r) => s + f(r), 0);
  const online = ops.filter((r) => ONLINE_CODES.includes(r.type));
  // The money figures: one definition (contracts moneyFigures), the recharge overview's as well.
  const figures = moneyFigures(ops.map((r) => ({ ...r, count: r.operations })));

  return {
    generatedAt: now.toISOString(),
    live: now >= event.start && now < event.end,
    refreshSeconds: dashboardRefreshSeconds(event.param),
    timezone: event.timezone,
    topUps: {
      count: figures.topUps.count,
      amount: figures.topUps.amount,
      money: figures.topUps.money,
      byPaymentType: [...payments.values()].sort(byPayment),
    },
    online: {
      loadedCount: sum(online, (r) => r.operations),
      loadedAmount: sum(online, (r) => r.amount),
      paidCount: stock.onlineCount,
      paidAmount: stock.onlineAmount,
    },
    bonuses: figures.bonuses,
    sales: {
      orders: sales.totals.orders,
      devolutions: sales.totals.devolutions,
      amount: sales.totals.amount,
      byPaymentType: (['S', 'B', 'T', 'O'] as const)
        .map((p) => ({ paymentType: p, amount: sales.totals.pay[p] }))
        .filter((p) => p.amount !== 0),
    },
    fees: figures.fees,
    refunds: {
      terminalCount: figures.terminalRefunds.count,
      terminalAmount: figures.terminalRefunds.amount,
      terminalMoney: figures.terminalRefunds.money,
      bankCount: stock.bankCount,
      bankAmount: stock.bankAmount,
      bankFee: stock.bankFee,
      bankPendingCount: stock.bankPendingCount,
      bankPendingAmount: stock.bankPendingAmount,
    },
    balances: {
      cash: stock.cash,
      gift: stock.gift,
      wristbands: stock.wristbands,
      withBalance: stock.withBalance,
    },
    figures,
    zones: zones.map((z) => ({ id: z.id, name: z.name, inside: z.inside, capacity: z.capacity })),
    topLocations: sales.locations.map((l) => ({ ...l, name: nameOf(locNames, l.id) })),
    topArticles: articles.map((a) => ({ ...a, name: nameOf(artNames, a.id) })),
    byHour: hours,
  };
}
