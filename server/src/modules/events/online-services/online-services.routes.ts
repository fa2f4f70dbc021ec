import {
  ImageAttachRequest,
  ImageDeleteRequest,
  ONLINE_IMAGE_SLOTS,
  OnlineServices,
  OnlineServicesSave,
  ok as okSchema,
  UploadedImage,
} from '@pulsera/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../core/context';
import { ok } from '../../../core/lib/envelope';
import * as service from './online-services.service';

/**
 * The event's online services (01-console §2 admin/events/onlineServices, permission
 * edicionDeEventos, in the selected event): the configuration, and its four images.
 */
export async function onlineServicesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['online services'];
  const config = { access: { route: 'onlineServices' as const } };

  r.get(
    '/api/event/online-services',
    { config, schema: { tags, response: { 200: okSchema(OnlineServices) } } },
    async (req) => ok(req, await service.getOnlineServices(ctx, req.event!.id)),
  );
  r.put(
    '/api/event/online-services',
    { config, schema: { tags, body: OnlineServicesSave, response: { 200: okSchema(OnlineServices) } } },
    async (req) => ok(req, await service.saveOnlineServices(ctx, req.event!.id, req.body)),
  );
  for (const slot of ONLINE_IMAGE_SLOTS) {
    r.put(
      `/api/event/online-services/images/${slot}`,
      { config, schema: { tags, body: ImageAttachRequest, response: { 200: okSchema(UploadedImage) } } },
      async (req) =>
        ok(req, await service.setOnlineImage(ctx, req.event!.id, req.user!.id, slot, req.body.key)),
    );
    r.put(
      `/api/event/online-services/images/${slot}/delete`,
      { config, schema: { tags, body: ImageDeleteRequest, response: { 200: okSchema(z.boolean()) } } },
      async (req) => ok(req, await service.clearOnlineImage(ctx, req.event!.id, slot)),
    );
  }
}
