import { and, eq, sql } from 'drizzle-orm';
import type { Count } from '@console/contract/common';
import {
  KNOWLEDGE_CATEGORIES,
  type Article,
  type ArticleList,
  type ArticleListQuery,
  type ArticleStatus,
  type CreateArticle,
  type UpdateArticle,
} from '@console/contract/knowledge';
import type { AppContext } from '../../context';
import { countWithTrend } from '../../db/counts';
import { knowledgeArticles } from '../../db/schema/index';
import { brandFilter, requireBrandRole, type BrandScope } from '../../http/brand-guard';
import { notFound } from '../../http/errors';
import type { BrandRole } from '@console/contract/roles';
import type { Caller } from '../auth/service';
import * as q from './queries';

type Ctx = Pick<AppContext, 'db' | 'clock'>;
type GuardCtx = Pick<AppContext, 'db' | 'clock' | 'keyring'>;

/** Longest excerpt derived from the content when an article has none. */
const DERIVED_EXCERPT_CHARS = 200;

/** The API shape of an article row (SPEC §3). */
export function toArticle(row: q.ArticleFields): Article {
  return {
    id: row.id,
    brand_id: row.brandId,
    title: row.title,
    content: row.content,
    excerpt: row.excerpt,
    status: row.status as Article['status'],
    category: row.category as Article['category'],
    views: row.views,
    tags: row.tags,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * SPEC §7 knowledge list: category omitted for all; `q` is a PostgreSQL full-text search (ranked).
 * `category_counts` uses the same filters but every category, for the panel's filter.
 */
export async function listArticles(ctx: Ctx, scope: BrandScope, query: Omit<ArticleListQuery, 'brand_id'>): Promise<ArticleList> {
  const tsq = query.q ? q.searchQuery(query.q) : undefined;
  const base = and(
    brandFilter(knowledgeArticles.brandId, scope),
    query.status ? eq(knowledgeArticles.status, query.status) : undefined,
    query.q ? (tsq ? q.matches(tsq) : sql`false`) : undefined,
  );
  const where = and(base, query.category ? eq(knowledgeArticles.category, query.category) : undefined);
  const [rows, byCategory] = await Promise.all([
    q.selectArticlePage(ctx.db, where, tsq, { offset: (query.page - 1) * query.limit, limit: query.limit }),
    q.countByCategory(ctx.db, base),
  ]);
  const counts = Object.fromEntries(KNOWLEDGE_CATEGORIES.map((c) => [c, byCategory.get(c) ?? 0])) as Record<(typeof KNOWLEDGE_CATEGORIES)[number], number>;
  const all = [...byCategory.values()].reduce((a, b) => a + b, 0);
  return {
    articles: rows.map(toArticle),
    pagination: { page: query.page, limit: query.limit, total: query.category ? counts[query.category] : all },
    category_counts: { all, ...counts },
  };
}

/**
 * The published articles of a brand best matching `query` (the chat's built-in assistant):
 * PostgreSQL full-text search over title, excerpt and content for any of the question's words,
 * best ranked first (title words weigh most).
 */
export async function searchKnowledge(
  ctx: Pick<AppContext, 'db'>,
  brandId: string,
  query: string,
  limit = 5,
): Promise<Array<{ id: string; title: string; excerpt: string; category: string; content: string }>> {
  const tsq = q.searchQuery(query, 'any');
  if (!tsq) return [];
  const rows = await q.selectArticlePage(
    ctx.db,
    and(eq(knowledgeArticles.brandId, brandId), eq(knowledgeArticles.status, 'published'), q.matches(tsq)),
    tsq,
    { offset: 0, limit },
  );
  return rows.map((r) => ({
    id: r.id,
    title: r.title ?? 'Untitled Article',
    excerpt: r.excerpt ?? deriveExcerpt(r.content),
    category: r.category,
    content: r.content,
  }));
}

function deriveExcerpt(content: string): string {
  const flat = content.replace(/[#*_`>\[\]]/g, '').replace(/\s+/g, ' ').trim();
  return flat.length <= DERIVED_EXCERPT_CHARS ? flat : flat.slice(0, DERIVED_EXCERPT_CHARS - 1).trimEnd() + '…';
}

/**
 * `GET /knowledge/count`: count = articles of `status` (all when omitted), total = every article,
 * trend = those counted created in the last 7 days against the 7 days before.
 */
export async function countArticles(ctx: Ctx, scope: BrandScope, status?: ArticleStatus): Promise<Count> {
  return countWithTrend(ctx, {
    table: knowledgeArticles,
    brand: brandFilter(knowledgeArticles.brandId, scope),
    counted: status ? eq(knowledgeArticles.status, status) : undefined,
    createdAt: knowledgeArticles.createdAt,
  });
}

async function announce(ctx: Pick<AppContext, 'events'>, brandId: string) {
  await ctx.events.publish({ type: 'counts.changed', brandId, data: { kind: 'knowledge' } });
}

/** Writes an article (editors, agents and above). An excerpt is derived from the content when none is given. */
export async function createArticle(
  ctx: Pick<AppContext, 'db' | 'clock' | 'events'>,
  input: { brandId: string; authorId: string } & Omit<CreateArticle, 'brand_id'>,
): Promise<Article> {
  const now = ctx.clock.now();
  const row = await q.insertArticle(ctx.db, {
    brandId: input.brandId,
    authorId: input.authorId,
    title: input.title ?? null,
    content: input.content,
    excerpt: input.excerpt ?? (input.content ? deriveExcerpt(input.content) : null),
    status: input.status,
    category: input.category,
    tags: dedupe(input.tags),
    createdAt: now,
    updatedAt: now,
  });
  await announce(ctx, input.brandId);
  return toArticle(row);
}

function dedupe(tags: string[]) {
  return [...new Set(tags)];
}

/** Loads an article the caller may act on with `role`; another brand's article is 404 like a missing one. */
async function loadArticle(ctx: GuardCtx, caller: Caller, id: string, role: BrandRole) {
  const row = await q.findArticleById(ctx.db, id);
  if (!row) throw notFound('Article');
  try {
    await requireBrandRole(ctx, caller, row.brandId, role);
  } catch (err) {
    if ((err as { code?: string }).code === 'NOT_FOUND') throw notFound('Article');
    throw err;
  }
  return row;
}

/** One article; reading it counts a view. */
export async function readArticle(ctx: GuardCtx, caller: Caller, id: string): Promise<Article> {
  const row = await loadArticle(ctx, caller, id, 'viewer');
  return toArticle((await q.incrementViews(ctx.db, row.brandId, id)) ?? row);
}

export async function updateArticle(ctx: GuardCtx & Pick<AppContext, 'events'>, caller: Caller, id: string, patch: UpdateArticle): Promise<Article> {
  const row = await loadArticle(ctx, caller, id, 'editor');
  const values: Partial<q.NewArticleRow> = { updatedAt: ctx.clock.now() };
  if (patch.title !== undefined) values.title = patch.title;
  if (patch.content !== undefined) values.content = patch.content;
  if (patch.excerpt !== undefined) values.excerpt = patch.excerpt;
  if (patch.status !== undefined) values.status = patch.status;
  if (patch.category !== undefined) values.category = patch.category;
  if (patch.tags !== undefined) values.tags = dedupe(patch.tags);
  const updated = await q.updateArticleRow(ctx.db, row.brandId, id, values);
  if (!updated) throw notFound('Article');
  await announce(ctx, row.brandId);
  return toArticle(updated);
}

export async function deleteArticle(ctx: GuardCtx & Pick<AppContext, 'events'>, caller: Caller, id: string): Promise<void> {
  const row = await loadArticle(ctx, caller, id, 'editor');
  if (!(await q.deleteArticleRow(ctx.db, row.brandId, id))) throw notFound('Article');
  await announce(ctx, row.brandId);
}
