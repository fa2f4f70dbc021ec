import {
  IdParam,
  ok as okSchema,
  Province,
  ProvinceFindQuery,
  ProvinceSaveRequest,
} from '@pulsera/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../core/context';
import { ok } from '../../../core/lib/envelope';
import * as service from './provinces.service';

/** 01-console §7 Provinces (admin/configuration/provinces) and the event form's typeahead. */
export async function provinceRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['provinces'];
  const config = { access: { route: 'provinces' as const } };

  r.get(
    '/api/provinces',
    { config, schema: { tags, response: { 200: okSchema(z.array(Province)) } } },
    async (req) => ok(req, await service.listProvinces(ctx)),
  );
  r.get(
    '/api/provinces/find',
    {
      config: { access: { role: 'admin' } },
      schema: { tags, querystring: ProvinceFindQuery, response: { 200: okSchema(z.array(Province)) } },
    },
    async (req) => ok(req, await service.findProvinces(ctx, req.query.name)),
  );
  r.post(
    '/api/provinces',
    { config, schema: { tags, body: ProvinceSaveRequest, response: { 200: okSchema(Province) } } },
    async (req) => ok(req, await service.saveProvince(ctx, req.body.province)),
  );
  r.delete(
    '/api/provinces/:id',
    { config, schema: { tags, params: IdParam, response: { 200: okSchema(z.boolean()) } } },
    async (req) => ok(req, await service.deleteProvince(ctx, req.params.id)),
  );
}
