import { feedStatisticsJob } from '../../modules/terminals/feed/feed-statistics.task';
import { capacityLogJob } from '../../modules/reports/capacity/capacity-log.task';
import { rollupCompactionJob } from '../../modules/reports/rollups/rollups.task';
import { salesPushJob, salesPushTickJob } from '../../modules/integrations/sales-api/sales-push.task';
import {
  ticketImportJob,
  ticketImportReportJob,
  ticketImportTickJob,
} from '../../modules/integrations/ticket-api/ticket-import.task';
import { uploadSweepJob } from '../../modules/uploads/upload-sweep.task';
import type { JobQueue } from './job-queue';

/**
 * Every job kind of the app. To add one: define it with `defineJobKind` next to the work it does
 * (`<area>/<x>.task.ts`: name, body schema, retry policy, optional schedule from the settings, and a
 * `run(ctx, tx, body, job)` that does everything through `tx`), then add it to this list. Queue work
 * with `ctx.jobs.enqueue(kind, body, { eventId, hourRange, tourId, tx })`; a kind with a `schedule`
 * runs once per slot on its own.
 */
export function registerJobKinds(jobs: JobQueue) {
  jobs.register(capacityLogJob);
  jobs.register(rollupCompactionJob);
  jobs.register(feedStatisticsJob);
  jobs.register(uploadSweepJob);
  jobs.register(salesPushJob);
  jobs.register(salesPushTickJob);
  jobs.register(ticketImportTickJob);
  jobs.register(ticketImportJob);
  jobs.register(ticketImportReportJob);
}
