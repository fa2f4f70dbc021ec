import { IdParam, ok as okSchema, RefundRuleSaveRequest, RefundsResult } from '@pulsera/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../core/context';
import { ok } from '../../../core/lib/envelope';
import * as service from './refund-rules.service';

/** 02-catalogue §7 Refunds: the refund rules (admin/cashless/refunds, permission devoluciones). */
export async function refundRuleRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['refund rules'];
  const config = { access: { route: 'refunds' as const } };

  r.get(
    '/api/refunds',
    { config, schema: { tags, response: { 200: okSchema(RefundsResult) } } },
    async (req) => ok(req, await service.listRefundRules(ctx, req.event!.id)),
  );
  r.post(
    '/api/refunds',
    { config, schema: { tags, body: RefundRuleSaveRequest, response: { 200: okSchema(z.number().int()) } } },
    async (req) => ok(req, await service.saveRefundRule(ctx, req.event!.id, req.body.refund)),
  );
  r.delete(
    '/api/refunds/:id',
    { config, schema: { tags, params: IdParam, response: { 200: okSchema(z.boolean()) } } },
    async (req) => ok(req, await service.deleteRefundRule(ctx, req.event!.id, req.params.id)),
  );
}
