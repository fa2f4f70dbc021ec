import { Flag, FlagSaveRequest, FlagsResult, IdParam, ok as okSchema } from '@pulsera/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../core/context';
import { ok } from '../../../core/lib/envelope';
import * as service from './flags.service';

/** 02-catalogue §7 Flags (admin/events/flag, permission flag). */
export async function flagRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['flags'];
  const config = { access: { route: 'flag' as const } };

  r.get('/api/flag', { config, schema: { tags, response: { 200: okSchema(FlagsResult) } } }, async (req) =>
    ok(req, await service.listFlags(ctx, req.event!.id)),
  );
  r.post(
    '/api/flag',
    { config, schema: { tags, body: FlagSaveRequest, response: { 200: okSchema(Flag) } } },
    async (req) => ok(req, await service.saveFlag(ctx, req.event!.id, req.body.flag)),
  );
  r.delete(
    '/api/flag/:id',
    { config, schema: { tags, params: IdParam, response: { 200: okSchema(z.boolean()) } } },
    async (req) => ok(req, await service.deleteFlag(ctx, req.event!.id, req.params.id)),
  );
}
