import { Bonus, BonusesResult, BonusSaveRequest, IdParam, ok as okSchema } from '@pulsera/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../core/context';
import { ok } from '../../../core/lib/envelope';
import * as service from './bonuses.service';

/** 02-catalogue §7 Bonuses (admin/cashless/bonus, permission bonficiacionesAutomaticas). */
export async function bonusRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['bonuses'];
  const config = { access: { route: 'bonus' as const } };

  r.get('/api/bonus', { config, schema: { tags, response: { 200: okSchema(BonusesResult) } } }, async (req) =>
    ok(req, await service.listBonuses(ctx, req.event!.id)),
  );
  r.post(
    '/api/bonus',
    { config, schema: { tags, body: BonusSaveRequest, response: { 200: okSchema(Bonus) } } },
    async (req) => ok(req, await service.saveBonus(ctx, req.event!.id, req.body.bonus)),
  );
  r.delete(
    '/api/bonus/:id',
    { config, schema: { tags, params: IdParam, response: { 200: okSchema(z.boolean()) } } },
    async (req) => ok(req, await service.deleteBonus(ctx, req.event!.id, req.params.id)),
  );
}
