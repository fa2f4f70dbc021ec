import { z } from 'zod';
import { defineJobKind } from '../../../core/jobs/job-queue';
import { reconcileCardTopUps } from './card-top-up.service';

/**
 * Every five minutes (when card payment is on): the card top-ups pending for longer than
 * STRIPE_RECONCILE_MINUTES are asked of Stripe again and settled — paid (credited once, whatever
 * webhook arrives later) or expired (rejected). A webhook lost or refused is made good here.
 */
export const cardTopUpReconcileJob = defineJobKind({
  name: 'card-top-up-reconcile',
  body: z.object({}).strict(),
  retry: { limit: 2, delaySeconds: 30, backoff: true },
  expireSeconds: 10 * 60,
  schedule: (config) => (config.stripe.secretKey ? { cron: '*/5 * * * *', slotSeconds: 300 } : null),
  run: (ctx, tx) => reconcileCardTopUps(ctx, tx),
});
