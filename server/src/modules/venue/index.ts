import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context';
import type { AnyJobKind } from '../../core/jobs/job-queue';
import { gateRoutes } from './gates/gates.routes';
import { kitchenRoutes } from './kitchens/kitchens.routes';
import { locationRoutes } from './locations/locations.routes';
import { presenceRoutes } from './presence/presence.routes';
import { roomRoutes } from './rooms/rooms.routes';
import { staffRoutes } from './staff/staff.routes';
import { timeRangeRoutes } from './time-ranges/time-ranges.routes';
import { zoneRoutes } from './zones/zones.routes';

/**
 * Venue: locations, kitchens, rooms, zones, gates, time ranges, staff and presence control. The
 * domain's one door: what other domains may use is exported below.
 */
export async function register(app: FastifyInstance, ctx: AppContext) {
  await locationRoutes(app, ctx);
  await gateRoutes(app, ctx);
  await zoneRoutes(app, ctx);
  await kitchenRoutes(app, ctx);
  await roomRoutes(app, ctx);
  await timeRangeRoutes(app, ctx);
  await staffRoutes(app, ctx);
  await presenceRoutes(app, ctx);
}

export const jobKinds: readonly AnyJobKind[] = [];

export { pickerLocations, unfitLocations } from './locations/location-pickers';
export { seedDemoIdleStaff, seedDemoStaff } from './presence/demo';
export { nextUniqueNumber } from './venue.shared';
