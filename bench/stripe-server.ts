import { startStripeSimulator } from '../server/src/modules/customers/portal/stripe-simulator';

/**
 * The local Stripe of the tests and the demo (server/src/modules/customers/portal/stripe-simulator.ts)
 * in a process of its own, so that the bench's load generator never delays its answers. No webhook
 * address: paying a session sends nothing, the bench signs and sends its own notices. Sends
 * `{ url, secretKey, webhookSecret }` to its parent once listening.
 */
const sim = await startStripeSimulator();
process.send?.({ url: sim.url, secretKey: sim.secretKey, webhookSecret: sim.webhookSecret });
for (const sig of ['SIGINT', 'SIGTERM'] as const)
  process.on(sig, () => void sim.close().then(() => process.exit(0)));
