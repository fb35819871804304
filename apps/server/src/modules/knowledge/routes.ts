import { CountSchema, OkSchema } from '@console/contract/common';
import { ErrorBodySchema } from '@console/contract/errors';
import {
  ArticleCountQuerySchema,
  ArticleIdParamsSchema,
  ArticleListQuerySchema,
  ArticleListSchema,
  ArticleSchema,
  CreateArticleSchema,
  UpdateArticleSchema,
} from '@console/contract/knowledge';
import { z } from 'zod';
import { requireCaller } from '../../http/auth';
import { guardBrand } from '../../http/brand-guard';
import type { RoutePlugin } from '../../http/types';
import { countArticles, createArticle, deleteArticle, listArticles, readArticle, updateArticle } from './service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };
const OptionalBrandQuerySchema = z.object({ brand_id: z.string().min(1).optional() });

/** SPEC §7 Knowledge; CONTRACT §Roles: viewers read, editors and agents (and above) write. */
export const knowledgeRoutes: RoutePlugin = async (app, ctx) => {
  app.get(
    '/api/v1/support/knowledge',
    {
      schema: {
        tags: ['knowledge'],
        summary: 'Articles of the brand (`category` omitted for all; `q` full-text search, best match first)',
        querystring: ArticleListQuerySchema,
        response: { 200: ArticleListSchema, ...errors },
      },
    },
    async (request) => {
      const scope = await guardBrand(ctx, request, { allowAll: true });
      const { brand_id: _brand, ...query } = request.query;
      return listArticles(ctx, scope, query);
    },
  );

  app.get(
    '/api/v1/knowledge/count',
    {
      schema: {
        tags: ['knowledge'],
        summary: 'Articles of `status` (all when omitted), all articles and the 7-day trend',
        querystring: ArticleCountQuerySchema,
        response: { 200: CountSchema, ...errors },
      },
    },
    async (request) => {
      const scope = await guardBrand(ctx, request, { allowAll: true });
      return countArticles(ctx, scope, request.query.status);
    },
  );

  app.post(
    '/api/v1/support/knowledge',
    {
      schema: {
        tags: ['knowledge'],
        summary: 'Write an article (editors, agents and above)',
        querystring: OptionalBrandQuerySchema,
        body: CreateArticleSchema.extend({ brand_id: z.string().min(1).optional() }),
        response: { 201: ArticleSchema, ...errors },
      },
    },
    async (request, reply) => {
      const scope = await guardBrand(ctx, request, { role: 'editor' });
      const { brand_id: _brand, ...input } = request.body;
      const article = await createArticle(ctx, { ...input, brandId: scope.brandId, authorId: scope.caller.userId });
      return reply.status(201).send(article);
    },
  );

  app.get(
    '/api/v1/support/knowledge/:id',
    {
      schema: {
        tags: ['knowledge'],
        summary: 'One article (counts a view)',
        params: ArticleIdParamsSchema,
        response: { 200: ArticleSchema, ...errors },
      },
    },
    async (request) => readArticle(ctx, await requireCaller(ctx, request), request.params.id),
  );

  app.patch(
    '/api/v1/support/knowledge/:id',
    {
      schema: {
        tags: ['knowledge'],
        summary: 'Change an article (editors, agents and above)',
        params: ArticleIdParamsSchema,
        body: UpdateArticleSchema,
        response: { 200: ArticleSchema, ...errors },
      },
    },
    async (request) => updateArticle(ctx, await requireCaller(ctx, request), request.params.id, request.body),
  );

  app.delete(
    '/api/v1/support/knowledge/:id',
    {
      schema: {
        tags: ['knowledge'],
        summary: 'Delete an article (editors, agents and above)',
        params: ArticleIdParamsSchema,
        response: { 200: OkSchema, ...errors },
      },
    },
    async (request) => {
      await deleteArticle(ctx, await requireCaller(ctx, request), request.params.id);
      return { ok: true as const };
    },
  );
};
