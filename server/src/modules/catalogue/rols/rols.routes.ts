import {
  IdParam,
  ok as okSchema,
  RolImageDeleteRequest,
  RolImageRequest,
  RolSaveRequest,
  RolsResult,
  UploadedImage,
} from '@pulsera/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../core/context';
import { ok } from '../../../core/lib/envelope';
import { actingUserId } from '../../../core/plugins/guard';
import * as service from './rols.service';

/** 02-catalogue §7 Roles (admin/access/rols, permission roles 14), scoped to the selected event. */
export async function rolRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['ticket roles'];
  const config = { access: { route: 'rols' as const } };

  r.get('/api/rols', { config, schema: { tags, response: { 200: okSchema(RolsResult) } } }, async (req) =>
    ok(req, await service.listRols(ctx, req.event!.id)),
  );
  r.post(
    '/api/rols',
    { config, schema: { tags, body: RolSaveRequest, response: { 200: okSchema(z.number().int()) } } },
    async (req) => ok(req, await service.saveRol(ctx, req.event!.id, req.body.rol)),
  );
  r.delete(
    '/api/rols/:id',
    { config, schema: { tags, params: IdParam, response: { 200: okSchema(z.boolean()) } } },
    async (req) => ok(req, await service.deleteRol(ctx, req.event!.id, req.params.id)),
  );
  r.put(
    '/api/rols/image',
    { config, schema: { tags, body: RolImageRequest, response: { 200: okSchema(UploadedImage) } } },
    async (req) =>
      ok(req, await service.setRolImage(ctx, req.event!.id, actingUserId(req), req.body.rolId, req.body.key)),
  );
  r.put(
    '/api/rols/image/delete',
    { config, schema: { tags, body: RolImageDeleteRequest, response: { 200: okSchema(z.boolean()) } } },
    async (req) => ok(req, await service.clearRolImage(ctx, req.event!.id, req.body.rolId)),
  );
}
