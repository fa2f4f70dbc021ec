import { Gate, GateSaveRequest, GatesResult, IdParam, ok as okSchema } from '@pulsera/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../core/context';
import { ok } from '../../../core/lib/envelope';
import * as service from './gates.service';

/** Gates (admin/access/gates, permission puertas): GET, POST {gate}, DELETE /gates/{id}. */
export async function gateRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['gates'];
  const config = { access: { route: 'gates' as const } };

  r.get('/api/gates', { config, schema: { tags, response: { 200: okSchema(GatesResult) } } }, async (req) =>
    ok(req, await service.listGates(ctx, req.event!.id)),
  );
  r.post(
    '/api/gates',
    { config, schema: { tags, body: GateSaveRequest, response: { 200: okSchema(Gate) } } },
    async (req) => ok(req, await service.saveGate(ctx, req.event!.id, req.body.gate)),
  );
  r.delete(
    '/api/gates/:id',
    { config, schema: { tags, params: IdParam, response: { 200: okSchema(z.boolean()) } } },
    async (req) => ok(req, await service.deleteGate(ctx, req.event!.id, req.params.id)),
  );
}
