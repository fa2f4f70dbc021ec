import {
  AccessRecordRow,
  CUSTOMER_SEARCH_HAS_MORE,
  CustomerDetail,
  CustomerFlagsResult,
  CustomerQuery,
  CustomerRefund,
  CustomerSearchRequest,
  CustomerSearchRow,
  ExtractResult,
  OnlineTopUp,
  ok as okSchema,
  RefundCreateRequest,
  RefundEditRequest,
  RfidQuery,
  ServicesOnlineResult,
  TopUpRefundRequest,
  WristbandChange,
} from '@pulsera/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../core/context';
import { ok } from '../../../core/lib/envelope';
import { actingUserId, subjectOf } from '../../../core/plugins/guard';
import * as service from './customers.service';

/**
 * The customer lookup (01-console §7 Customers; admin/status/customers, permission clientes). Every
 * call works inside the selected event: a customer or wristband of another event answers 404.
 * Editing a refund also needs refundsEdit; marking an online top-up refunded is for admins only.
 */
export async function customerRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['customers'];
  const config = { access: { route: 'customers' as const } };

  r.get(
    '/api/infoCustomer/search',
    {
      config,
      schema: {
        tags,
        querystring: CustomerSearchRequest,
        response: { 200: okSchema(z.array(CustomerSearchRow)) },
      },
    },
    async (req, reply) => {
      const { rows, hasMore } = await service.search(ctx, req.event!.id, req.query);
      // The spec's answer is the list; whether a next page has results travels in a header.
      reply.header(CUSTOMER_SEARCH_HAS_MORE, hasMore ? '1' : '0');
      return ok(req, rows);
    },
  );
  r.get(
    '/api/infoCustomer',
    { config, schema: { tags, querystring: CustomerQuery, response: { 200: okSchema(CustomerDetail) } } },
    async (req) => ok(req, await service.detail(ctx, req.event!.id, req.query.customerId, req.query.rfidId)),
  );
  r.get(
    '/api/infoCustomer/flag',
    { config, schema: { tags, querystring: RfidQuery, response: { 200: okSchema(CustomerFlagsResult) } } },
    async (req) => ok(req, await service.wristbandFlags(ctx, req.event!.id, req.query.rfidId)),
  );
  r.get(
    '/api/infoCustomer/wristbandChange',
    {
      config,
      schema: { tags, querystring: RfidQuery, response: { 200: okSchema(z.array(WristbandChange)) } },
    },
    async (req) => ok(req, await service.wristbandChanges(ctx, req.event!.id, req.query.rfidId)),
  );
  r.get(
    '/api/infoCustomer/servicesOnline',
    {
      config,
      schema: { tags, querystring: CustomerQuery, response: { 200: okSchema(ServicesOnlineResult) } },
    },
    async (req) =>
      ok(req, await service.servicesOnline(ctx, req.event!.id, req.query.customerId, req.query.rfidId)),
  );
  r.get(
    '/api/infoCustomer/extract',
    { config, schema: { tags, querystring: RfidQuery, response: { 200: okSchema(ExtractResult) } } },
    async (req) => ok(req, await service.extract(ctx, req.event!.id, req.query.rfidId)),
  );
  r.get(
    '/api/infoCustomer/access',
    {
      config,
      schema: { tags, querystring: RfidQuery, response: { 200: okSchema(z.array(AccessRecordRow)) } },
    },
    async (req) => ok(req, await service.accessLog(ctx, req.event!.id, req.query.rfidId)),
  );
  r.post(
    '/api/infoCustomer/create-refund',
    {
      config: { ...config, audit: { action: 'refundCreate' } },
      schema: { tags, body: RefundCreateRequest, response: { 200: okSchema(CustomerRefund) } },
    },
    async (req) =>
      ok(req, await service.createRefund(ctx, req.event!.id, actingUserId(req), req.body.refund)),
  );
  r.post(
    '/api/infoCustomer/edit-refund',
    {
      config: { ...config, audit: { action: 'refundEdit' } },
      schema: { tags, body: RefundEditRequest, response: { 200: okSchema(CustomerRefund) } },
    },
    async (req) =>
      ok(
        req,
        await service.editRefund(ctx, req.event!.id, actingUserId(req), subjectOf(req), req.body.refund),
      ),
  );
  r.post(
    '/api/infoCustomer/topUpRefund',
    {
      // Admins only (01-console §4): they skip trusts, so the selected event is all they need.
      config: { access: { role: 'admin' as const, event: true }, audit: { action: 'topUpRefundMark' } },
      schema: { tags, body: TopUpRefundRequest, response: { 200: okSchema(OnlineTopUp) } },
    },
    async (req) =>
      ok(
        req,
        await service.markTopUpRefunded(ctx, req.event!.id, actingUserId(req), req.body.rechargeOnlineId),
      ),
  );
}
