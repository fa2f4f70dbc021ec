import {
  IdParam,
  Kitchen,
  KitchenCreateRequest,
  KitchensResult,
  KitchenUpdateRequest,
  ok as okSchema,
} from '@pulsera/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../core/context';
import { ok } from '../../../core/lib/envelope';
import * as service from './kitchens.service';

/** 02-catalogue §7 Kitchens (admin/events/kitchens, permission locations). */
export async function kitchenRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['kitchens'];
  const config = { access: { route: 'kitchens' as const } };

  r.get(
    '/api/kitchens',
    { config, schema: { tags, response: { 200: okSchema(KitchensResult) } } },
    async (req) => ok(req, await service.listKitchens(ctx, req.event!.id)),
  );
  r.post(
    '/api/kitchens',
    { config, schema: { tags, body: KitchenCreateRequest, response: { 200: okSchema(Kitchen) } } },
    async (req) =>
      ok(req, await service.saveKitchen(ctx, req.event!.id, { ...req.body.kitchen, id: undefined })),
  );
  r.patch(
    '/api/kitchens',
    { config, schema: { tags, body: KitchenUpdateRequest, response: { 200: okSchema(Kitchen) } } },
    async (req) => ok(req, await service.saveKitchen(ctx, req.event!.id, req.body.kitchen)),
  );
  r.delete(
    '/api/kitchens/:id',
    { config, schema: { tags, params: IdParam, response: { 200: okSchema(z.boolean()) } } },
    async (req) => ok(req, await service.deleteKitchen(ctx, req.event!.id, req.params.id)),
  );
}
