import type {
  ArticleSalesResult,
  LocationSalesResult,
  MetreSalesResult,
  ReportQuery,
  SalesOverviewResult,
  StaffAmountsResult,
  StaffSalesResult,
} from '@pulsera/contracts';
import type { AppContext } from '../../../core/context';
import * as repo from './sales.repo';

/**
 * The sales report (admin/reports/sales) and the order errors list. The queries aggregate in SQL
 * (sales.repo.ts); each call answers its breakdown with the total it adds up to.
 */
export const overview = (ctx: AppContext, eventId: number, q: ReportQuery) =>
  repo.overview(ctx.db, eventId, q) satisfies Promise<SalesOverviewResult>;

export const byStaff = (ctx: AppContext, eventId: number, q: ReportQuery) =>
  repo.byStaff(ctx.db, eventId, q) satisfies Promise<StaffSalesResult>;

export const byLocation = (ctx: AppContext, eventId: number, q: ReportQuery) =>
  repo.byLocation(ctx.db, eventId, q) satisfies Promise<LocationSalesResult>;

export const byArticle = (ctx: AppContext, eventId: number, q: ReportQuery) =>
  repo.byArticle(ctx.db, eventId, q) satisfies Promise<ArticleSalesResult>;

export const staffAmounts = (ctx: AppContext, eventId: number, q: ReportQuery) =>
  repo.staffAmounts(ctx.db, eventId, q) satisfies Promise<StaffAmountsResult>;

export const metre = (ctx: AppContext, eventId: number, q: ReportQuery) =>
  repo.metre(ctx.db, eventId, q) satisfies Promise<MetreSalesResult>;

/** The text of the JSON list (`OrderErrorsResult`), written by the database. */
export const orderErrors = (ctx: AppContext, eventId: number, q: ReportQuery) =>
  repo.orderErrorList(ctx.db, eventId, q);

/** A page of the order errors (`page` counts from 1) and their total, as the text of `OrderErrorsPage`. */
export const orderErrorsPage = (
  ctx: AppContext,
  eventId: number,
  q: ReportQuery,
  page: number,
  limit: number,
) => repo.orderErrorPage(ctx.db, eventId, q, { limit, offset: (page - 1) * limit });
