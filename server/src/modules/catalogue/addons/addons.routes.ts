import {
  Addon,
  AddonSaveRequest,
  AddonStatsQuery,
  AddonStatsResult,
  AddonsResult,
  IdParam,
  ok as okSchema,
} from '@pulsera/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../core/context';
import { ok } from '../../../core/lib/envelope';
import { withFestivalDay } from '../../../core/lib/festival-day';
import { addonStats } from './addon-stats.service';
import * as service from './addons.service';

/** 02-catalogue §7 Add-ons (admin/events/addon, permission addon) and the add-on report (reportAddons). */
export async function addonRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['add-ons'];
  const config = { access: { route: 'addon' as const } };

  r.get('/api/addon', { config, schema: { tags, response: { 200: okSchema(AddonsResult) } } }, async (req) =>
    ok(req, await service.listAddons(ctx, req.event!.id)),
  );
  r.post(
    '/api/addon',
    { config, schema: { tags, body: AddonSaveRequest, response: { 200: okSchema(Addon) } } },
    async (req) => ok(req, await service.saveAddon(ctx, req.event!.id, req.body.item)),
  );
  // The statistics of the add-ons screen (02-catalogue §2; §7 "status service addonsValidations").
  r.get(
    '/api/addon/stats',
    { config, schema: { tags, querystring: AddonStatsQuery, response: { 200: okSchema(AddonStatsResult) } } },
    async (req) => ok(req, await addonStats(ctx, req.event!.id, req.query)),
  );
  // The same statistics as the report admin/reports/addons (permission reportAddons).
  r.get(
    '/api/reports/overviewAddonLog',
    {
      config: { access: { route: 'addons' as const } },
      schema: {
        tags: ['reports'],
        querystring: AddonStatsQuery,
        response: { 200: okSchema(AddonStatsResult) },
      },
    },
    async (req) =>
      ok(req, await addonStats(ctx, req.event!.id, await withFestivalDay(ctx.db, req.event!.id, req.query))),
  );
  r.delete(
    '/api/addon/:id',
    { config, schema: { tags, params: IdParam, response: { 200: okSchema(z.boolean()) } } },
    async (req) => ok(req, await service.deleteAddon(ctx, req.event!.id, req.params.id)),
  );
}
