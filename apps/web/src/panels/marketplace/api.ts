import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PackageList } from '@console/contract/marketplace';
import type { DeviceList, Job } from '@console/contract/mesh';
import { apiFetch } from '../../api/client';

export const MARKETPLACE_PAGE_SIZE = 60;

/** Query keys of the Marketplace panel; brand-scoped keys carry the brand id (STYLE §6). */
export const marketplaceKeys = {
  packages: (search: string, category: string) => ['marketplace', 'packages', category, search] as const,
  devices: (brandId: string) => ['devices', brandId, 'install-targets'] as const,
  installed: (brandId: string, deviceId: string) => ['marketplace', brandId, 'installed', deviceId] as const,
};

/** SPEC §7: the package catalog, searched and filtered on the server, a page at a time. */
export function usePackages(search: string, category: string) {
  return useInfiniteQuery({
    queryKey: marketplaceKeys.packages(search, category),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      apiFetch<PackageList>('/marketplace/packages', {
        query: { search: search || undefined, category: category === 'all' ? undefined : category, page: pageParam, limit: MARKETPLACE_PAGE_SIZE },
        signal,
      }),
    getNextPageParam: (last) => (last.pagination.page * last.pagination.limit < last.pagination.total ? last.pagination.page + 1 : undefined),
  });
}

/** SPEC §7: the brand's devices; the first one is the install target (SPEC §4). */
export function useInstallTargets(brandId: string | undefined) {
  return useQuery({
    queryKey: marketplaceKeys.devices(brandId ?? ''),
    enabled: !!brandId,
    queryFn: ({ signal }) => apiFetch<DeviceList>('/devices', { query: { brand_id: brandId }, signal }),
  });
}

/** SPEC §7: packages installed on the target device. */
export function useInstalled(brandId: string | undefined, deviceId: string | undefined) {
  return useQuery({
    queryKey: marketplaceKeys.installed(brandId ?? '', deviceId ?? ''),
    enabled: !!brandId && !!deviceId,
    queryFn: ({ signal }) => apiFetch<{ installed: Array<{ package_id: string }> }>('/marketplace/installed', { query: { device_id: deviceId }, signal }),
  });
}

/** SPEC §7: install a package on a device; the new job shows in Deployments. */
export function useInstallPackage(brandId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ packageId, deviceId }: { packageId: string; deviceId: string }) =>
      apiFetch<Job>(`/marketplace/packages/${packageId}/install`, { method: 'POST', body: { device_id: deviceId } }),
    onSuccess: (_job, { deviceId }) => {
      if (!brandId) return;
      void queryClient.invalidateQueries({ queryKey: ['deployments', brandId] });
      void queryClient.invalidateQueries({ queryKey: marketplaceKeys.installed(brandId, deviceId) });
    },
  });
}
