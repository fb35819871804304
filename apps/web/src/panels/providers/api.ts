import { useEffect } from 'react';
import { useInfiniteQuery, useMutation, useQueries, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { PROVIDERS_PAGE_SIZE } from '@console/contract/limits';
import {
  PROVIDER_CATEGORIES,
  type ConnectProviderRequest,
  type MarketplaceProvidersResponse,
  type ProviderCategory,
  type ProviderConnection,
  type UserProvidersResponse,
} from '@console/contract/providers';
import { apiFetch } from '../../api/client';

/** Query keys: the catalog is the same for everyone; connections carry the brand id (STYLE §6). */
export const providerKeys = {
  catalog: (category: ProviderCategory | 'all', q: string) => ['provider-catalog', category, q] as const,
  count: (category: ProviderCategory, q: string) => ['provider-catalog', 'count', category, q] as const,
  connections: (brandId: string) => ['provider-connections', brandId] as const,
};

/** SPEC §8: provider load failures are only logged. */
export function useLogLoadError(error: unknown, what: string) {
  useEffect(() => {
    if (error) console.error(`Failed to load ${what}`, error);
  }, [error, what]);
}

/** The catalog, 50 providers a page (SPEC §9), by `offset`; the next page is fetched on scroll. */
export function useProviderCatalog(category: ProviderCategory | 'all', q: string) {
  return useInfiniteQuery({
    queryKey: providerKeys.catalog(category, q),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      apiFetch<MarketplaceProvidersResponse>('/marketplace/providers', {
        query: { page: Math.floor(pageParam / PROVIDERS_PAGE_SIZE) + 1, limit: PROVIDERS_PAGE_SIZE, offset: pageParam, category: category === 'all' ? undefined : category, q: q || undefined },
        signal,
      }),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, page) => n + page.providers.length, 0);
      return loaded < last.total && last.providers.length > 0 ? loaded : undefined;
    },
    staleTime: 5 * 60_000,
  });
}

/** The count of each category tab: one `limit=1` call per category, reading `total` (SPEC §7). */
export function useCategoryCounts(q: string): Partial<Record<ProviderCategory, number>> {
  const results = useQueries({
    queries: PROVIDER_CATEGORIES.map((category) => ({
      queryKey: providerKeys.count(category, q),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        apiFetch<MarketplaceProvidersResponse>('/marketplace/providers', { query: { page: 1, limit: 1, category, q: q || undefined }, signal }),
      staleTime: 5 * 60_000,
    })),
  });
  const counts: Partial<Record<ProviderCategory, number>> = {};
  PROVIDER_CATEGORIES.forEach((category, i) => {
    const total = results[i]?.data?.total;
    if (total !== undefined) counts[category] = total;
  });
  const firstError = results.find((r) => r.error)?.error;
  useLogLoadError(firstError, 'provider counts');
  return counts;
}

/** The brand's provider connections (SPEC §7 GET /user/providers?brand_id). */
export function useProviderConnections(brandId: string | null) {
  return useQuery({
    queryKey: providerKeys.connections(brandId ?? ''),
    queryFn: ({ signal }) => apiFetch<UserProvidersResponse>('/user/providers', { query: { brand_id: brandId }, signal }),
    select: (data) => data.providers,
    enabled: brandId !== null,
  });
}

/** A connection change touches the connection list and the domains' DNS provider choice. */
function invalidateConnections(queryClient: QueryClient, brandId: string) {
  void queryClient.invalidateQueries({ queryKey: providerKeys.connections(brandId) });
  void queryClient.invalidateQueries({ queryKey: ['domains', brandId, 'dns-providers'] });
}

export function useConnectProvider(brandId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConnectProviderRequest) =>
      apiFetch<ProviderConnection>('/user/providers', { method: 'POST', query: { brand_id: brandId }, body }),
    onSuccess: () => {
      if (brandId) invalidateConnections(queryClient, brandId);
    },
  });
}

export function useRecheckProvider(brandId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<ProviderConnection>(`/user/providers/${id}/check`, { method: 'POST' }),
    onSuccess: () => invalidateConnections(queryClient, brandId),
  });
}

export function useDisconnectProvider(brandId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<{ ok: true }>(`/user/providers/${id}`, { method: 'DELETE' }),
    onSuccess: () => invalidateConnections(queryClient, brandId),
  });
}
