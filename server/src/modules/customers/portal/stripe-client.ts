import Stripe from 'stripe';
import type { AppContext } from '../../../core/context';

const clients = new WeakMap<AppContext, Stripe>();

/**
 * The official Stripe client for this server's settings (STRIPE_SECRET_KEY, STRIPE_API_URL: Stripe's
 * API, or the local simulator in tests and the demo), or undefined when card payment is off.
 */
export function stripeOf(ctx: AppContext): Stripe | undefined {
  const { secretKey, apiUrl } = ctx.config.stripe;
  if (!secretKey) return undefined;
  let client = clients.get(ctx);
  if (!client) {
    const u = new URL(apiUrl);
    const protocol = u.protocol === 'http:' ? 'http' : 'https';
    client = new Stripe(secretKey, {
      host: u.hostname,
      port: Number(u.port || (protocol === 'http' ? 80 : 443)),
      protocol,
      maxNetworkRetries: 2,
      timeout: 15_000,
      telemetry: false,
    });
    clients.set(ctx, client);
  }
  return client;
}
