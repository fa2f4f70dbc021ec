import {
  LocationArticlesResult,
  MenuLocation,
  MenuSaveRequest,
  ok as okSchema,
  StickSaveRequest,
} from '@pulsera/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../core/context';
import { ok } from '../../../core/lib/envelope';
import * as service from './location-articles.service';

/** 02-catalogue §7 Location articles and sticks (admin/cashless/locarticle, permission menuUbicaciones). */
export async function locationArticleRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['location articles'];
  const config = { access: { route: 'locarticle' as const } };

  r.get(
    '/api/articles/location',
    { config, schema: { tags, response: { 200: okSchema(LocationArticlesResult) } } },
    async (req) => ok(req, await service.listLocationArticles(ctx, req.event!.id)),
  );
  r.post(
    '/api/articles/location',
    { config, schema: { tags, body: MenuSaveRequest, response: { 200: okSchema(MenuLocation) } } },
    async (req) => ok(req, await service.saveMenu(ctx, req.event!.id, req.body)),
  );
  r.post(
    '/api/articles/stick',
    { config, schema: { tags, body: StickSaveRequest, response: { 200: okSchema(MenuLocation) } } },
    async (req) => ok(req, await service.saveSticks(ctx, req.event!.id, req.body)),
  );
}
