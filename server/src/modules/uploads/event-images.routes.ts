import {
  EVENT_IMAGES,
  type EventImageSlot,
  ImageAttachRequest,
  ImageDeleteRequest,
  ok as okSchema,
  UploadedImage,
} from '@pulsera/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../core/context';
import { ok } from '../../core/lib/envelope';
import { actingUserId } from '../../core/plugins/guard';
import * as service from './event-images.service';

/**
 * The event's sponsor image (500×140) and receipt logo (200×200) (01-console §7 Events "Image
 * uploads"): `PUT /event/images/{slot}` attaches an uploaded key, `PUT /event/images/{slot}/delete`
 * clears it. Admins on the event detail screen, in the selected event.
 */
export async function eventImageRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['events'];
  for (const slot of Object.keys(EVENT_IMAGES) as EventImageSlot[]) {
    r.put(
      `/api/event/images/${slot}`,
      {
        config: { access: { route: 'theEvent' } },
        schema: { tags, body: ImageAttachRequest, response: { 200: okSchema(UploadedImage) } },
      },
      async (req) =>
        ok(req, await service.setEventImage(ctx, req.event!.id, actingUserId(req), slot, req.body.key)),
    );
    r.put(
      `/api/event/images/${slot}/delete`,
      {
        config: { access: { route: 'theEvent' } },
        schema: { tags, body: ImageDeleteRequest, response: { 200: okSchema(z.boolean()) } },
      },
      async (req) => ok(req, await service.clearEventImage(ctx, req.event!.id, slot)),
    );
  }
}
