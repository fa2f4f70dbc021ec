import { BonusType, BonusTypeSaveRequest, IdParam, ok as okSchema } from '@pulsera/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../core/context';
import { ok } from '../../../core/lib/envelope';
import * as service from './bonus-types.service';

/** 02-catalogue §7 Bonus types (admin/cashless/bonType, permission bonificacionesManuales). */
export async function bonusTypeRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['bonus types'];
  const config = { access: { route: 'bonType' as const } };

  r.get(
    '/api/bonusType',
    { config, schema: { tags, response: { 200: okSchema(z.array(BonusType)) } } },
    async (req) => ok(req, await service.listBonusTypes(ctx, req.event!.id)),
  );
  r.post(
    '/api/bonusType',
    { config, schema: { tags, body: BonusTypeSaveRequest, response: { 200: okSchema(BonusType) } } },
    async (req) => ok(req, await service.saveBonusType(ctx, req.event!.id, req.body.bonus)),
  );
  r.delete(
    '/api/bonusType/:id',
    { config, schema: { tags, params: IdParam, response: { 200: okSchema(z.boolean()) } } },
    async (req) => ok(req, await service.deleteBonusType(ctx, req.event!.id, req.params.id)),
  );
}
