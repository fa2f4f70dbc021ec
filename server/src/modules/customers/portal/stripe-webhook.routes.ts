import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import type { AppContext } from '../../../core/context';
import { fail } from '../../../core/lib/errors';
import { topUpOfSession } from './card-top-up.repo';
import { settleCardTopUp } from './card-top-up.service';
import { stripeOf } from './stripe-client';

/**
 * POST /api/portal/stripe/webhook: Stripe's notice of a Checkout Session. The body is kept as its
 * bytes, for the `Stripe-Signature` check (STRIPE_WEBHOOK_SECRET); a notice not signed so is refused.
 * Only the session's id is read from it: the session is asked of Stripe again and settled from that
 * answer (settleCardTopUp), so a replayed or twenty-times-sent notice credits once.
 */
export async function stripeWebhookRoute(app: FastifyInstance, ctx: AppContext) {
  await app.register(async (sub) => {
    sub.removeContentTypeParser('application/json');
    sub.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
      done(null, body),
    );
    sub.post('/api/portal/stripe/webhook', { config: { access: { auth: 'none' as const } } }, async (req) => {
      const stripe = stripeOf(ctx);
      const secret = ctx.config.stripe.webhookSecret;
      if (!stripe || !secret) throw fail('portalCardPaymentOff');
      const signature = req.headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(req.body as Buffer, String(signature ?? ''), secret);
      } catch {
        throw fail('portalWebhookSignature');
      }
      if (event.type.startsWith('checkout.session.')) {
        const sessionId = (event.data.object as { id?: unknown }).id;
        const row = typeof sessionId === 'string' ? await topUpOfSession(ctx.db, sessionId) : undefined;
        if (row) await settleCardTopUp(ctx, row.id, ctx.db, row);
      }
      return { received: true };
    });
  });
}
