import {
  IdParam,
  LotAssign,
  ok as okSchema,
  STOCK_IMPORT_MAX_BYTES,
  StockControlEvent,
  StockControlImpact,
  StockControlImpactQuery,
  StockControlSave,
  StockImportQuery,
  StockImportResult,
  StockSearchQuery,
  StockSearchResult,
  WristbandLot,
} from '@pulsera/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../core/context';
import { ok } from '../../../core/lib/envelope';
import * as service from './wristband-stock.service';

/** The types a lot file is sent with (the browser's type of the file, or none). */
const LOT_FILE_TYPES =
  /^(?:application\/octet-stream|text\/csv|text\/plain|text\/tab-separated-values|application\/vnd\.ms-excel|application\/vnd\.openxmlformats-officedocument\.spreadsheetml\.sheet)$/;

/** Wristband stock (admin/configuration/rfids, issue 18). */
export async function wristbandStockRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['wristband stock'];
  const config = { access: { route: 'rfids' as const } };

  // The lot file travels as its bytes (up to STOCK_IMPORT_MAX_BYTES), not as a JSON body.
  await app.register(async (sub) => {
    sub.addContentTypeParser(
      LOT_FILE_TYPES,
      { parseAs: 'buffer', bodyLimit: STOCK_IMPORT_MAX_BYTES },
      (_req, body, done) => done(null, body),
    );
    sub.withTypeProvider<ZodTypeProvider>().post(
      '/api/wristband-stock/import',
      {
        config,
        bodyLimit: STOCK_IMPORT_MAX_BYTES,
        schema: { tags, querystring: StockImportQuery, response: { 200: okSchema(StockImportResult) } },
      },
      async (req) =>
        ok(req, await service.importLot(ctx, req.user!.id, req.query.lot, req.query.dryRun === 1, req.body)),
    );
  });

  r.get(
    '/api/wristband-stock/lots',
    { config, schema: { tags, response: { 200: okSchema(z.array(WristbandLot)) } } },
    async (req) => ok(req, await service.listLots(ctx)),
  );
  r.post(
    '/api/wristband-stock/lots/:id/assign',
    { config, schema: { tags, params: IdParam, body: LotAssign, response: { 200: okSchema(WristbandLot) } } },
    async (req) => ok(req, await service.assignLot(ctx, req.params.id, req.body.eventId)),
  );
  r.get(
    '/api/wristband-stock/wristbands',
    {
      config,
      schema: { tags, querystring: StockSearchQuery, response: { 200: okSchema(StockSearchResult) } },
    },
    async (req) => ok(req, await service.searchStock(ctx, req.query)),
  );
  r.get(
    '/api/wristband-stock/stock-control',
    { config, schema: { tags, response: { 200: okSchema(z.array(StockControlEvent)) } } },
    async (req) => ok(req, await service.stockControlEvents(ctx)),
  );
  r.get(
    '/api/wristband-stock/stock-control/impact',
    {
      config,
      schema: { tags, querystring: StockControlImpactQuery, response: { 200: okSchema(StockControlImpact) } },
    },
    async (req) => ok(req, await service.stockControlImpact(ctx, req.query.eventId)),
  );
  r.post(
    '/api/wristband-stock/stock-control',
    {
      config,
      schema: { tags, body: StockControlSave, response: { 200: okSchema(z.array(StockControlEvent)) } },
    },
    async (req) =>
      ok(req, await service.setStockControl(ctx, req.user!.id, req.body.eventId, req.body.required === 1)),
  );
}
