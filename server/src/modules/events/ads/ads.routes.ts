import {
  Ad,
  AdImageAttachRequest,
  AdImageDeleteRequest,
  AdSaveRequest,
  IdParam,
  ok as okSchema,
  UploadedImage,
} from '@pulsera/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../core/context';
import { ok } from '../../../core/lib/envelope';
import { actingUserId } from '../../../core/plugins/guard';
import * as service from './ads.service';

/** Kiosk ads of the selected event (admin/events/ads, permission publicidadKiosco; 02-catalogue §7). */
export async function adRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['kiosk ads'];
  const config = { access: { route: 'ads' as const } };

  r.get('/api/ads', { config, schema: { tags, response: { 200: okSchema(z.array(Ad)) } } }, async (req) =>
    ok(req, await service.listAds(ctx, req.event!)),
  );
  r.post(
    '/api/ads',
    { config, schema: { tags, body: AdSaveRequest, response: { 200: okSchema(z.number().int()) } } },
    async (req) => ok(req, await service.saveAd(ctx, req.event!, req.body.ad)),
  );
  r.delete(
    '/api/ads/:id',
    { config, schema: { tags, params: IdParam, response: { 200: okSchema(z.boolean()) } } },
    async (req) => ok(req, await service.deleteAd(ctx, req.event!.id, req.params.id)),
  );
  r.put(
    '/api/ads/kiosk/image',
    { config, schema: { tags, body: AdImageAttachRequest, response: { 200: okSchema(UploadedImage) } } },
    async (req) =>
      ok(req, await service.setAdImage(ctx, req.event!.id, actingUserId(req), req.body.adId, req.body.key)),
  );
  r.put(
    '/api/ads/kiosk/image/delete',
    { config, schema: { tags, body: AdImageDeleteRequest, response: { 200: okSchema(z.boolean()) } } },
    async (req) => ok(req, await service.clearAdImage(ctx, req.event!.id, req.body.adId)),
  );
}
