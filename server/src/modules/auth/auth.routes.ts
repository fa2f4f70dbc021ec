import {
  ChangePasswordRequest,
  LoginRequest,
  LoginResult,
  ok as okSchema,
  PosEnableRequest,
  PosStateRequest,
  ScheduleTokenQuery,
} from '@pulsera/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { ok } from '../../lib/envelope';
import { actingUserId } from '../../plugins/guard';
import * as service from './auth.service';

export async function authRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/login',
    {
      config: { access: { auth: 'none' } },
      schema: { tags: ['auth'], body: LoginRequest, response: { 200: okSchema(LoginResult) } },
    },
    async (req) => ok(req, await service.login(ctx, req.body, req.ip)),
  );

  r.post(
    '/api/change-password',
    {
      config: { access: { auth: 'password' }, audit: { action: 'passwordChange' } },
      schema: { tags: ['auth'], body: ChangePasswordRequest, response: { 200: okSchema(LoginResult) } },
    },
    async (req) => {
      const result = await service.changePassword(ctx, req.user!, req.body.newPassword);
      return { error: 0 as const, result, token: result.token };
    },
  );

  r.get('/api/me', { config: { access: { auth: 'password' } }, schema: { tags: ['auth'] } }, async (req) =>
    ok(req, service.toSessionUser(req.user!)),
  );

  r.get(
    '/api/enableSchedule',
    {
      config: { access: { auth: 'none' } },
      schema: { tags: ['auth'], querystring: ScheduleTokenQuery },
    },
    async (req) => ok(req, await service.enableSchedule(ctx, req.query.apiScheduleToken)),
  );

  r.post(
    '/api/auth/enable-pos',
    { config: { access: { auth: 'none' } }, schema: { tags: ['auth'], body: PosEnableRequest } },
    async (req) => ok(req, await service.enablePos(ctx, req.body.code, req.body.state)),
  );

  r.post(
    '/api/auth/pos-state',
    {
      config: { access: { route: 'apiSalesLocations' } },
      schema: {
        tags: ['auth'],
        body: PosStateRequest,
        response: { 200: okSchema(z.object({ state: z.string() })) },
      },
    },
    async (req) =>
      ok(req, await service.createPosState(ctx, req.event!.id, actingUserId(req), req.body.locationId)),
  );
}
