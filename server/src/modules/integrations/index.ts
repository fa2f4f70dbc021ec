import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context';
import type { AnyJobKind } from '../../core/jobs/job-queue';
import { jobRoutes } from './jobs/jobs.routes';
import { salesApiRoutes } from './sales-api/sales-api.routes';
import { salesPushJob, salesPushTickJob } from './sales-api/sales-push.task';
import { ticketImportRoutes } from './ticket-api/ticket-import.routes';
import { ticketImportJob, ticketImportReportJob, ticketImportTickJob } from './ticket-api/ticket-import.task';
import { ticketListRoutes } from './ticket-api/ticket-lists.routes';

/**
 * Integrations: the Ticket API (pretix imports and lists), the Sales API (pushes to the sales
 * platform) and the jobs screen. The domain's one door: what other domains may use is exported below.
 */
export async function register(app: FastifyInstance, ctx: AppContext) {
  await ticketImportRoutes(app, ctx);
  await ticketListRoutes(app, ctx);
  await salesApiRoutes(app, ctx);
  await jobRoutes(app, ctx);
}

export const jobKinds: readonly AnyJobKind[] = [
  salesPushJob,
  salesPushTickJob,
  ticketImportTickJob,
  ticketImportJob,
  ticketImportReportJob,
];
