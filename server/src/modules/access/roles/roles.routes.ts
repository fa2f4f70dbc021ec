import {
  IdParam,
  ok as okSchema,
  PermissionRole,
  PermissionRoleHolder,
  PermissionRoleSave,
} from '@pulsera/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../core/context';
import { ok } from '../../../core/lib/envelope';
import * as service from './roles.service';

/** Permission roles (admin/configuration/roles; its guard: super admins). */
export async function permissionRoleRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['permission roles'];
  const config = { access: { route: 'roles' as const } };
  r.get(
    '/api/permission-roles',
    { config, schema: { tags, response: { 200: okSchema(z.array(PermissionRole)) } } },
    async (req) => ok(req, await service.listRoles(ctx)),
  );
  r.post(
    '/api/permission-roles',
    {
      config,
      schema: {
        tags,
        body: PermissionRoleSave.omit({ id: true }),
        response: { 200: okSchema(PermissionRole) },
      },
    },
    async (req) => ok(req, await service.saveRole(ctx, req.body)),
  );
  r.patch(
    '/api/permission-roles',
    {
      config,
      schema: {
        tags,
        body: PermissionRoleSave.required({ id: true }),
        response: { 200: okSchema(PermissionRole) },
      },
    },
    async (req) => ok(req, await service.saveRole(ctx, req.body)),
  );
  r.get(
    '/api/permission-roles/:id/holders',
    {
      config,
      schema: { tags, params: IdParam, response: { 200: okSchema(z.array(PermissionRoleHolder)) } },
    },
    async (req) => ok(req, await service.roleHolders(ctx, req.params.id)),
  );
  r.delete(
    '/api/permission-roles/:id',
    { config, schema: { tags, params: IdParam, response: { 200: okSchema(z.boolean()) } } },
    async (req) => ok(req, await service.deleteRole(ctx, req.params.id)),
  );
}
