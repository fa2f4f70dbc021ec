import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context';
import type { AnyJobKind } from '../../core/jobs/job-queue';
import { bannedRoutes } from './banned-wristbands/banned-wristbands.routes';
import { customerRoutes } from './customers/customers.routes';
import { deviceHistoryRoutes } from './customers/device-history';
import { payoutRoutes } from './payouts/payouts.routes';
import { cardTopUpReconcileJob } from './portal/card-top-up-reconcile.task';
import { portalRoutes } from './portal/portal.routes';
import { portalMailJob } from './portal/portal-mail.task';
import { portalSubdomain } from './portal/portal-subdomain';
import { waitingRoomCsp } from './portal/waiting-room-csp';
import { topUpSearchRoutes } from './top-up-search/top-up-search.routes';

/**
 * Customers: customers and their refunds, banned wristbands, refund payouts, top-up search and the attendee portal. The
 * domain's one door: what other domains may use is exported below.
 */
export async function register(app: FastifyInstance, ctx: AppContext) {
  await customerRoutes(app, ctx);
  await deviceHistoryRoutes(app, ctx);
  await bannedRoutes(app, ctx);
  await payoutRoutes(app, ctx);
  await topUpSearchRoutes(app, ctx);
  await portalRoutes(app, ctx);
  portalSubdomain(app, ctx);
  waitingRoomCsp(app, ctx);
}

export const jobKinds: readonly AnyJobKind[] = [cardTopUpReconcileJob, portalMailJob];

export { seedOnlineServices } from './customers/demo';
export { seedPortalDemo } from './portal/demo';
export { startStripeSimulator } from './portal/stripe-simulator';
