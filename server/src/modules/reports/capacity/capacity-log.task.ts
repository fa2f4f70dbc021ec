import { z } from 'zod';
import type { Config } from '../../../core/config';
import { defineJobKind } from '../../../core/jobs/job-queue';
import { logSlot } from './capacity.service';

const MINUTE = 60_000;

/**
 * The cron of a slot of `minutes`: slots start at whole multiples of the slot since the epoch (UTC),
 * as `slotOf` computes them, so a slot must divide an hour, or be whole hours dividing a day.
 * Null when the length fits neither (config.ts refuses such a setting).
 */
export function slotCron(minutes: number): string | null {
  if (minutes >= 1 && minutes < 60 && 60 % minutes === 0)
    return minutes === 1 ? '* * * * *' : `*/${minutes} * * * *`;
  if (minutes >= 60 && minutes % 60 === 0 && 24 % (minutes / 60) === 0)
    return minutes === 60 ? '0 * * * *' : `0 */${minutes / 60} * * *`;
  return null;
}

const slotMinutes = (config: Config) => config.capacityLogMinutes;

/**
 * The realtime capacity log as a scheduled job (CAPACITY_LOG_MINUTES; 0 = not scheduled): at the
 * start of every slot one job writes each zone's occupancy for every event whose log is on and that
 * is running (capacity.service `logSlot`), all in the job's transaction. One job per slot whatever the
 * number of processes (the queue's slot singleton), and `logSlot`'s slot claim on top of it: a run
 * queued by hand, or a retry, never writes a slot twice. A retry writes the slot of the job, not the
 * slot of the moment it runs.
 */
export const capacityLogJob = defineJobKind({
  name: 'capacity-log',
  body: z.object({}).strict(),
  retry: { limit: 2, delaySeconds: 10, backoff: true },
  expireSeconds: 5 * 60,
  schedule: (config) => {
    const minutes = slotMinutes(config);
    const cron = minutes ? slotCron(minutes) : null;
    return cron ? { cron, slotSeconds: minutes * 60 } : null;
  },
  run: async (ctx, tx, _body, job) => {
    const writes = await logSlot(tx, job.slotStart, (slotMinutes(ctx.config) || 5) * MINUTE);
    return { events: writes.length, zones: writes.reduce((n, w) => n + (w.written ?? 0), 0) };
  },
});
