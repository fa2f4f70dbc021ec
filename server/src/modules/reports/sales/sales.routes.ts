import {
  ArticleSalesResult,
  LocationSalesResult,
  MetreSalesResult,
  OrderErrorsAnswer,
  OrderErrorsQuery,
  ok as okSchema,
  ReportQuery,
  SalesOverviewResult,
  StaffAmountsResult,
  StaffSalesResult,
} from '@pulsera/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../core/context';
import { ok, okJsonText } from '../../../core/lib/envelope';
import { withFestivalDay } from '../../../core/lib/festival-day';
import * as service from './sales.service';

/**
 * The sales report (02-catalogue §7 Reports; admin/reports/sales, any of six permissions) serves one
 * call per in-screen tab, each guarded by that tab's permission (decisions.md "Sales report"), and
 * the order errors list (GET /order-errors, route orderErrors).
 */
export async function salesReportRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['reports'];

  r.get(
    '/api/reports/sales/overview',
    {
      config: { access: { perms: { must: ['infoventas'] } } },
      schema: { tags, querystring: ReportQuery, response: { 200: okSchema(SalesOverviewResult) } },
    },
    async (req) => ok(req, await service.overview(ctx, req.event!.id, req.query)),
  );
  r.get(
    '/api/reports/main-order-staff',
    {
      config: { access: { perms: { must: ['reportsStaff'] } } },
      schema: { tags, querystring: ReportQuery, response: { 200: okSchema(StaffSalesResult) } },
    },
    async (req) =>
      ok(
        req,
        await service.byStaff(ctx, req.event!.id, await withFestivalDay(ctx.db, req.event!.id, req.query)),
      ),
  );
  r.get(
    '/api/reports/mainOrderLocation',
    {
      config: { access: { perms: { must: ['reportsLocation'] } } },
      schema: { tags, querystring: ReportQuery, response: { 200: okSchema(LocationSalesResult) } },
    },
    async (req) =>
      ok(
        req,
        await service.byLocation(ctx, req.event!.id, await withFestivalDay(ctx.db, req.event!.id, req.query)),
      ),
  );
  r.get(
    '/api/reports/main-order-article',
    {
      config: { access: { perms: { must: ['reportsArticle'] } } },
      schema: { tags, querystring: ReportQuery, response: { 200: okSchema(ArticleSalesResult) } },
    },
    async (req) => ok(req, await service.byArticle(ctx, req.event!.id, req.query)),
  );
  r.get(
    '/api/reports/staffAmounts',
    {
      config: { access: { perms: { must: ['workday'] } } },
      schema: { tags, querystring: ReportQuery, response: { 200: okSchema(StaffAmountsResult) } },
    },
    async (req) => ok(req, await service.staffAmounts(ctx, req.event!.id, req.query)),
  );
  r.get(
    '/api/reports/sales/metre',
    {
      config: { access: { perms: { must: ['metreSalesReport'] } } },
      schema: { tags, querystring: ReportQuery, response: { 200: okSchema(MetreSalesResult) } },
    },
    async (req) =>
      ok(
        req,
        await service.metre(ctx, req.event!.id, await withFestivalDay(ctx.db, req.event!.id, req.query)),
      ),
  );
  r.get(
    '/api/order-errors',
    {
      config: { access: { route: 'orderErrors' } },
      schema: {
        tags,
        querystring: OrderErrorsQuery,
        response: { 200: okSchema(OrderErrorsAnswer) },
      },
    },
    // Without `page`, the whole list (02-catalogue: "result is a list"; the download's call): a
    // festival day's 11,500 errors, 2.6 MB. With `page`, the screen's page of them and their total
    // (issue 31: under 100 ms at 20,000,000 operations, where the whole list is not). Both written as
    // JSON by the database and sent as that text.
    async (req, reply) => {
      const { page, paginationLimit, ...filters } = req.query;
      const json =
        page === undefined
          ? await service.orderErrors(ctx, req.event!.id, filters)
          : await service.orderErrorsPage(ctx, req.event!.id, filters, page, paginationLimit);
      return okJsonText(req, reply, json);
    },
  );
}
