import {
  BanReach,
  BanReachQuery,
  DeviceImportRequest,
  DeviceImportResult,
  DeviceKeyRotated,
  FleetAnswer,
  FleetQuery,
  IdParam,
  ok as okSchema,
  RegistryDeviceDetail,
  RegistryDeviceSaved,
  RegistryDeviceSaveRequest,
  RegistryList,
} from '@pulsera/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../core/context';
import { ok } from '../../../core/lib/envelope';
import { banReach, eventFleet } from './fleet-health.service';
import * as service from './registry.service';

/** The import of 5,000 rows of long cells stays well inside this. */
const IMPORT_BODY_LIMIT = 8 * 1024 * 1024;

/**
 * The device registry (admin/configuration/devices, admins), the fleet health of the selected event
 * (admin/status/devices) and each ban's reach (admin/events/ban-rfids).
 */
export async function deviceRegistryRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['device registry'];
  const config = { access: { route: 'configDevices' as const } };

  r.get(
    '/api/global/devices',
    { config, schema: { tags, response: { 200: okSchema(RegistryList) } } },
    async (req) => ok(req, await service.listRegistry(ctx)),
  );
  r.get(
    '/api/global/devices/:id',
    { config, schema: { tags, params: IdParam, response: { 200: okSchema(RegistryDeviceDetail) } } },
    async (req) => ok(req, await service.registryDetail(ctx, req.params.id)),
  );
  r.post(
    '/api/global/devices',
    {
      config,
      schema: { tags, body: RegistryDeviceSaveRequest, response: { 200: okSchema(RegistryDeviceSaved) } },
    },
    async (req) => ok(req, await service.saveRegistryDevice(ctx, req.body.device)),
  );
  r.post(
    '/api/global/devices/:id/key',
    { config, schema: { tags, params: IdParam, response: { 200: okSchema(DeviceKeyRotated) } } },
    async (req) => ok(req, await service.rotateKey(ctx, req.params.id)),
  );
  r.delete(
    '/api/global/devices/:id',
    { config, schema: { tags, params: IdParam, response: { 200: okSchema(z.boolean()) } } },
    async (req) => ok(req, await service.deleteRegistryDevice(ctx, req.params.id)),
  );
  r.post(
    '/api/global/devices/import',
    {
      config,
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: { tags, body: DeviceImportRequest, response: { 200: okSchema(DeviceImportResult) } },
    },
    async (req) => ok(req, await service.importDevices(ctx, req.body.rows, req.lang, req.body.dryRun)),
  );

  r.get(
    '/api/devices/fleet',
    {
      config: { access: { route: 'devices' } },
      schema: { tags, querystring: FleetQuery, response: { 200: okSchema(FleetAnswer) } },
    },
    async (req) => ok(req, await eventFleet(ctx, req.event!.id, req.query)),
  );
  r.get(
    '/api/rfids/banned/reach',
    {
      config: { access: { route: 'banRfids' } },
      schema: { tags, querystring: BanReachQuery, response: { 200: okSchema(z.array(BanReach)) } },
    },
    async (req) => ok(req, await banReach(ctx, req.query.idEvent)),
  );
}
