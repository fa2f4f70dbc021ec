import { ok as okSchema, PaymentMethod, PaymentMethodSave } from '@pulsera/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../core/context';
import { ok } from '../../../core/lib/envelope';
import * as service from './payment-methods.service';

/** The payment method catalogue (admin/configuration/paymentMethod). */
export async function paymentMethodRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['payment methods'];
  r.get(
    '/api/global/payment-methods',
    {
      // Any signed-in user: the event form offers the enabled letters to whoever edits an event.
      config: { access: {} },
      schema: { tags, response: { 200: okSchema(z.array(PaymentMethod)) } },
    },
    async (req) => ok(req, await service.listPaymentMethods(ctx)),
  );
  r.post(
    '/api/global/payment-methods',
    {
      config: { access: { route: 'paymentMethod' } },
      schema: { tags, body: PaymentMethodSave, response: { 200: okSchema(PaymentMethod) } },
    },
    async (req) => ok(req, await service.savePaymentMethod(ctx, req.user!.id, req.body)),
  );
}
