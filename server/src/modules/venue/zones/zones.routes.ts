import { ok as okSchema, Zone, ZoneSaveRequest, ZoneUniqueParam } from '@pulsera/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../core/context';
import { ok } from '../../../core/lib/envelope';
import * as service from './zones.service';

/** 02-catalogue §7 Zones (admin/access/zones, permission zonas). */
export async function zoneRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['zones'];
  const config = { access: { route: 'zones' as const } };

  r.get('/api/zones', { config, schema: { tags, response: { 200: okSchema(z.array(Zone)) } } }, async (req) =>
    ok(req, await service.listZones(ctx, req.event!.id)),
  );
  r.post(
    '/api/zones',
    { config, schema: { tags, body: ZoneSaveRequest, response: { 200: okSchema(z.number().int()) } } },
    async (req) => ok(req, await service.saveZone(ctx, req.event!.id, req.body.zone)),
  );
  r.delete(
    '/api/zones/:idUnique',
    { config, schema: { tags, params: ZoneUniqueParam, response: { 200: okSchema(z.boolean()) } } },
    async (req) => ok(req, await service.deleteZone(ctx, req.event!.id, req.params.idUnique)),
  );
}
