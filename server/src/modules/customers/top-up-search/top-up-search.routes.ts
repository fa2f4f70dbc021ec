import { IdParam, ok as okSchema, TopUpFound, TopUpSearchQuery, TopUpSearchResult } from '@pulsera/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../core/context';
import { ok } from '../../../core/lib/envelope';
import * as service from './top-up-search.service';

/** Search top-up (admin/configuration/search-top-up, admins): across every event. */
export async function topUpSearchRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['search-top-up'];
  const config = { access: { route: 'searchTopUp' as const } };

  r.get(
    '/api/search-top-up',
    {
      config,
      schema: { tags, querystring: TopUpSearchQuery, response: { 200: okSchema(TopUpSearchResult) } },
    },
    async (req) => ok(req, await service.search(ctx, req.query)),
  );
  r.get(
    '/api/search-top-up/:id',
    { config, schema: { tags, params: IdParam, response: { 200: okSchema(TopUpFound) } } },
    async (req) => ok(req, await service.open(ctx, req.params.id)),
  );
}
