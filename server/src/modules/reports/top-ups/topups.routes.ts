import {
  CashboxesResult,
  OnlineTopUpsQuery,
  OnlineTopUpsResult,
  ok as okSchema,
  ReportQuery,
  TopUpsLocationResult,
  TopUpsOverviewResult,
} from '@pulsera/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../core/context';
import { ok } from '../../../core/lib/envelope';
import { withFestivalDay } from '../../../core/lib/festival-day';
import * as service from './topups.service';

/**
 * The recharge reports tab shell (01-console §2, 02-catalogue §2 and §7 Reports): one call per tab,
 * each guarded by its tab's permission (overview reportsRecharges, cashboxes cajas, by location
 * reportsTopUpsLocation, online onlineTopUpsReport).
 */
export async function topUpReportRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['reports'];

  r.get(
    '/api/reports/mainRecharges',
    {
      config: { access: { route: 'topUpsOverview' as const } },
      schema: { tags, querystring: ReportQuery, response: { 200: okSchema(TopUpsOverviewResult) } },
    },
    async (req) => ok(req, await service.overview(ctx, req.event!.id, req.query)),
  );
  r.get(
    '/api/reports/cashboxes',
    {
      config: { access: { route: 'topUpsCashboxes' as const } },
      schema: { tags, querystring: ReportQuery, response: { 200: okSchema(CashboxesResult) } },
    },
    async (req) => ok(req, await service.cashboxes(ctx, req.event!.id, req.query)),
  );
  r.get(
    '/api/reports/mainRechargesLocation',
    {
      config: { access: { route: 'topUpsLocations' as const } },
      schema: { tags, querystring: ReportQuery, response: { 200: okSchema(TopUpsLocationResult) } },
    },
    async (req) =>
      ok(
        req,
        await service.byLocation(ctx, req.event!.id, await withFestivalDay(ctx.db, req.event!.id, req.query)),
      ),
  );
  r.get(
    '/api/reports/online-top-ups',
    {
      config: { access: { route: 'topUpsOnline' as const } },
      schema: { tags, querystring: OnlineTopUpsQuery, response: { 200: okSchema(OnlineTopUpsResult) } },
    },
    async (req) => ok(req, await service.online(ctx, req.event!.id, req.query)),
  );
}
