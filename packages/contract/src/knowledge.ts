import { z } from 'zod';
import { MAX_PAGE_LIMIT } from './limits';
import { PaginationSchema } from './common';

/** SPEC §2 knowledge categories (the filter also has 'all'). */
export const KNOWLEDGE_CATEGORIES = ['getting-started', 'troubleshooting', 'api-docs', 'tutorials'] as const;
export const KnowledgeCategorySchema = z.enum(KNOWLEDGE_CATEGORIES);
export type KnowledgeCategory = z.infer<typeof KnowledgeCategorySchema>;

/** SPEC §4 article statuses. */
export const ARTICLE_STATUSES = ['published', 'draft', 'pending', 'archived'] as const;
export const ArticleStatusSchema = z.enum(ARTICLE_STATUSES);
export type ArticleStatus = z.infer<typeof ArticleStatusSchema>;

/** SPEC §2: what the knowledge panel shows when a field is missing. */
export const DEFAULT_ARTICLE_TITLE = 'Untitled Article';
export const DEFAULT_ARTICLE_STATUS: ArticleStatus = 'draft';

export const MAX_ARTICLE_TITLE_CHARS = 300;
export const MAX_ARTICLE_CONTENT_CHARS = 200_000;
export const MAX_ARTICLE_EXCERPT_CHARS = 1_000;
export const MAX_ARTICLE_TAGS = 20;
export const MAX_TAG_CHARS = 50;
/** Default page size of the article list. */
export const DEFAULT_ARTICLES_LIMIT = MAX_PAGE_LIMIT;

/** SPEC §3 Knowledge article, plus its brand and creation time. */
export const ArticleSchema = z.object({
  id: z.string(),
  brand_id: z.string(),
  title: z.string().nullable(),
  content: z.string(),
  excerpt: z.string().nullable(),
  status: ArticleStatusSchema,
  category: KnowledgeCategorySchema,
  views: z.number(),
  tags: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Article = z.infer<typeof ArticleSchema>;

/**
 * `GET /api/v1/support/knowledge?brand_id&category&q`: category omitted for all; `q` is a
 * full-text search (ranked best first; otherwise newest update first).
 */
export const ArticleListQuerySchema = z.object({
  brand_id: z.string().min(1),
  category: KnowledgeCategorySchema.optional(),
  status: ArticleStatusSchema.optional(),
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).default(DEFAULT_ARTICLES_LIMIT),
});
export type ArticleListQuery = z.infer<typeof ArticleListQuerySchema>;

/** Articles per category for the filter (`all` plus each category), with the same `q` and `status`. */
export const CategoryCountsSchema = z.object({
  all: z.number(),
  'getting-started': z.number(),
  troubleshooting: z.number(),
  'api-docs': z.number(),
  tutorials: z.number(),
});
export type CategoryCounts = z.infer<typeof CategoryCountsSchema>;

export const ArticleListSchema = z.object({
  articles: z.array(ArticleSchema),
  pagination: PaginationSchema,
  category_counts: CategoryCountsSchema,
});
export type ArticleList = z.infer<typeof ArticleListSchema>;

/** `GET /api/v1/knowledge/count?brand_id&status=`: count = that status (every article when omitted), total = all. */
export const ArticleCountQuerySchema = z.object({ brand_id: z.string().min(1), status: ArticleStatusSchema.optional() });

export const ArticleIdParamsSchema = z.object({ id: z.uuid() });

const tags = z.array(z.string().trim().min(1).max(MAX_TAG_CHARS)).max(MAX_ARTICLE_TAGS);

export const CreateArticleSchema = z.object({
  brand_id: z.string().min(1),
  title: z.string().trim().min(1).max(MAX_ARTICLE_TITLE_CHARS).nullable().optional(),
  content: z.string().max(MAX_ARTICLE_CONTENT_CHARS).default(''),
  excerpt: z.string().trim().max(MAX_ARTICLE_EXCERPT_CHARS).nullable().optional(),
  status: ArticleStatusSchema.default(DEFAULT_ARTICLE_STATUS),
  category: KnowledgeCategorySchema,
  tags: tags.default([]),
});
export type CreateArticle = z.infer<typeof CreateArticleSchema>;

export const UpdateArticleSchema = z
  .object({
    title: z.string().trim().min(1).max(MAX_ARTICLE_TITLE_CHARS).nullable().optional(),
    content: z.string().max(MAX_ARTICLE_CONTENT_CHARS).optional(),
    excerpt: z.string().trim().max(MAX_ARTICLE_EXCERPT_CHARS).nullable().optional(),
    status: ArticleStatusSchema.optional(),
    category: KnowledgeCategorySchema.optional(),
    tags: tags.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to update' });
export type UpdateArticle = z.infer<typeof UpdateArticleSchema>;
