import { useQuery } from '@tanstack/react-query';
import type { Health } from '@console/contract/auth';
import type { Count } from '@console/contract/common';
import { COUNTS_REFRESH_MS } from '@console/contract/limits';
import type { TeamMember } from '@console/contract/users';
import { apiFetch } from '../../api/client';

/** Query keys of the dashboard; every brand key carries the brand id (STYLE §6). */
export const dashboardKeys = {
  all: (brandId: string) => ['dashboard', brandId] as const,
  count: (brandId: string, kind: 'tickets' | 'unread' | 'devices') => ['dashboard', brandId, kind] as const,
  team: (brandId: string) => ['dashboard', brandId, 'team'] as const,
  health: ['health'] as const,
};

const ZERO: Count = { count: 0, total: 0, trend: 0 };

/**
 * SPEC §7: each dashboard call falls back to zero on failure; the failure is only logged (SPEC §8).
 */
async function countOrZero(path: string, brandId: string, signal: AbortSignal): Promise<Count> {
  try {
    const body = await apiFetch<Partial<Count>>(path, { query: { brand_id: brandId }, signal });
    return { count: Number(body?.count ?? 0), total: Number(body?.total ?? body?.count ?? 0), trend: Number(body?.trend ?? 0) };
  } catch (error) {
    if (signal.aborted) throw error;
    console.error(`Dashboard: ${path} failed`, error);
    return ZERO;
  }
}

const COUNT_PATHS = { tickets: '/tickets/count', unread: '/mail/inbox/unread', devices: '/devices/count' } as const;

/** Open tickets, unread inbox mails or online devices, with total and trend (CONTRACT §Lists and counts). */
export function useDashboardCount(brandId: string | undefined, kind: keyof typeof COUNT_PATHS) {
  return useQuery({
    queryKey: dashboardKeys.count(brandId ?? '', kind),
    enabled: !!brandId,
    refetchInterval: COUNTS_REFRESH_MS,
    queryFn: ({ signal }) => countOrZero(COUNT_PATHS[kind], brandId!, signal),
  });
}

/** SPEC §7 `GET /users`: an array, or an object with users and trend; empty on failure. */
export function useTeamSummary(brandId: string | undefined) {
  return useQuery({
    queryKey: dashboardKeys.team(brandId ?? ''),
    enabled: !!brandId,
    refetchInterval: COUNTS_REFRESH_MS,
    queryFn: async ({ signal }): Promise<{ users: TeamMember[]; trend: number }> => {
      try {
        const body = await apiFetch<TeamMember[] | { users?: TeamMember[]; trend?: number }>('/users', { query: { brand_id: brandId }, signal });
        if (Array.isArray(body)) return { users: body, trend: 0 };
        return { users: body?.users ?? [], trend: Number(body?.trend ?? 0) };
      } catch (error) {
        if (signal.aborted) throw error;
        console.error('Dashboard: /users failed', error);
        return { users: [], trend: 0 };
      }
    },
  });
}

/** `GET /api/health` (CONTRACT §Paths): the System Health card reads real values. */
export function useHealth() {
  return useQuery({
    queryKey: dashboardKeys.health,
    refetchInterval: COUNTS_REFRESH_MS,
    retry: false,
    queryFn: ({ signal }) => apiFetch<Health>('/api/health', { signal }),
  });
}
