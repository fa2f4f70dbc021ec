import { z } from 'zod';
import { defineJobAddress } from '../../../core/jobs/job-queue';

/** Where one period of one sales schedule is queued for its push (the kind and handler: sales-push.task.ts). */
export const salesPushQueue = defineJobAddress({
  name: 'sales-push',
  body: z
    .object({
      scheduleId: z.number().int().min(1).max(2_147_483_647),
      periodStart: z.iso.datetime({ offset: true }),
      locationId: z.number().int().min(1).max(2_147_483_647).optional(),
      resend: z.boolean().default(false),
    })
    .strict(),
});
