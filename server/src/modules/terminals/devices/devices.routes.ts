import { Device, DeviceSaved, DeviceSaveRequest, IdParam, ok as okSchema } from '@pulsera/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../core/context';
import { ok } from '../../../core/lib/envelope';
import * as service from './devices.service';

/** The devices of the selected event (admin/status/devices, permission dispositivos_generales). */
export async function eventDeviceRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['devices'];
  const config = { access: { route: 'devices' as const } };

  r.get(
    '/api/devices',
    { config, schema: { tags, response: { 200: okSchema(z.array(Device)) } } },
    async (req) => ok(req, await service.listDevices(ctx, req.event!.id)),
  );
  r.post(
    '/api/devices',
    { config, schema: { tags, body: DeviceSaveRequest, response: { 200: okSchema(DeviceSaved) } } },
    async (req) => ok(req, await service.saveDevice(ctx, req.event!.id, req.body.device)),
  );
  r.delete(
    '/api/devices/:id',
    { config, schema: { tags, params: IdParam, response: { 200: okSchema(z.boolean()) } } },
    async (req) => ok(req, await service.deleteDevice(ctx, req.event!.id, req.params.id)),
  );
}
