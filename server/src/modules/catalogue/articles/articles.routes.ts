import {
  Article,
  ArticleFindQuery,
  ArticleImageDeleteRequest,
  ArticleImageRequest,
  ArticleOption,
  ArticleSaveRequest,
  ArticlesCreateRequest,
  ArticlesCreateResult,
  ArticlesResult,
  IdParam,
  ok as okSchema,
  UploadedImage,
} from '@pulsera/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../core/context';
import { ok } from '../../../core/lib/envelope';
import { actingUserId } from '../../../core/plugins/guard';
import * as service from './articles.service';

/** 02-catalogue §7 Articles (admin/cashless/articles, permission articulos). */
export async function articleRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['articles'];
  const config = { access: { route: 'articles' as const } };

  r.get(
    '/api/articles/find',
    {
      config,
      schema: { tags, querystring: ArticleFindQuery, response: { 200: okSchema(z.array(ArticleOption)) } },
    },
    async (req) => ok(req, await service.findArticles(ctx, req.event!.id, req.query.name)),
  );
  r.get(
    '/api/articles',
    { config, schema: { tags, response: { 200: okSchema(ArticlesResult) } } },
    async (req) => ok(req, await service.listArticles(ctx, req.event!.id)),
  );
  r.post(
    '/api/articles',
    {
      config,
      schema: { tags, body: ArticlesCreateRequest, response: { 200: okSchema(ArticlesCreateResult) } },
    },
    async (req) => ok(req, await service.createArticles(ctx, req.event!.id, req.body.articles)),
  );
  r.post(
    '/api/articles/event',
    { config, schema: { tags, body: ArticleSaveRequest, response: { 200: okSchema(Article) } } },
    async (req) => ok(req, await service.saveArticle(ctx, req.event!.id, req.body.articleEvent)),
  );
  r.delete(
    '/api/articles/:id',
    { config, schema: { tags, params: IdParam, response: { 200: okSchema(z.boolean()) } } },
    async (req) => ok(req, await service.deleteArticle(ctx, req.event!.id, req.params.id)),
  );
  r.put(
    '/api/articles/image',
    { config, schema: { tags, body: ArticleImageRequest, response: { 200: okSchema(UploadedImage) } } },
    async (req) =>
      ok(
        req,
        await service.setArticleImage(
          ctx,
          req.event!.id,
          actingUserId(req),
          req.body.articleId,
          req.body.key,
        ),
      ),
  );
  r.put(
    '/api/articles/image/delete',
    { config, schema: { tags, body: ArticleImageDeleteRequest, response: { 200: okSchema(z.boolean()) } } },
    async (req) => ok(req, await service.clearArticleImage(ctx, req.event!.id, req.body.articleId)),
  );
}
