import { useQuery } from '@tanstack/react-query';
import { COUNTS_REFRESH_MS, TICKETS_PAGE_SIZE } from '@console/contract/limits';
import type { TicketList } from '@console/contract/tickets';
import { apiFetch } from '../../api/client';

/** Query keys of the Tickets panel; every key carries the brand id (STYLE §6). */
export const ticketKeys = {
  all: (brandId: string) => ['tickets', brandId] as const,
  list: (brandId: string) => ['tickets', brandId, 'list', 'open'] as const,
  openTotal: (brandId: string) => ['tickets', brandId, 'open-total'] as const,
};

/** SPEC §7 and §9: the panel's list, page 1 of 50 open tickets. */
export function useTicketList(brandId: string | undefined) {
  return useQuery({
    queryKey: ticketKeys.list(brandId ?? ''),
    enabled: !!brandId,
    queryFn: ({ signal }) =>
      apiFetch<TicketList>('/tickets', { query: { brand_id: brandId, page: 1, limit: TICKETS_PAGE_SIZE, status: 'open' }, signal }),
  });
}

/** SPEC §7 badge call: open tickets from a one-row page's `pagination.total`, every 30 s. */
export function useOpenTicketsTotal(brandId: string | undefined) {
  return useQuery({
    queryKey: ticketKeys.openTotal(brandId ?? ''),
    enabled: !!brandId,
    refetchInterval: COUNTS_REFRESH_MS,
    queryFn: async ({ signal }) =>
      (await apiFetch<TicketList>('/tickets', { query: { brand_id: brandId, limit: 1, status: 'open' }, signal })).pagination.total,
  });
}
