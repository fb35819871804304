import { useState } from 'react';
import { BookOpen, Eye, Pencil, Plus, Search, Trash2 } from 'lucide-react';
import type { Article, KnowledgeCategory } from '@console/contract/knowledge';
import { useCurrentBrand } from '../../session/hooks';
import { Badge } from '../../ui/Badge';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { LoadingState } from '../../ui/Spinner';
import { StatusBadge } from '../../ui/StatusBadge';
import { formatDate, formatNumber } from '../../ui/format';
import { useArticles } from './api';
import { CATEGORY_FILTERS, CATEGORY_LABELS, KNOWLEDGE_TEXT, articleStatus, articleTitle, filterArticles, visibleTags } from './article-display';

/**
 * SPEC §2 Knowledge panel: category filter with counts, search over title and content, article
 * cards. Edit, Delete and Create exist but do nothing (SPEC §2).
 */
export function KnowledgePanel() {
  const brand = useCurrentBrand();
  const [category, setCategory] = useState<KnowledgeCategory | 'all'>('all');
  const [search, setSearch] = useState('');
  const list = useArticles(brand?.id, category);

  if (!brand) return <EmptyState icon={BookOpen} title={KNOWLEDGE_TEXT.noBrand} />;

  const articles = list.data?.articles ?? [];
  const shown = filterArticles(articles, search);
  const counts = list.data?.category_counts;

  return (
    <div className="flex flex-col gap-3 p-4">
      <div className="flex items-center gap-2">
        <label className="relative min-w-0 flex-1">
          <span className="sr-only">Search articles</span>
          <Search aria-hidden="true" size={16} className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-400" />
          <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder={KNOWLEDGE_TEXT.searchPlaceholder} className="input pl-9" />
        </label>
        <button type="button" className="btn btn-primary">
          <Plus aria-hidden="true" size={16} />
          Create
        </button>
      </div>

      <div role="tablist" aria-label="Categories" className="-mx-4 flex gap-1.5 overflow-x-auto px-4 pb-1">
        {CATEGORY_FILTERS.map((c) => {
          const active = c === category;
          return (
            <button
              key={c}
              type="button"
              role="tab"
              aria-selected={active}
              onClick={() => setCategory(c)}
              className={`inline-flex shrink-0 items-center gap-1.5 rounded-full border px-3 py-1 text-xs font-medium transition-colors ${
                active ? 'border-blue-600 bg-blue-600 text-white' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'
              }`}
            >
              {CATEGORY_LABELS[c]}
              <span className={`rounded-full px-1.5 text-[10px] ${active ? 'bg-white/20' : 'bg-slate-100 text-slate-600'}`} data-testid={`category-count-${c}`}>
                {counts ? counts[c] : 0}
              </span>
            </button>
          );
        })}
      </div>

      {list.isPending ? (
        <LoadingState label="Loading articles" />
      ) : list.isError ? (
        <ErrorState message={KNOWLEDGE_TEXT.loadFailed} onRetry={() => void list.refetch()} />
      ) : shown.length === 0 ? (
        <EmptyState icon={BookOpen} title={search.trim() ? KNOWLEDGE_TEXT.noMatches : KNOWLEDGE_TEXT.empty} />
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Articles">
          {shown.map((article) => (
            <ArticleCard key={article.id} article={article} />
          ))}
        </ul>
      )}
    </div>
  );
}

export function ArticleCard({ article }: { article: Article }) {
  const { shown, more } = visibleTags(article.tags);
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm sm:p-4" data-testid="article-card">
      <div className="flex items-start gap-2">
        <h3 className="min-w-0 flex-1 text-sm font-semibold text-slate-900">{articleTitle(article)}</h3>
        <div className="-mt-1 -mr-1 flex shrink-0">
          <button type="button" className="btn-icon size-8" aria-label="Edit" title="Edit">
            <Pencil aria-hidden="true" size={15} />
          </button>
          <button type="button" className="btn-icon size-8" aria-label="Delete" title="Delete">
            <Trash2 aria-hidden="true" size={15} />
          </button>
        </div>
      </div>
      {article.excerpt && <p className="mt-1 line-clamp-2 text-sm text-slate-600">{article.excerpt}</p>}
      <div className="mt-2 flex flex-wrap items-center gap-1.5 text-xs text-slate-500">
        <StatusBadge status={articleStatus(article)} />
        <Badge tone="purple">{article.category}</Badge>
        <span className="inline-flex items-center gap-1" title="Views">
          <Eye aria-hidden="true" size={13} />
          {formatNumber(article.views ?? 0)}
        </span>
        <span className="ml-auto">{formatDate(article.updated_at)}</span>
      </div>
      {(shown.length > 0 || more > 0) && (
        <div className="mt-2 flex flex-wrap gap-1" aria-label="Tags">
          {shown.map((tag) => (
            <Badge key={tag}>{tag}</Badge>
          ))}
          {more > 0 && <span className="px-1 text-xs text-slate-500">+{more} more</span>}
        </div>
      )}
    </li>
  );
}
