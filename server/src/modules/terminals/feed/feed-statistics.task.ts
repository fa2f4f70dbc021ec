import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { defineJobKind } from '../../../core/jobs/job-queue';

/**
 * The tables the terminal feed looks rows up in, or updates by key, that grow through a festival
 * day: from a few rows in the morning to hundreds of thousands.
 */
export const FEED_LOOKUP_TABLES = ['wristbands', 'customers', 'tickets', 'processed_operations'] as const;

/**
 * The planner's statistics of the terminal feed's tables, every 5 minutes (ANALYZE samples at most
 * 30,000 rows a table, a fraction of a second). PostgreSQL plans the sync's two statements once per
 * connection (prepared statements) and keeps those plans until the statistics of a table they read
 * change: on a database whose autovacuum does not run (turned off, or PGlite, which has none) a plan
 * made when the event's tables held a few rows would stay as they grow. Where autovacuum runs, this
 * only repeats what it does.
 */
export const feedStatisticsJob = defineJobKind({
  name: 'feed-statistics',
  body: z.object({}).strict(),
  retry: { limit: 1, delaySeconds: 60, backoff: false },
  expireSeconds: 5 * 60,
  schedule: () => ({ cron: '*/5 * * * *', slotSeconds: 300 }),
  run: async (_ctx, tx) => {
    await tx.execute(sql.raw(`analyze ${FEED_LOOKUP_TABLES.join(', ')}`));
    return { analysed: [...FEED_LOOKUP_TABLES] };
  },
});
