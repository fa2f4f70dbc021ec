import {
  ManualRolesQuery,
  ManualRolesResult,
  OverviewComplementsResult,
  OverviewPreRechargesResult,
  OverviewTicketsResult,
  ok as okSchema,
  ReportQuery,
  TicketCodesQuery,
  TicketCodesResult,
  TicketingAtQuery,
  TicketSearchQuery,
  TicketSearchResult,
  TicketsByStaffResult,
  TicketValidationsQuery,
  TicketValidationsResult,
  TimeValidationQuery,
  TimeValidationResult,
  ValidationDeleteQuery,
  ValidationDeleteResult,
} from '@pulsera/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../core/context';
import { ok } from '../../../core/lib/envelope';
import * as service from './ticketing.service';

/**
 * 02-catalogue §7 Reports (ticketing reports) and Ticketing: the tabs of admin/reports/validations.
 * Each call is guarded by its tab's route: the tickets, complements, online-recharges, time and search
 * tabs need the tickets permission, manual-roles needs reportsManualRoles (01-console §6).
 */
export async function ticketingRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['reports'];
  const tab = (
    route:
      | 'ticketingTickets'
      | 'ticketingComplements'
      | 'ticketingOnlineRecharges'
      | 'ticketingTime'
      | 'ticketingSearch'
      | 'ticketingManualRoles',
  ) => ({
    access: { route },
  });

  r.get(
    '/api/reports/overviewTickets',
    {
      config: tab('ticketingTickets'),
      schema: { tags, querystring: TicketingAtQuery, response: { 200: okSchema(OverviewTicketsResult) } },
    },
    async (req) => ok(req, await service.overviewTickets(ctx, req.event!.id, req.query.datetime)),
  );
  r.get(
    '/api/reports/overviewComplements',
    {
      config: tab('ticketingComplements'),
      schema: { tags, querystring: TicketingAtQuery, response: { 200: okSchema(OverviewComplementsResult) } },
    },
    async (req) => ok(req, await service.overviewComplements(ctx, req.event!.id, req.query.datetime)),
  );
  r.get(
    '/api/reports/overviewPreRecharges',
    {
      config: tab('ticketingOnlineRecharges'),
      schema: { tags, response: { 200: okSchema(OverviewPreRechargesResult) } },
    },
    async (req) => ok(req, await service.overviewPreRecharges(ctx, req.event!.id)),
  );
  r.get(
    '/api/reports/timeValidationTickets',
    {
      config: tab('ticketingTime'),
      schema: { tags, querystring: TimeValidationQuery, response: { 200: okSchema(TimeValidationResult) } },
    },
    async (req) => ok(req, await service.timeValidation(ctx, req.event!.id, req.query)),
  );
  r.get(
    '/api/reports/tickets/search',
    {
      config: tab('ticketingSearch'),
      schema: { tags, querystring: TicketSearchQuery, response: { 200: okSchema(TicketSearchResult) } },
    },
    async (req) => ok(req, await service.searchTickets(ctx, req.event!.id, req.query.query)),
  );

  // Ticketing (02-catalogue §7): the lists of the tickets tab, and deleting a validation (search tab).
  r.get(
    '/api/ticketing/ticket-validations',
    {
      config: tab('ticketingTickets'),
      schema: {
        tags,
        querystring: TicketValidationsQuery,
        response: { 200: okSchema(TicketValidationsResult) },
      },
    },
    async (req) => ok(req, await service.ticketValidations(ctx, req.event!.id, req.query)),
  );
  r.get(
    '/api/ticketing/tickets-by-staff',
    {
      config: tab('ticketingTickets'),
      schema: { tags, querystring: ReportQuery, response: { 200: okSchema(TicketsByStaffResult) } },
    },
    async (req) => ok(req, await service.ticketsByStaff(ctx, req.event!.id, req.query)),
  );
  r.get(
    '/api/ticketing/ticket-codes',
    {
      config: tab('ticketingTickets'),
      schema: { tags, querystring: TicketCodesQuery, response: { 200: okSchema(TicketCodesResult) } },
    },
    async (req) => ok(req, await service.ticketCodes(ctx, req.event!.id, req.query)),
  );
  r.delete(
    '/api/ticketing/validation',
    {
      config: tab('ticketingSearch'),
      schema: {
        tags,
        querystring: ValidationDeleteQuery,
        response: { 200: okSchema(ValidationDeleteResult) },
      },
    },
    async (req) => ok(req, await service.deleteValidation(ctx, req.event!.id, req.query.id)),
  );
  r.get(
    '/api/ticketing/manual-roles',
    {
      config: tab('ticketingManualRoles'),
      schema: { tags, querystring: ManualRolesQuery, response: { 200: okSchema(ManualRolesResult) } },
    },
    async (req) => ok(req, await service.manualRoles(ctx, req.event!.id, req.query)),
  );
}
