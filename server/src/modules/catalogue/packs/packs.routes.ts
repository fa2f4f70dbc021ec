import { IdParam, ok as okSchema, PackSaveRequest, PacksResult } from '@pulsera/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../core/context';
import { ok } from '../../../core/lib/envelope';
import * as service from './packs.service';

/** Packs (admin/cashless/packs, permission pack). */
export async function packRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['packs'];
  const config = { access: { route: 'packs' as const } };

  r.get('/api/packs', { config, schema: { tags, response: { 200: okSchema(PacksResult) } } }, async (req) =>
    ok(req, await service.listPacks(ctx, req.event!.id)),
  );
  r.post(
    '/api/packs',
    { config, schema: { tags, body: PackSaveRequest, response: { 200: okSchema(z.number().int()) } } },
    async (req) => ok(req, await service.savePack(ctx, req.event!.id, req.body.pack)),
  );
  r.delete(
    '/api/packs/:id',
    { config, schema: { tags, params: IdParam, response: { 200: okSchema(z.boolean()) } } },
    async (req) => ok(req, await service.deletePack(ctx, req.event!.id, req.params.id)),
  );
}
