import {
  ok as okSchema,
  WristbandsOverviewResult,
  WristbandsPerDayQuery,
  WristbandsPerDayResult,
} from '@pulsera/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../core/context';
import { ok } from '../../../core/lib/envelope';
import * as service from './wristbands.service';

/**
 * The wristbands report (admin/reports/wristbands, permission wristbandsPerDay): the overview and the
 * per-day tab; both tabs need the screen's permission (the only one the spec names for it).
 */
export async function wristbandReportRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['reports'];
  const config = { access: { route: 'wristbands' as const } };
  r.get(
    '/api/reports/wristbands',
    { config, schema: { tags, response: { 200: okSchema(WristbandsOverviewResult) } } },
    async (req) => ok(req, await service.overview(ctx, req.event!.id)),
  );
  r.get(
    '/api/reports/wristbandsPerDay',
    {
      config,
      schema: {
        tags,
        querystring: WristbandsPerDayQuery,
        response: { 200: okSchema(WristbandsPerDayResult) },
      },
    },
    async (req) => ok(req, await service.perDay(ctx, req.event!.id, req.query)),
  );
}
