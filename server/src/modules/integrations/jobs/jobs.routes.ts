import {
  Job,
  JobIdParam,
  JobListQuery,
  JobListResult,
  JobRunRequest,
  ok as okSchema,
} from '@pulsera/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../core/context';
import { ok } from '../../../core/lib/envelope';
import { requestLanguage } from '../../../core/lib/i18n';
import * as service from './jobs.service';

/** Background jobs (admin/configuration/jobs, super admin): list, open, retry a failed one, run now. */
export async function jobRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['jobs'];
  const config = { access: { route: 'jobs' as const } };

  r.get(
    '/api/jobs',
    { config, schema: { tags, querystring: JobListQuery, response: { 200: okSchema(JobListResult) } } },
    async (req) => ok(req, await service.list(ctx, req.query, requestLanguage(req.headers))),
  );
  r.get(
    '/api/jobs/:id',
    { config, schema: { tags, params: JobIdParam, response: { 200: okSchema(Job) } } },
    async (req) => ok(req, await service.get(ctx, req.params.id, requestLanguage(req.headers))),
  );
  r.post(
    '/api/jobs/:id/retry',
    { config, schema: { tags, params: JobIdParam, response: { 200: okSchema(Job) } } },
    async (req) => ok(req, await service.retry(ctx, req.params.id, requestLanguage(req.headers))),
  );
  r.post(
    '/api/jobs/run',
    { config, schema: { tags, body: JobRunRequest, response: { 200: okSchema(Job) } } },
    async (req) => ok(req, await service.runNow(ctx, req.body.kind, requestLanguage(req.headers))),
  );
}
