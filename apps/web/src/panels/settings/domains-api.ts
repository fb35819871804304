import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  ConfigureEmailResponse,
  DnsRecordList,
  Domain,
  DomainList,
  EnableChatResponse,
  SetPrimaryResponse,
  VerifyDomainResponse,
  VerifyMethod,
} from '@console/contract/domains';
import type { UserProvidersResponse } from '@console/contract/providers';
import { apiFetch } from '../../api/client';
import { chatKeys } from '../../chat/api';

/** Query keys of the domain list and drawer; every key includes the brand id. */
export const domainKeys = {
  list: (brandId: string) => ['domains', brandId] as const,
  records: (brandId: string, domainId: string) => ['domains', brandId, domainId, 'records'] as const,
  dnsProviders: (brandId: string) => ['domains', brandId, 'dns-providers'] as const,
};

export function useDomains(brandId: string) {
  return useQuery({
    queryKey: domainKeys.list(brandId),
    queryFn: ({ signal }) => apiFetch<DomainList>(`/support/brands/${brandId}/domains`, { signal }),
    select: (data) => data.domains,
  });
}

export function useDomainRecords(brandId: string, domainId: string | null) {
  return useQuery({
    queryKey: domainKeys.records(brandId, domainId ?? ''),
    queryFn: ({ signal }) => apiFetch<DnsRecordList>(`/support/domains/${domainId}/records`, { signal }),
    select: (data) => data.records,
    enabled: domainId !== null,
  });
}

/** The brand's connected DNS providers (SPEC §3 Connected DNS provider), for provider sync. */
export function useDnsProviders(brandId: string) {
  return useQuery({
    queryKey: domainKeys.dnsProviders(brandId),
    queryFn: ({ signal }) => apiFetch<UserProvidersResponse>('/user/providers', { query: { brand_id: brandId }, signal }),
    select: (data) => data.providers.filter((p) => p.provider_type === 'dns'),
  });
}

/**
 * What a domain change touches: the list, the records, and the conversation addresses (the chat
 * banner shows the primary chat domain, CONTRACT §Mail).
 */
function invalidateDomain(queryClient: QueryClient, brandId: string) {
  void queryClient.invalidateQueries({ queryKey: ['domains', brandId] });
  void queryClient.invalidateQueries({ queryKey: chatKeys.conversations(brandId) });
  void queryClient.invalidateQueries({ queryKey: ['conversation', brandId] });
}

export function useAddDomain(brandId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (domain: string) => apiFetch<Domain>(`/support/brands/${brandId}/domains`, { method: 'POST', body: { domain } }),
    onSuccess: () => invalidateDomain(queryClient, brandId),
  });
}

export function useRemoveDomain(brandId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (domainId: string) => apiFetch<{ ok: true }>(`/support/domains/${domainId}`, { method: 'DELETE' }),
    onSuccess: () => invalidateDomain(queryClient, brandId),
  });
}

export function useSetPrimaryDomain(brandId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (domainId: string) => apiFetch<SetPrimaryResponse>(`/support/domains/${domainId}/set-primary`, { method: 'POST' }),
    onSuccess: () => invalidateDomain(queryClient, brandId),
  });
}

export function useVerifyDomain(brandId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { domainId: string; method: VerifyMethod }) =>
      apiFetch<VerifyDomainResponse>(`/support/domains/${input.domainId}/verify`, { method: 'POST', body: { method: input.method } }),
    onSuccess: () => invalidateDomain(queryClient, brandId),
  });
}

export function useConfigureEmail(brandId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (domainId: string) => apiFetch<ConfigureEmailResponse>(`/support/domains/${domainId}/configure-email`, { method: 'POST' }),
    onSuccess: () => invalidateDomain(queryClient, brandId),
  });
}

export function useEnableChat(brandId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (domainId: string) =>
      apiFetch<EnableChatResponse>(`/support/domains/${domainId}/enable-chat`, { method: 'POST', body: { chat_subdomain: 'chat' } }),
    onSuccess: () => invalidateDomain(queryClient, brandId),
  });
}
