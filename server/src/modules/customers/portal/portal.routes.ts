import {
  ok as okSchema,
  PortalAccount,
  PortalMoveWristband,
  PortalReceipt,
  PortalReceiptParams,
  PortalRefundRequest,
  PortalSession,
  PortalSignIn,
  PortalSite,
  PortalSlugParams,
  PortalTopUpOptions,
  PortalTopUpParams,
  PortalTopUpResult,
  PortalTopUpStart,
  PortalTopUpStarted,
} from '@pulsera/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../core/context';
import { ok } from '../../../core/lib/envelope';
import { requestLanguage } from '../../../core/lib/i18n';
import * as card from './card-top-up.service';
import * as service from './portal.service';
import { reportLost } from './portal-lost';
import { moveToNewWristband } from './portal-move';
import { requestRefund } from './portal-refund';
import { receipt } from './receipt.service';
import { stripeWebhookRoute } from './stripe-webhook.routes';

/**
 * The attendee portal's calls (issue 28). Open to anyone as far as the console's guard goes: the
 * attendee's own session (`Authorization: Bearer`, audience `portal`) is checked here, and opens only
 * the wristband it was issued for, in its own event.
 */
export async function portalRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['portal'];
  const config = { access: { auth: 'none' as const } };

  r.get(
    '/api/portal/:slug',
    { config, schema: { tags, params: PortalSlugParams, response: { 200: okSchema(PortalSite) } } },
    async (req) => ok(req, await service.site(ctx, req.params.slug)),
  );
  r.post(
    '/api/portal/:slug/session',
    {
      config,
      schema: {
        tags,
        params: PortalSlugParams,
        body: PortalSignIn,
        response: { 200: okSchema(PortalSession) },
      },
    },
    async (req) => ok(req, await service.signIn(ctx, req.params.slug, req.body, req.ip)),
  );
  r.get(
    '/api/portal/:slug/me',
    { config, schema: { tags, params: PortalSlugParams, response: { 200: okSchema(PortalAccount) } } },
    async (req) => {
      const { event, claims } = await service.sessionOf(ctx, req.params.slug, req.headers.authorization);
      return ok(req, await service.account(ctx, event, claims));
    },
  );
  r.get(
    '/api/portal/:slug/top-up',
    { config, schema: { tags, params: PortalSlugParams, response: { 200: okSchema(PortalTopUpOptions) } } },
    async (req) => {
      const { event, claims } = await service.sessionOf(ctx, req.params.slug, req.headers.authorization);
      return ok(req, await service.topUpOptions(ctx, event, claims));
    },
  );
  r.post(
    '/api/portal/:slug/top-ups',
    {
      config,
      schema: {
        tags,
        params: PortalSlugParams,
        body: PortalTopUpStart,
        response: { 200: okSchema(PortalTopUpStarted) },
      },
    },
    async (req) => {
      const { event, claims } = await service.sessionOf(ctx, req.params.slug, req.headers.authorization);
      return ok(req, await card.startCardTopUp(ctx, event, claims, req.body, requestLanguage(req.headers)));
    },
  );
  r.get(
    '/api/portal/:slug/top-ups/:id',
    { config, schema: { tags, params: PortalTopUpParams, response: { 200: okSchema(PortalTopUpResult) } } },
    async (req) => {
      const { event, claims } = await service.sessionOf(ctx, req.params.slug, req.headers.authorization);
      return ok(req, await card.cardTopUpResult(ctx, event, claims, req.params.id));
    },
  );
  r.post(
    '/api/portal/:slug/refund',
    {
      config,
      schema: {
        tags,
        params: PortalSlugParams,
        body: PortalRefundRequest,
        response: { 200: okSchema(PortalAccount) },
      },
    },
    async (req) => {
      const { event, claims } = await service.sessionOf(ctx, req.params.slug, req.headers.authorization);
      await requestRefund(ctx, event, claims, req.body, requestLanguage(req.headers));
      return ok(req, await service.account(ctx, event, claims));
    },
  );
  r.post(
    '/api/portal/:slug/lost',
    { config, schema: { tags, params: PortalSlugParams, response: { 200: okSchema(PortalAccount) } } },
    async (req) => {
      const { event, claims } = await service.sessionOf(ctx, req.params.slug, req.headers.authorization);
      await reportLost(ctx, event, claims, requestLanguage(req.headers));
      return ok(req, await service.account(ctx, event, claims));
    },
  );
  r.post(
    '/api/portal/:slug/lost/move',
    {
      config,
      schema: {
        tags,
        params: PortalSlugParams,
        body: PortalMoveWristband,
        response: { 200: okSchema(PortalAccount) },
      },
    },
    async (req) => {
      const { event, claims } = await service.sessionOf(ctx, req.params.slug, req.headers.authorization);
      await moveToNewWristband(ctx, event, claims, req.body, {
        ip: req.ip,
        route: req.routeOptions.url ?? '/api/portal/:slug/lost/move',
      });
      return ok(req, await service.account(ctx, event, claims));
    },
  );
  // A receipt's link: the token is the credential (no session), so an e-mail or a QR opens it.
  r.get(
    '/api/portal/:slug/receipts/:token',
    { config, schema: { tags, params: PortalReceiptParams, response: { 200: okSchema(PortalReceipt) } } },
    async (req) => ok(req, await receipt(ctx, req.params.slug, req.params.token)),
  );
  await stripeWebhookRoute(app, ctx);
}
