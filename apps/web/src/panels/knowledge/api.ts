import { useQuery } from '@tanstack/react-query';
import type { Count } from '@console/contract/common';
import type { ArticleList, KnowledgeCategory } from '@console/contract/knowledge';
import { COUNTS_REFRESH_MS } from '@console/contract/limits';
import { apiFetch } from '../../api/client';

/** Query keys of the Knowledge panel; every key carries the brand id (STYLE §6). */
export const knowledgeKeys = {
  all: (brandId: string) => ['knowledge', brandId] as const,
  list: (brandId: string, category: KnowledgeCategory | 'all') => ['knowledge', brandId, 'list', category] as const,
  pending: (brandId: string) => ['knowledge', brandId, 'pending'] as const,
};

/** SPEC §7: `GET /support/knowledge?brand_id&category` (category omitted for all). */
export function useArticles(brandId: string | undefined, category: KnowledgeCategory | 'all') {
  return useQuery({
    queryKey: knowledgeKeys.list(brandId ?? '', category),
    enabled: !!brandId,
    // Switching category keeps the previous cards (and counts) until the new ones arrive; never across brands.
    placeholderData: (previous: ArticleList | undefined, previousQuery) => (previousQuery?.queryKey[1] === brandId ? previous : undefined),
    queryFn: ({ signal }) =>
      apiFetch<ArticleList>('/support/knowledge', { query: { brand_id: brandId, category: category === 'all' ? undefined : category }, signal }),
  });
}

/** SPEC §7 badge call: pending articles, every 30 s. */
export function usePendingArticles(brandId: string | undefined) {
  return useQuery({
    queryKey: knowledgeKeys.pending(brandId ?? ''),
    enabled: !!brandId,
    refetchInterval: COUNTS_REFRESH_MS,
    queryFn: async ({ signal }) => (await apiFetch<Count>('/knowledge/count', { query: { brand_id: brandId, status: 'pending' }, signal })).count,
  });
}
