import { IdParam, LanguageRow, LanguageSaveRequest, ok as okSchema } from '@pulsera/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../core/context';
import { ok } from '../../../core/lib/envelope';
import * as service from './languages.service';

/** 01-console §7 Languages (admin/configuration/languages). */
export async function languageRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['languages'];
  const config = { access: { route: 'languages' as const } };

  r.get(
    '/api/global/languages',
    { config, schema: { tags, response: { 200: okSchema(z.array(LanguageRow)) } } },
    async (req) => ok(req, await service.listLanguages(ctx)),
  );
  r.post(
    '/api/global/languages',
    { config, schema: { tags, body: LanguageSaveRequest, response: { 200: okSchema(LanguageRow) } } },
    async (req) => ok(req, await service.saveLanguage(ctx, req.body.language)),
  );
  r.delete(
    '/api/global/languages/:id',
    { config, schema: { tags, params: IdParam, response: { 200: okSchema(z.boolean()) } } },
    async (req) => ok(req, await service.deleteLanguage(ctx, req.params.id)),
  );
}
