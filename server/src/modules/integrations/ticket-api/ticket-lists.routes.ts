import {
  ApiTicketList,
  ApiTicketQuery,
  ConverterRequest,
  IdParam,
  ManualTicketRequest,
  ok as okSchema,
  Reseller,
  ResellerSaveRequest,
  TicketListResult,
} from '@pulsera/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../core/context';
import { ok } from '../../../core/lib/envelope';
import { applyManualTickets } from './manual-tickets.service';
import { applyConversions } from './ticket-converter.service';
import { deleteTicket, listTickets } from './ticket-lists.service';
import { deleteReseller, listResellers, saveReseller } from './ticket-resellers.service';

/**
 * Ticket API lists (01-console §2 admin/api-ticket manual, converter and reseller; permission api, in
 * the selected event): tickets by hand, the converter of other platforms' codes, resellers.
 */
export async function ticketListRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['ticket api'];
  const manual = { access: { route: 'apiTicketManual' as const } };
  const converter = { access: { route: 'apiTicketConverter' as const } };
  const reseller = { access: { route: 'apiTicketReseller' as const } };

  r.get(
    '/api/api-ticket/manual',
    {
      config: manual,
      schema: { tags, querystring: ApiTicketQuery, response: { 200: okSchema(ApiTicketList) } },
    },
    async (req) => ok(req, await listTickets(ctx, req.event!.id, 'manual', req.query)),
  );
  r.post(
    '/api/api-ticket/manual',
    {
      config: manual,
      schema: { tags, body: ManualTicketRequest, response: { 200: okSchema(TicketListResult) } },
    },
    async (req) =>
      ok(
        req,
        await applyManualTickets(ctx, req.event!.id, req.body.rows, {
          preview: !!req.body.preview,
          lang: req.lang,
        }),
      ),
  );
  r.delete(
    '/api/api-ticket/manual/:id',
    { config: manual, schema: { tags, params: IdParam, response: { 200: okSchema(z.number()) } } },
    async (req) => ok(req, await deleteTicket(ctx, req.event!.id, 'manual', req.params.id)),
  );

  r.get(
    '/api/api-ticket/converter',
    {
      config: converter,
      schema: { tags, querystring: ApiTicketQuery, response: { 200: okSchema(ApiTicketList) } },
    },
    async (req) => ok(req, await listTickets(ctx, req.event!.id, 'converter', req.query)),
  );
  r.post(
    '/api/api-ticket/converter',
    {
      config: converter,
      schema: { tags, body: ConverterRequest, response: { 200: okSchema(TicketListResult) } },
    },
    async (req) =>
      ok(
        req,
        await applyConversions(ctx, req.event!.id, req.body.rows, {
          preview: !!req.body.preview,
          lang: req.lang,
        }),
      ),
  );
  r.delete(
    '/api/api-ticket/converter/:id',
    { config: converter, schema: { tags, params: IdParam, response: { 200: okSchema(z.number()) } } },
    async (req) => ok(req, await deleteTicket(ctx, req.event!.id, 'converter', req.params.id)),
  );

  r.get(
    '/api/api-ticket/resellers',
    { config: reseller, schema: { tags, response: { 200: okSchema(z.array(Reseller)) } } },
    async (req) => ok(req, await listResellers(ctx, req.event!.id)),
  );
  r.post(
    '/api/api-ticket/resellers',
    { config: reseller, schema: { tags, body: ResellerSaveRequest, response: { 200: okSchema(Reseller) } } },
    async (req) => ok(req, await saveReseller(ctx, req.event!.id, req.body.reseller)),
  );
  r.delete(
    '/api/api-ticket/resellers/:id',
    { config: reseller, schema: { tags, params: IdParam, response: { 200: okSchema(z.number()) } } },
    async (req) => ok(req, await deleteReseller(ctx, req.event!.id, req.params.id)),
  );
}
