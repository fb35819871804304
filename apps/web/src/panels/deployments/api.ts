import { useQuery } from '@tanstack/react-query';
import type { Count } from '@console/contract/common';
import { COUNTS_REFRESH_MS, MESH_REFRESH_MS } from '@console/contract/limits';
import type { JobList } from '@console/contract/mesh';
import { apiFetch } from '../../api/client';

/** Query keys of the Deployments panel; every key carries the brand id (STYLE §6). */
export const deploymentKeys = {
  all: (brandId: string) => ['deployments', brandId] as const,
  list: (brandId: string) => ['deployments', brandId, 'jobs'] as const,
  running: (brandId: string) => ['deployments', brandId, 'running-count'] as const,
};

/** SPEC §7 Mesh: the brand's jobs, newest first, refreshed every 10 s (SPEC §9). */
export function useJobs(brandId: string | undefined) {
  return useQuery({
    queryKey: deploymentKeys.list(brandId ?? ''),
    enabled: !!brandId,
    refetchInterval: MESH_REFRESH_MS,
    queryFn: ({ signal }) => apiFetch<JobList>('/mesh/jobs', { query: { brand_id: brandId }, signal }),
  });
}

/** SPEC §7 badge call: running jobs, every 30 s. */
export function useRunningJobsCount(brandId: string | undefined) {
  return useQuery({
    queryKey: deploymentKeys.running(brandId ?? ''),
    enabled: !!brandId,
    refetchInterval: COUNTS_REFRESH_MS,
    queryFn: async ({ signal }) => (await apiFetch<Count>('/jobs/count', { query: { brand_id: brandId, status: 'running' }, signal })).count,
  });
}
