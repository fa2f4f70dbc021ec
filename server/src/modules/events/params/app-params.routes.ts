import { Apli, AppParamSaveRequest, AppParamsResult, IdParam, ok as okSchema } from '@pulsera/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../core/context';
import { ok } from '../../../core/lib/envelope';
import * as service from './app-params.service';

/**
 * 02-catalogue §7 Applications (GET /aplis) and Parameters, global mode (admin/configuration/params-default, super admins; see
 * docs/decisions/events.md). The event mode's calls (GET/POST /event/params) live with the event detail.
 */
export async function appParamRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['parameters'];
  const config = { access: { route: 'paramsDefault' as const } };

  r.get(
    '/api/global/appParams',
    { config, schema: { tags, response: { 200: okSchema(AppParamsResult) } } },
    async (req) => ok(req, await service.listAppParams(ctx)),
  );
  r.post(
    '/api/global/appParams',
    { config, schema: { tags, body: AppParamSaveRequest, response: { 200: okSchema(z.number().int()) } } },
    async (req) => ok(req, await service.saveAppParam(ctx, req.body.appParam)),
  );
  // GET /aplis (02-catalogue §7 Applications): the applications a parameter belongs to. The params
  // rule (edicionDeEventos in the selected event; admins hold every rule): see docs/decisions/events.md.
  r.get(
    '/api/aplis',
    { config: { access: { route: 'params' } }, schema: { tags, response: { 200: okSchema(z.array(Apli)) } } },
    async (req) => ok(req, await service.listAplis(ctx)),
  );
  r.delete(
    '/api/global/appParams/:id',
    { config, schema: { tags, params: IdParam, response: { 200: okSchema(z.boolean()) } } },
    async (req) => ok(req, await service.deleteAppParam(ctx, req.params.id)),
  );
}
