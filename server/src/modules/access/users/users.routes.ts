import {
  ConsoleUserDetail,
  ConsoleUserListQuery,
  ConsoleUserListResult,
  ConsoleUserOptions,
  ConsoleUserSave,
  EmailConfirmRequest,
  ForgotPasswordRequest,
  IdParam,
  InvitationResult,
  ok as okSchema,
  PasswordTokenInfo,
  PasswordTokenQuery,
  PasswordTokenRequest,
} from '@pulsera/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../core/context';
import { ok } from '../../../core/lib/envelope';
import { serverOrigin } from '../../../core/lib/public-origin';
import { confirmEmailChange } from './email-change';
import * as service from './users.service';

/**
 * Console users (admin/configuration/users, users-admin guard) and the public invitation and reset
 * links. Links name this server's public address (PUBLIC_URL), never the request's Host.
 */
export async function consoleUserRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['console users'];
  const config = { access: { route: 'users' as const } };

  r.get(
    '/api/users',
    {
      config,
      schema: { tags, querystring: ConsoleUserListQuery, response: { 200: okSchema(ConsoleUserListResult) } },
    },
    async (req) => ok(req, await service.listUsers(ctx, req.query)),
  );
  r.get(
    '/api/users/options',
    { config, schema: { tags, response: { 200: okSchema(ConsoleUserOptions) } } },
    async (req) => ok(req, await service.options(ctx)),
  );
  r.get(
    '/api/users/:id',
    { config, schema: { tags, params: IdParam, response: { 200: okSchema(ConsoleUserDetail) } } },
    async (req) => ok(req, await service.getUser(ctx, req.params.id)),
  );
  r.post(
    '/api/users',
    {
      config,
      schema: {
        tags,
        body: ConsoleUserSave.omit({ id: true, updatedAt: true }),
        response: { 200: okSchema(InvitationResult) },
      },
    },
    async (req) =>
      ok(req, await service.createUser(ctx, req.user!, req.body, serverOrigin(ctx.config), req.lang)),
  );
  r.patch(
    '/api/users',
    {
      config,
      schema: {
        tags,
        body: ConsoleUserSave.required({ id: true }),
        response: { 200: okSchema(InvitationResult) },
      },
    },
    async (req) =>
      ok(req, await service.updateUser(ctx, req.user!, req.body, serverOrigin(ctx.config), req.lang)),
  );
  r.post(
    '/api/users/:id/invitation',
    { config, schema: { tags, params: IdParam, response: { 200: okSchema(InvitationResult) } } },
    async (req) =>
      ok(
        req,
        await service.sendInvitation(ctx, req.user!, req.params.id, serverOrigin(ctx.config), req.lang),
      ),
  );
  r.post(
    '/api/users/:id/password-reset',
    { config, schema: { tags, params: IdParam, response: { 200: okSchema(InvitationResult) } } },
    async (req) =>
      ok(req, await service.adminReset(ctx, req.user!, req.params.id, serverOrigin(ctx.config), req.lang)),
  );
  r.post(
    '/api/users/:id/otp-reset',
    { config, schema: { tags, params: IdParam, response: { 200: okSchema(z.boolean()) } } },
    async (req) => ok(req, await service.resetOtp(ctx, req.user!, req.params.id)),
  );

  // Public: "Forgot your password?" and the page of an invitation or reset link.
  const open = { access: { auth: 'none' as const } };
  r.post(
    '/api/password/forgot',
    {
      config: open,
      schema: {
        tags: ['auth'],
        body: ForgotPasswordRequest,
        response: { 200: okSchema(z.object({ sent: z.boolean() })) },
      },
    },
    async (req) => ok(req, await service.forgotPassword(ctx, req.body.email, req.ip, req.lang)),
  );
  r.post(
    '/api/users/email-confirm',
    {
      config: open,
      schema: {
        tags: ['auth'],
        body: EmailConfirmRequest,
        response: { 200: okSchema(z.object({ email: z.string() })) },
      },
    },
    async (req) => ok(req, await confirmEmailChange(ctx, req.body.token, req.ip)),
  );
  r.get(
    '/api/password/token',
    {
      config: open,
      schema: {
        tags: ['auth'],
        querystring: PasswordTokenQuery,
        response: { 200: okSchema(PasswordTokenInfo) },
      },
    },
    async (req) => ok(req, await service.tokenInfo(ctx, req.query.token)),
  );
  r.post(
    '/api/password/token',
    {
      config: open,
      schema: {
        tags: ['auth'],
        body: PasswordTokenRequest,
        response: { 200: okSchema(z.object({ email: z.string() })) },
      },
    },
    async (req) => ok(req, await service.choosePassword(ctx, req.body.token, req.body.newPassword, req.ip)),
  );
}
