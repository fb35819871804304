import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { knowledgeArticles } from '../../db/schema/index';

export type ArticleRow = typeof knowledgeArticles.$inferSelect;
export type NewArticleRow = typeof knowledgeArticles.$inferInsert;

/** Every column but the search document. */
const articleColumns = {
  id: knowledgeArticles.id,
  brandId: knowledgeArticles.brandId,
  title: knowledgeArticles.title,
  content: knowledgeArticles.content,
  excerpt: knowledgeArticles.excerpt,
  status: knowledgeArticles.status,
  category: knowledgeArticles.category,
  views: knowledgeArticles.views,
  tags: knowledgeArticles.tags,
  authorId: knowledgeArticles.authorId,
  createdAt: knowledgeArticles.createdAt,
  updatedAt: knowledgeArticles.updatedAt,
};
export type ArticleFields = Omit<ArticleRow, 'search'>;

/**
 * The tsquery for a search text. With websearch syntax (quotes, `or`, `-word`) it is read as such;
 * otherwise every word must match and the last one may be a prefix, so that results appear while
 * a word is still being typed. `any` (the assistant's question) matches any of the words, best
 * ranked first. A single tsquery keeps the planner's estimate right, so it uses the GIN index.
 */
export function searchQuery(text: string, mode: 'all' | 'any' = 'all'): SQL | undefined {
  const words = text.match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) return undefined;
  if (mode === 'any') return sql`to_tsquery('english', ${words.join(' | ')})`;
  if (/"|(^|\s)-[\p{L}\p{N}]|\sor\s/iu.test(text)) return sql`websearch_to_tsquery('english', ${text})`;
  const terms = words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(' & ');
  return sql`to_tsquery('english', ${terms})`;
}

export function matches(query: SQL): SQL {
  return sql`${knowledgeArticles.search} @@ ${query}`;
}

/** One page of articles: best match first when searching, else most recently updated first. */
export async function selectArticlePage(db: Db, where: SQL | undefined, rank: SQL | undefined, page: { offset: number; limit: number }) {
  const order = rank
    ? [desc(sql`ts_rank(${knowledgeArticles.search}, ${rank})`), desc(knowledgeArticles.updatedAt), desc(knowledgeArticles.id)]
    : [desc(knowledgeArticles.updatedAt), desc(knowledgeArticles.id)];
  return db
    .select(articleColumns)
    .from(knowledgeArticles)
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
}

/** Articles per category under a filter. */
export async function countByCategory(db: Db, where: SQL | undefined) {
  const rows = await db
    .select({ category: knowledgeArticles.category, n: count() })
    .from(knowledgeArticles)
    .where(where)
    .groupBy(knowledgeArticles.category);
  return new Map(rows.map((r) => [r.category, Number(r.n)]));
}

export async function findArticleById(db: Db, id: string) {
  const [row] = await db.select(articleColumns).from(knowledgeArticles).where(eq(knowledgeArticles.id, id)).limit(1);
  return row;
}

export async function insertArticle(db: Db, values: NewArticleRow) {
  const [row] = await db.insert(knowledgeArticles).values(values).returning(articleColumns);
  return row;
}

export async function updateArticleRow(db: Db, brandId: string, id: string, values: Partial<NewArticleRow>) {
  const [row] = await db
    .update(knowledgeArticles)
    .set(values)
    .where(and(eq(knowledgeArticles.brandId, brandId), eq(knowledgeArticles.id, id)))
    .returning(articleColumns);
  return row;
}

export async function incrementViews(db: Db, brandId: string, id: string) {
  const [row] = await db
    .update(knowledgeArticles)
    .set({ views: sql`${knowledgeArticles.views} + 1` })
    .where(and(eq(knowledgeArticles.brandId, brandId), eq(knowledgeArticles.id, id)))
    .returning(articleColumns);
  return row;
}

export async function deleteArticleRow(db: Db, brandId: string, id: string) {
  const rows = await db
    .delete(knowledgeArticles)
    .where(and(eq(knowledgeArticles.brandId, brandId), eq(knowledgeArticles.id, id)))
    .returning({ id: knowledgeArticles.id });
  return rows.length > 0;
}
