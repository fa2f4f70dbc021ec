import { Fee, FeeSaveRequest, FeesResult, IdParam, ok as okSchema } from '@pulsera/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../core/context';
import { ok } from '../../../core/lib/envelope';
import * as service from './fees.service';

/** 02-catalogue §7 Fees (admin/cashless/fee, permission gastosDeGestion). */
export async function feeRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['fees'];
  const config = { access: { route: 'fee' as const } };

  r.get('/api/fees', { config, schema: { tags, response: { 200: okSchema(FeesResult) } } }, async (req) =>
    ok(req, await service.listFees(ctx, req.event!.id)),
  );
  r.post(
    '/api/fees',
    { config, schema: { tags, body: FeeSaveRequest, response: { 200: okSchema(Fee) } } },
    async (req) => ok(req, await service.saveFee(ctx, req.event!.id, req.body.fee)),
  );
  r.delete(
    '/api/fees/:id',
    { config, schema: { tags, params: IdParam, response: { 200: okSchema(z.boolean()) } } },
    async (req) => ok(req, await service.deleteFee(ctx, req.event!.id, req.params.id)),
  );
}
