import {
  IdParam,
  ok as okSchema,
  SALES_STATE_HEADER,
  SalesAuthorizeRequest,
  SalesAuthorizeResult,
  SalesLocationsSave,
  SalesPush,
  SalesPushesQuery,
  SalesReloadRequest,
  SalesReloadResult,
  SalesScheduleList,
  SalesScheduleSave,
  SalesStore,
  SalesStoresQuery,
  SalesTokensRequest,
} from '@pulsera/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../core/context';
import { ok } from '../../../core/lib/envelope';
import { fail } from '../../../core/lib/errors';
import { serverOrigin } from '../../../core/lib/public-origin';
import { redeemTokens, startAuthorization } from './sales-auth.service';
import { pushes, reload } from './sales-push.service';
import {
  deleteSchedule,
  listSchedules,
  saveLocations,
  saveSchedule,
  stores,
} from './sales-schedules.service';

/**
 * Sales API (admin/api-sales, permission api, in the selected event; 02-catalogue §7 "Sales
 * schedule"): the spec's five calls, plus the authorisation address, the platform's stores, the
 * location mapping and the push history (decisions.md "Sales API").
 */
export async function salesApiRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['sales API'];
  const schedules = { access: { route: 'apiSalesSchedules' as const } };
  const locations = { access: { route: 'apiSalesLocations' as const } };
  const base = '/api/api-server/sales-schedule';
  /** The OAuth callback: this server's configured address, never the request's. */
  const redirectUri = `${serverOrigin(ctx.config)}/auth/enable-uber-auth`;
  /** The authorisation is a person's: an API key cannot start or finish it. */
  const person = (req: FastifyRequest) => {
    if (!req.user) throw fail('forbidden');
    return req.user.id;
  };

  r.get(
    base,
    { config: schedules, schema: { tags, response: { 200: okSchema(SalesScheduleList) } } },
    async (req) => ok(req, await listSchedules(ctx, req.event!.id, redirectUri)),
  );
  r.post(
    base,
    {
      config: schedules,
      schema: {
        tags,
        body: z.object({ schedule: SalesScheduleSave }),
        response: { 200: okSchema(z.object({ id: z.number() })) },
      },
    },
    async (req) => ok(req, await saveSchedule(ctx, req.event!.id, req.body.schedule)),
  );
  r.delete(
    `${base}/:id`,
    { config: schedules, schema: { tags, params: IdParam, response: { 200: okSchema(z.boolean()) } } },
    async (req) => ok(req, await deleteSchedule(ctx, req.event!.id, req.params.id)),
  );
  r.post(
    `${base}/authorize`,
    {
      config: { ...schedules, audit: { action: 'salesAuthorizeStart' } },
      schema: { tags, body: SalesAuthorizeRequest, response: { 200: okSchema(SalesAuthorizeResult) } },
    },
    async (req) =>
      ok(req, await startAuthorization(ctx, req.event!.id, person(req), req.body.scheduleId, redirectUri)),
  );
  r.post(
    `${base}/tokens`,
    {
      config: { ...schedules, audit: { action: 'salesAuthorize' } },
      schema: {
        tags,
        body: SalesTokensRequest,
        response: {
          200: okSchema(z.object({ enabled: z.boolean(), scheduleId: z.number(), name: z.string() })),
        },
      },
    },
    async (req) => {
      // The state the callback page arrived with: beside the spec's body, in a header (or in the body).
      const header = req.headers[SALES_STATE_HEADER];
      const state = typeof header === 'string' && header ? header : req.body.state;
      return ok(
        req,
        await redeemTokens(ctx, req.event!.id, person(req), { ...req.body, state }, (o, m) =>
          req.log.warn(o, m),
        ),
      );
    },
  );
  r.post(
    `${base}/reload`,
    {
      config: { ...schedules, audit: { action: 'salesReload' } },
      schema: { tags, body: SalesReloadRequest, response: { 200: okSchema(SalesReloadResult) } },
    },
    async (req) => ok(req, await reload(ctx, req.event!.id, req.body)),
  );
  r.get(
    `${base}/pushes`,
    {
      config: schedules,
      schema: { tags, querystring: SalesPushesQuery, response: { 200: okSchema(z.array(SalesPush)) } },
    },
    async (req) => ok(req, await pushes(ctx, req.event!.id, req.query.scheduleId)),
  );
  r.get(
    `${base}/stores`,
    {
      config: locations,
      schema: { tags, querystring: SalesStoresQuery, response: { 200: okSchema(z.array(SalesStore)) } },
    },
    async (req) => ok(req, await stores(ctx, req.event!.id, req.query.scheduleId)),
  );
  r.post(
    `${base}/locations`,
    {
      config: locations,
      schema: { tags, body: SalesLocationsSave, response: { 200: okSchema(z.boolean()) } },
    },
    async (req) => ok(req, await saveLocations(ctx, req.event!.id, req.body)),
  );
}
