import {
  IdParam,
  ok as okSchema,
  PayoutAccountForm,
  PayoutAccountResult,
  PayoutPreview,
  PayoutRejectRequest,
  PayoutRun,
  PayoutRunCreate,
  PayoutRunDetail,
  PayoutRunSent,
  PayoutSelection,
} from '@pulsera/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../core/context';
import { ok } from '../../../core/lib/envelope';
import { actingUserId } from '../../../core/plugins/guard';
import * as service from './payouts.service';

/**
 * Refund payouts (issue 15; admin/cashless/payouts, permissions devoluciones and refundsEdit): the
 * event's debtor account, the preview of a selection, and the SEPA runs with their file.
 */
export async function payoutRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['payouts'];
  const config = { access: { route: 'payouts' as const } };

  r.get(
    '/api/payouts/account',
    { config, schema: { tags, response: { 200: okSchema(PayoutAccountResult) } } },
    async (req) => ok(req, await service.getAccount(ctx, req.event!.id)),
  );
  r.put(
    '/api/payouts/account',
    { config, schema: { tags, body: PayoutAccountForm, response: { 200: okSchema(PayoutAccountResult) } } },
    async (req) => ok(req, await service.saveAccount(ctx, req.event!.id, actingUserId(req), req.body)),
  );
  r.get(
    '/api/payouts/preview',
    { config, schema: { tags, querystring: PayoutSelection, response: { 200: okSchema(PayoutPreview) } } },
    async (req) => ok(req, await service.preview(ctx, req.event!.id, req.query)),
  );
  r.get(
    '/api/payouts/runs',
    { config, schema: { tags, response: { 200: okSchema(z.array(PayoutRun)) } } },
    async (req) => ok(req, await service.listRuns(ctx, req.event!.id)),
  );
  r.post(
    '/api/payouts/runs',
    { config, schema: { tags, body: PayoutRunCreate, response: { 200: okSchema(PayoutRunDetail) } } },
    async (req) => ok(req, await service.generateRun(ctx, req.event!.id, actingUserId(req), req.body)),
  );
  r.get(
    '/api/payouts/runs/:id',
    { config, schema: { tags, params: IdParam, response: { 200: okSchema(PayoutRunDetail) } } },
    async (req) => ok(req, await service.runDetail(ctx, req.event!.id, req.params.id)),
  );
  r.get('/api/payouts/runs/:id/file', { config, schema: { tags, params: IdParam } }, async (req, reply) => {
    const file = await service.runFile(ctx, req.event!.id, req.params.id);
    const bytes = Buffer.from(file.xml, 'utf8');
    return reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('content-length', String(bytes.length))
      .header('content-disposition', `attachment; filename="${file.name}"`)
      .header('cache-control', 'no-store')
      .send(bytes);
  });
  r.post(
    '/api/payouts/runs/:id/sent',
    {
      config,
      schema: { tags, params: IdParam, body: PayoutRunSent, response: { 200: okSchema(PayoutRunDetail) } },
    },
    async (req) =>
      ok(
        req,
        await service.markSent(ctx, req.event!.id, actingUserId(req), req.params.id, req.body.sentDate),
      ),
  );
  r.post(
    '/api/payouts/runs/:id/cancel',
    { config, schema: { tags, params: IdParam, response: { 200: okSchema(PayoutRunDetail) } } },
    async (req) => ok(req, await service.cancelRun(ctx, req.event!.id, actingUserId(req), req.params.id)),
  );
  r.post(
    '/api/payouts/runs/:id/reject',
    {
      config,
      schema: {
        tags,
        params: IdParam,
        body: PayoutRejectRequest,
        response: { 200: okSchema(PayoutRunDetail) },
      },
    },
    async (req) => ok(req, await service.rejectRefund(ctx, req.event!.id, req.params.id, req.body)),
  );
}
