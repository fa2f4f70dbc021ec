import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context';
import type { AnyJobKind } from '../../core/jobs/job-queue';
import { bonusReportRoutes } from './bonuses/bonuses.routes';
import { capacityRoutes } from './capacity/capacity.routes';
import { capacityLogJob } from './capacity/capacity-log.task';
import { dashboardReportRoutes } from './dashboard/dashboard.routes';
import { filterRoutes } from './filters/filters.routes';
import { rollupCompactionJob } from './rollups/rollups.task';
import { salesReportRoutes } from './sales/sales.routes';
import { ticketingRoutes } from './ticketing/ticketing.routes';
import { topUpReportRoutes } from './top-ups/topups.routes';
import { wristbandReportRoutes } from './wristbands/wristbands.routes';

/**
 * Reports: filters, the quick dashboard, capacity, ticketing, top-ups, bonuses, sales, wristbands and
 * documents, and the rollups they read. The domain's one door: what other domains may use is exported
 * below.
 */
export async function register(app: FastifyInstance, ctx: AppContext) {
  await filterRoutes(app, ctx);
  await dashboardReportRoutes(app, ctx);
  await capacityRoutes(app, ctx);
  await ticketingRoutes(app, ctx);
  await topUpReportRoutes(app, ctx);
  await bonusReportRoutes(app, ctx);
  await salesReportRoutes(app, ctx);
  await wristbandReportRoutes(app, ctx);
}

export const jobKinds: readonly AnyJobKind[] = [capacityLogJob, rollupCompactionJob];

export { zoneOccupancy } from './capacity/capacity.repo';
export { logSlot } from './capacity/capacity.service';
export { seedDemoAccessAndTickets } from './capacity/capacity-demo';
export { slotCron } from './capacity/capacity-log.task';
export { salesSource } from './rollups/rollups';
export { BARS, FOOD_COURT, seedDemoSalesVenue, TOP_UP_PLACES } from './sales/sales-demo';
