import {
  AuditDetail,
  AuditFilterOptions,
  AuditPage,
  AuditQuery,
  IdParam,
  ok as okSchema,
  queryInt,
} from '@pulsera/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../core/context';
import { ok } from '../../../core/lib/envelope';
import * as service from './audit.service';

/**
 * Issue 13 Audit trail (admin/configuration/audit): admins read every row; a user holding
 * edicionDeEventos reads the selected event's rows only (the service scopes every query).
 */
export async function auditRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['audit'];
  const config = { access: { route: 'audit' as const } };

  r.get(
    '/api/audit',
    { config, schema: { tags, querystring: AuditQuery, response: { 200: okSchema(AuditPage) } } },
    async (req) => ok(req, await service.listAudit(ctx, req, req.query)),
  );
  r.get(
    '/api/audit/options',
    {
      config,
      schema: {
        tags,
        querystring: z.object({ eventOnly: queryInt(0, 1).optional() }),
        response: { 200: okSchema(AuditFilterOptions) },
      },
    },
    async (req) => ok(req, await service.auditOptions(ctx, req, req.query.eventOnly === 1)),
  );
  r.get(
    '/api/audit/:id',
    { config, schema: { tags, params: IdParam, response: { 200: okSchema(AuditDetail) } } },
    async (req) => ok(req, await service.auditDetail(ctx, req, req.params.id)),
  );
}
