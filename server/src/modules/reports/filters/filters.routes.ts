import { FiltersQuery, FiltersResult, ok as okSchema } from '@pulsera/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../core/context';
import { ok } from '../../../core/lib/envelope';
import * as service from './filters.service';

/** GET /filters (02-catalogue §7 Filters): the report filter bar's options. */
export async function filterRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/filters',
    {
      // Every report screen uses the bar: the selected event is enough (the lists are names only).
      config: { access: { event: true } },
      schema: { tags: ['reports'], querystring: FiltersQuery, response: { 200: okSchema(FiltersResult) } },
    },
    async (req) => ok(req, await service.filters(ctx, req.event!.id, req.query.kinds, req.query.idTrust)),
  );
}
