import {
  Currency,
  CurrencyConversion,
  CurrencyIsoParam,
  CurrencySaveRequest,
  IdParam,
  ok as okSchema,
} from '@pulsera/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../core/context';
import { ok } from '../../../core/lib/envelope';
import * as service from './currencies.service';

/** 01-console §7 Currencies (admin/configuration/currencies). */
export async function currencyRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['currencies'];
  const config = { access: { route: 'currencies' as const } };

  r.get(
    '/api/global/currencies',
    { config, schema: { tags, response: { 200: okSchema(z.array(Currency)) } } },
    async (req) => ok(req, await service.listCurrencies(ctx)),
  );
  r.post(
    '/api/global/currencies',
    { config, schema: { tags, body: CurrencySaveRequest, response: { 200: okSchema(Currency) } } },
    async (req) => ok(req, await service.saveCurrency(ctx, req.body.currency)),
  );
  r.delete(
    '/api/global/currencies/:id',
    { config, schema: { tags, params: IdParam, response: { 200: okSchema(z.boolean()) } } },
    async (req) => ok(req, await service.deleteCurrency(ctx, req.params.id)),
  );
  r.get(
    '/api/global/currencies/conversion/:iso',
    {
      config,
      schema: { tags, params: CurrencyIsoParam, response: { 200: okSchema(z.array(CurrencyConversion)) } },
    },
    async (req) => ok(req, await service.currencyConversions(ctx, req.params.iso)),
  );
}
