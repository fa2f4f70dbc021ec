import {
  DocumentQuery,
  LocationDocumentResult,
  ok as okSchema,
  PaymentDocumentResult,
  QuickDashboardQuery,
  QuickDashboardResult,
  SalesVatResult,
  StaffCashUpResult,
  TicketDocumentResult,
} from '@pulsera/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../core/context';
import { ok } from '../../../core/lib/envelope';
import * as documents from '../documents/documents.service';
import * as dashboard from './dashboard.service';

/**
 * The quick dashboard (GET /reports/mainQuickDashboard, route quickdashboard) and the documents
 * (GET /reports/documents/…): the screen opens with any of downloadBilling, tickets, reportsStaff,
 * reportsLocation, and each document's call needs its own code (contracts DOCUMENTS).
 */
export async function dashboardReportRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['reports'];

  r.get(
    '/api/reports/mainQuickDashboard',
    {
      config: { access: { route: 'quickdashboard' as const } },
      schema: { tags, querystring: QuickDashboardQuery, response: { 200: okSchema(QuickDashboardResult) } },
    },
    async (req) => ok(req, await dashboard.quickDashboard(ctx, req.event!.id, req.query)),
  );

  r.get(
    '/api/reports/documents/sales-vat',
    {
      config: { access: { perms: { must: ['downloadBilling'] } } },
      schema: { tags, querystring: DocumentQuery, response: { 200: okSchema(SalesVatResult) } },
    },
    async (req) => ok(req, await documents.salesVat(ctx, req.event!.id, req.query)),
  );
  r.get(
    '/api/reports/documents/payments',
    {
      config: { access: { perms: { must: ['downloadBilling'] } } },
      schema: { tags, querystring: DocumentQuery, response: { 200: okSchema(PaymentDocumentResult) } },
    },
    async (req) => ok(req, await documents.payments(ctx, req.event!.id, req.query)),
  );
  r.get(
    '/api/reports/documents/locations',
    {
      config: { access: { perms: { must: ['reportsLocation'] } } },
      schema: { tags, querystring: DocumentQuery, response: { 200: okSchema(LocationDocumentResult) } },
    },
    async (req) => ok(req, await documents.locations(ctx, req.event!.id, req.query)),
  );
  r.get(
    '/api/reports/documents/staff-cash-up',
    {
      config: { access: { perms: { must: ['reportsStaff'] } } },
      schema: { tags, querystring: DocumentQuery, response: { 200: okSchema(StaffCashUpResult) } },
    },
    async (req) => ok(req, await documents.staffCashUp(ctx, req.event!.id, req.query)),
  );
  r.get(
    '/api/reports/documents/tickets',
    {
      config: { access: { perms: { must: ['tickets'] } } },
      schema: { tags, querystring: DocumentQuery, response: { 200: okSchema(TicketDocumentResult) } },
    },
    async (req) => ok(req, await documents.tickets(ctx, req.event!.id, req.query)),
  );
}
