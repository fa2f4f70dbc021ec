import {
  ExternalProduct,
  IdParam,
  ok as okSchema,
  TicketIssue,
  TicketIssueList,
  TicketIssueQuery,
  TicketIssueRetried,
  TicketProductsRequest,
  TicketRun,
  TicketRunStarted,
  TicketSchedule,
  TicketScheduleSaved,
  TicketScheduleSaveRequest,
} from '@pulsera/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../core/context';
import { ok } from '../../../core/lib/envelope';
import { serverOrigin } from '../../../core/lib/public-origin';
import { actingUserId } from '../../../core/plugins/guard';
import { listRuns, runNow } from './ticket-import.service';
import { listIssues, retryIssue, solveIssue } from './ticket-issues.service';
import { platformProducts, previewProducts } from './ticket-products.service';
import { deleteSchedule, listSchedules, resendVerification, saveSchedule } from './ticket-schedules.service';

/**
 * Ticket API (01-console §2 admin/api-ticket, permission api, in the selected event): import
 * schedules from the ticketing platform, and the issues the imports could not apply.
 */
export async function ticketImportRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['ticket api'];
  const schedules = { access: { route: 'apiTicketSchedules' as const } };
  const issues = { access: { route: 'apiTicketIssues' as const } };

  r.get(
    '/api/api-ticket/schedules',
    { config: schedules, schema: { tags, response: { 200: okSchema(z.array(TicketSchedule)) } } },
    async (req) => ok(req, await listSchedules(ctx, req.event!.id)),
  );
  r.post(
    '/api/api-ticket/schedules',
    {
      config: schedules,
      schema: { tags, body: TicketScheduleSaveRequest, response: { 200: okSchema(TicketScheduleSaved) } },
    },
    async (req) =>
      ok(req, await saveSchedule(ctx, req.event!.id, req.body.schedule, serverOrigin(ctx.config))),
  );
  r.delete(
    '/api/api-ticket/schedules/:id',
    { config: schedules, schema: { tags, params: IdParam, response: { 200: okSchema(z.number()) } } },
    async (req) => ok(req, await deleteSchedule(ctx, req.event!.id, req.params.id)),
  );
  r.post(
    '/api/api-ticket/schedules/:id/run',
    { config: schedules, schema: { tags, params: IdParam, response: { 200: okSchema(TicketRunStarted) } } },
    async (req) => ok(req, await runNow(ctx, req.event!.id, req.params.id)),
  );
  r.post(
    '/api/api-ticket/schedules/:id/verify-email',
    {
      config: schedules,
      schema: { tags, params: IdParam, response: { 200: okSchema(z.object({ sent: z.boolean() })) } },
    },
    async (req) =>
      ok(req, await resendVerification(ctx, req.event!.id, req.params.id, serverOrigin(ctx.config))),
  );
  r.get(
    '/api/api-ticket/schedules/:id/products',
    {
      config: schedules,
      schema: { tags, params: IdParam, response: { 200: okSchema(z.array(ExternalProduct)) } },
    },
    async (req) => ok(req, await platformProducts(ctx, req.event!.id, req.params.id)),
  );
  // The products at the connection the form holds (before the first save too).
  r.post(
    '/api/api-ticket/products',
    {
      config: schedules,
      schema: {
        tags,
        body: z.object({ schedule: TicketProductsRequest }),
        response: { 200: okSchema(z.array(ExternalProduct)) },
      },
    },
    async (req) => ok(req, await previewProducts(ctx, req.event!.id, req.body.schedule)),
  );
  r.get(
    '/api/api-ticket/schedules/:id/runs',
    { config: schedules, schema: { tags, params: IdParam, response: { 200: okSchema(z.array(TicketRun)) } } },
    async (req) => ok(req, await listRuns(ctx, req.event!.id, req.params.id)),
  );

  r.get(
    '/api/api-ticket/issues',
    {
      config: issues,
      schema: { tags, querystring: TicketIssueQuery, response: { 200: okSchema(TicketIssueList) } },
    },
    async (req) => ok(req, await listIssues(ctx, req.event!.id, req.query)),
  );
  r.post(
    '/api/api-ticket/issues/:id/retry',
    { config: issues, schema: { tags, params: IdParam, response: { 200: okSchema(TicketIssueRetried) } } },
    async (req) => ok(req, await retryIssue(ctx, req.event!.id, req.params.id, actingUserId(req))),
  );
  r.post(
    '/api/api-ticket/issues/:id/solve',
    { config: issues, schema: { tags, params: IdParam, response: { 200: okSchema(TicketIssue) } } },
    async (req) => ok(req, await solveIssue(ctx, req.event!.id, req.params.id, actingUserId(req))),
  );
}
