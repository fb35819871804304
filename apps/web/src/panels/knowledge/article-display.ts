import { DEFAULT_ARTICLE_STATUS, DEFAULT_ARTICLE_TITLE, KNOWLEDGE_CATEGORIES, type Article, type KnowledgeCategory } from '@console/contract/knowledge';
import { MAX_TAGS_SHOWN } from '@console/contract/limits';

/** SPEC §2 and §8 texts of the Knowledge panel. */
export const KNOWLEDGE_TEXT = {
  searchPlaceholder: 'Search articles...',
  noMatches: 'No articles found',
  empty: 'No articles yet',
  noBrand: 'No brand selected',
  loadFailed: 'Failed to load articles. Please try again.',
} as const;

/** The category filter of SPEC §2, 'all' first. */
export const CATEGORY_FILTERS: ReadonlyArray<KnowledgeCategory | 'all'> = ['all', ...KNOWLEDGE_CATEGORIES];

export const CATEGORY_LABELS: Record<KnowledgeCategory | 'all', string> = {
  all: 'All',
  'getting-started': 'Getting Started',
  troubleshooting: 'Troubleshooting',
  'api-docs': 'API Docs',
  tutorials: 'Tutorials',
};

export function articleTitle(article: Pick<Article, 'title'>): string {
  return article.title?.trim() || DEFAULT_ARTICLE_TITLE;
}

export function articleStatus(article: { status?: string | null }): string {
  return article.status || DEFAULT_ARTICLE_STATUS;
}

/** SPEC §9: up to 3 tags, and how many more there are ('+N more'). */
export function visibleTags(tags: readonly string[] | null | undefined): { shown: string[]; more: number } {
  const all = tags ?? [];
  return { shown: all.slice(0, MAX_TAGS_SHOWN), more: Math.max(0, all.length - MAX_TAGS_SHOWN) };
}

/** SPEC §2: the search matches title and content (case-insensitive). */
export function filterArticles<T extends Pick<Article, 'title' | 'content'>>(articles: readonly T[], search: string): T[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...articles];
  return articles.filter((a) => (a.title ?? '').toLowerCase().includes(needle) || (a.content ?? '').toLowerCase().includes(needle));
}
