import { z } from 'zod';
import { defineJobKind } from '../../../core/jobs/job-queue';
import { compactRollups } from './rollups';

const MINUTE = 60_000;
/** Hours younger than this are left alone (they still get many delta rows). */
export const ROLLUP_COMPACT_AGE_MS = 60 * MINUTE;

/**
 * The compaction of the reports' hourly rollups as a scheduled job, every 10 minutes: merges the
 * delta rows of hours that ended more than an hour ago (rollups.ts `compactRollups`), in the job's
 * transaction. Figures are the same before and after; only the number of rows a report adds up
 * shrinks.
 */
export const rollupCompactionJob = defineJobKind({
  name: 'rollup-compaction',
  body: z.object({}).strict(),
  retry: { limit: 2, delaySeconds: 30, backoff: true },
  expireSeconds: 10 * 60,
  schedule: () => ({ cron: '*/10 * * * *', slotSeconds: 600 }),
  run: async (_ctx, tx) => ({
    removed: await compactRollups(tx, new Date(Date.now() - ROLLUP_COMPACT_AGE_MS)),
  }),
});
