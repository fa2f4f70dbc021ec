import { z } from 'zod';
import { defineJobKind } from '../../../core/jobs/job-queue';
import { slotCron } from '../../reports';
import { salesPushQueue } from './sales-push.jobs';
import { pushPeriod, queueEndedPeriods } from './sales-push.service';

const SALES_PUSH_RETRIES = 5;

/**
 * One period of one sales schedule pushed to its platform (sales-push.service `pushPeriod`): queued by
 * the tick below once per period, or by a reload. A failed location fails the attempt; the queue
 * retries it with back-off (30 s, 1, 2, 4, 8 minutes), each attempt recorded in the push history.
 */
export const salesPushJob = defineJobKind({
  ...salesPushQueue,
  retry: { limit: SALES_PUSH_RETRIES, delaySeconds: 30, backoff: true },
  expireSeconds: 10 * 60,
  run: (ctx, tx, body, job) => pushPeriod(ctx, tx, body, job.attempt, SALES_PUSH_RETRIES),
});

/**
 * Every SALES_PUSH_MINUTES (default 5; 0 = off), one job per slot queues the periods that have ended
 * of every enabled and authorised schedule (`queueEndedPeriods`: each period once, by the schedule's
 * cursor moved in the same transaction).
 */
export const salesPushTickJob = defineJobKind({
  name: 'sales-push-tick',
  body: z.object({}).strict(),
  retry: { limit: 2, delaySeconds: 30, backoff: true },
  expireSeconds: 5 * 60,
  schedule: (config) => {
    const cron = config.salesPushMinutes ? slotCron(config.salesPushMinutes) : null;
    return cron ? { cron, slotSeconds: config.salesPushMinutes * 60 } : null;
  },
  run: (ctx, tx) => queueEndedPeriods(ctx, tx),
});
