import {
  ApiKeyCreate,
  ApiKeyCreated,
  ApiKeyRow,
  IdParam,
  Integrator,
  IntegratorList,
  IntegratorSave,
  ok as okSchema,
} from '@pulsera/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../core/context';
import { ok } from '../../../core/lib/envelope';
import { actingUserId } from '../../../core/plugins/guard';
import * as service from './integrators.service';

/** Issue 13 Integrators (admin/configuration/integrators): admins only. */
export async function integratorRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['integrators'];
  const config = { access: { route: 'integrators' as const } };

  r.get(
    '/api/integrators',
    { config, schema: { tags, response: { 200: okSchema(IntegratorList) } } },
    async (req) => ok(req, await service.listIntegrators(ctx)),
  );
  r.post(
    '/api/integrators',
    { config, schema: { tags, body: IntegratorSave, response: { 200: okSchema(Integrator) } } },
    async (req) => ok(req, await service.saveIntegrator(ctx, req.body)),
  );
  r.delete(
    '/api/integrators/:id',
    { config, schema: { tags, params: IdParam, response: { 200: okSchema(z.boolean()) } } },
    async (req) => ok(req, await service.deleteIntegrator(ctx, req.params.id)),
  );
  r.post(
    '/api/integrators/:id/keys',
    {
      config: { ...config, audit: { action: 'apiKeyCreate' } },
      schema: { tags, params: IdParam, body: ApiKeyCreate, response: { 200: okSchema(ApiKeyCreated) } },
    },
    async (req) => ok(req, await service.createApiKey(ctx, req.params.id, actingUserId(req), req.body)),
  );
  r.post(
    '/api/integrators/keys/:id/revoke',
    {
      config: { ...config, audit: { action: 'apiKeyRevoke' } },
      schema: { tags, params: IdParam, response: { 200: okSchema(ApiKeyRow) } },
    },
    async (req) => ok(req, await service.revokeApiKey(ctx, req.params.id)),
  );
}
