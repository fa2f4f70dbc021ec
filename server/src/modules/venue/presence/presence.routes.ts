import {
  IdParam,
  ok as okSchema,
  PresenceDeleteRequest,
  PresenceDetail,
  PresenceListQuery,
  PresenceListResult,
} from '@pulsera/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../core/context';
import { ok } from '../../../core/lib/envelope';
import * as service from './presence.service';

/** 02-catalogue §7 Presence (admin/reports/control-presence, permission control_presence). */
export async function presenceRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['presence'];
  const config = { access: { route: 'controlPresence' as const } };

  r.get(
    '/api/controlPresence',
    {
      config,
      schema: { tags, querystring: PresenceListQuery, response: { 200: okSchema(PresenceListResult) } },
    },
    async (req) => ok(req, await service.listPresence(ctx, req.event!.id, req.query)),
  );
  r.get(
    '/api/controlPresence/:id',
    { config, schema: { tags, params: IdParam, response: { 200: okSchema(PresenceDetail) } } },
    async (req) => ok(req, await service.presenceDetail(ctx, req.event!.id, req.params.id)),
  );
  r.post(
    '/api/controlPresence/delete',
    { config, schema: { tags, body: PresenceDeleteRequest, response: { 200: okSchema(z.number().int()) } } },
    async (req) => ok(req, await service.deletePresence(ctx, req.event!.id, req.body.idControls)),
  );
}
