import {
  CapacityLogQuery,
  CapacityLogResult,
  CapacityZoneQuery,
  CapacityZoneResult,
  ok as okSchema,
} from '@pulsera/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../core/context';
import { ok } from '../../../core/lib/envelope';
import * as service from './capacity.service';

/**
 * 01-console §7 Capacity, the tabs of admin/reports/capacities (docs/decisions.md, Capacities):
 * zones-access and real-time need the capacity permission, config needs edicionDeEventos. The zones
 * call serves zones-access and the config tab's list of zone capacities, so it takes the screen's
 * rule (capacity or edicionDeEventos); the log is the real-time tab's alone. The config tab switches
 * the toggle through POST /capacity/event (event-detail routes).
 */
export async function capacityRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['reports'];
  const config = { access: { perms: { must: ['capacity' as const] } } };

  r.get(
    '/api/capacity/zone',
    {
      config: { access: { route: 'capacities' as const } },
      schema: { tags, querystring: CapacityZoneQuery, response: { 200: okSchema(CapacityZoneResult) } },
    },
    async (req) => ok(req, await service.zoneCapacity(ctx, req.event!.id, req.query.date)),
  );
  r.get(
    '/api/capacity/log',
    {
      config,
      schema: { tags, querystring: CapacityLogQuery, response: { 200: okSchema(CapacityLogResult) } },
    },
    async (req) => ok(req, await service.capacityLog(ctx, req.event!.id, req.query)),
  );
}
