import { IdParam, ok as okSchema, TimeRange, TimeRangeSave } from '@pulsera/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../core/context';
import { ok } from '../../../core/lib/envelope';
import * as service from './time-ranges.service';

/** 02-catalogue §7 Time ranges (admin/access/timeRange, permission timeRange). */
export async function timeRangeRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['time ranges'];
  const config = { access: { route: 'timeRange' as const } };

  r.get(
    '/api/timeRange',
    { config, schema: { tags, response: { 200: okSchema(z.array(TimeRange)) } } },
    async (req) => ok(req, await service.listTimeRanges(ctx, req.event!.id)),
  );
  r.post(
    '/api/timeRange',
    { config, schema: { tags, body: TimeRangeSave, response: { 200: okSchema(TimeRange) } } },
    async (req) => ok(req, await service.saveTimeRange(ctx, req.event!.id, req.body)),
  );
  r.delete(
    '/api/timeRange/:id',
    { config, schema: { tags, params: IdParam, response: { 200: okSchema(z.boolean()) } } },
    async (req) => ok(req, await service.deleteTimeRange(ctx, req.event!.id, req.params.id)),
  );
}
