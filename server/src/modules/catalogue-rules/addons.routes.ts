import { Addon, AddonSaveRequest, AddonsResult, IdParam, ok as okSchema } from '@pulsera/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { ok } from '../../lib/envelope';
import * as service from './addons.service';

/** 02-catalogue §7 Add-ons (admin/events/addon, permission addon). */
export async function addonRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['add-ons'];
  const config = { access: { route: 'addon' as const } };

  r.get('/api/addon', { config, schema: { tags, response: { 200: okSchema(AddonsResult) } } }, async (req) =>
    ok(req, await service.listAddons(ctx, req.event!.id)),
  );
  r.post(
    '/api/addon',
    { config, schema: { tags, body: AddonSaveRequest, response: { 200: okSchema(Addon) } } },
    async (req) => ok(req, await service.saveAddon(ctx, req.event!.id, req.body.item)),
  );
  r.delete(
    '/api/addon/:id',
    { config, schema: { tags, params: IdParam, response: { 200: okSchema(z.boolean()) } } },
    async (req) => ok(req, await service.deleteAddon(ctx, req.event!.id, req.params.id)),
  );
}
