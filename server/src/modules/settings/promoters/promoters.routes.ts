import { IdParam, ok as okSchema, Promoter, PromoterSaveRequest } from '@pulsera/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../core/context';
import { ok } from '../../../core/lib/envelope';
import * as service from './promoters.service';

/** 01-console §7 Promoters (admin/configuration/promotors). */
export async function promoterRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['promoters'];
  const config = { access: { route: 'promotors' as const } };

  r.get(
    '/api/global/promotors',
    { config, schema: { tags, response: { 200: okSchema(z.array(Promoter)) } } },
    async (req) => ok(req, await service.listPromoters(ctx)),
  );
  r.post(
    '/api/global/promotors',
    { config, schema: { tags, body: PromoterSaveRequest, response: { 200: okSchema(Promoter) } } },
    async (req) => ok(req, await service.savePromoter(ctx, req.body.promotor)),
  );
  r.delete(
    '/api/global/promotors/:id',
    { config, schema: { tags, params: IdParam, response: { 200: okSchema(z.boolean()) } } },
    async (req) => ok(req, await service.deletePromoter(ctx, req.params.id)),
  );
}
