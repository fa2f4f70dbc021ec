import {
  ChangePasswordRequest,
  LoginRequest,
  LoginResult,
  OtpConfirmRequest,
  OtpPasswordRequest,
  OtpSetupResult,
  OtpStatus,
  ok as okSchema,
  RecoveryCodesResult,
  ScheduleTokenQuery,
} from '@pulsera/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../core/context';
import { ok } from '../../../core/lib/envelope';
import * as service from './auth.service';
import * as otp from './one-time-codes.service';

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
      const result = await service.changePassword(ctx, req.user!, req.body);
      return { error: 0 as const, result, token: result.token };
    },
  );

  r.get('/api/me', { config: { access: { auth: 'password' } }, schema: { tags: ['auth'] } }, async (req) =>
    ok(req, service.toSessionUser(req.user!)),
  );

  // The user's own one-time code (auth 'password': also while an administrator requires its set-up).
  const mine = { access: { auth: 'password' as const } };
  r.get(
    '/api/me/otp',
    { config: mine, schema: { tags: ['auth'], response: { 200: okSchema(OtpStatus) } } },
    async (req) => ok(req, await otp.status(ctx, req.user!)),
  );
  r.post(
    '/api/me/otp/setup',
    {
      config: mine,
      schema: { tags: ['auth'], body: OtpPasswordRequest, response: { 200: okSchema(OtpSetupResult) } },
    },
    async (req) => ok(req, await otp.setup(ctx, req.user!, req.body.password)),
  );
  r.post(
    '/api/me/otp/confirm',
    {
      config: mine,
      schema: { tags: ['auth'], body: OtpConfirmRequest, response: { 200: okSchema(RecoveryCodesResult) } },
    },
    async (req) => ok(req, await otp.confirm(ctx, req.user!, req.body.otp)),
  );
  r.post(
    '/api/me/otp/recovery-codes',
    {
      config: mine,
      schema: { tags: ['auth'], body: OtpPasswordRequest, response: { 200: okSchema(RecoveryCodesResult) } },
    },
    async (req) => ok(req, await otp.regenerateRecoveryCodes(ctx, req.user!, req.body.password)),
  );
  r.post(
    '/api/me/otp/disable',
    {
      config: mine,
      schema: { tags: ['auth'], body: OtpPasswordRequest, response: { 200: okSchema(z.boolean()) } },
    },
    async (req) => ok(req, await otp.disable(ctx, req.user!, req.body.password)),
  );

  r.get(
    '/api/enableSchedule',
    {
      config: { access: { auth: 'none' } },
      schema: { tags: ['auth'], querystring: ScheduleTokenQuery },
    },
    async (req) => ok(req, await service.enableSchedule(ctx, req.query.apiScheduleToken)),
  );
}
