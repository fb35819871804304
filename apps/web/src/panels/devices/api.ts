import { useQuery } from '@tanstack/react-query';
import type { Count } from '@console/contract/common';
import { COUNTS_REFRESH_MS, MESH_REFRESH_MS } from '@console/contract/limits';
import type { Container, DeviceList, Service } from '@console/contract/mesh';
import { apiFetch } from '../../api/client';

/** Query keys of the Devices panel; every key carries the brand id (STYLE §6). */
export const deviceKeys = {
  all: (brandId: string) => ['devices', brandId] as const,
  list: (brandId: string) => ['devices', brandId, 'list'] as const,
  services: (brandId: string, deviceId: string) => ['devices', brandId, deviceId, 'services'] as const,
  containers: (brandId: string, deviceId: string) => ['devices', brandId, deviceId, 'containers'] as const,
  offline: (brandId: string) => ['devices', brandId, 'offline-count'] as const,
};

/** SPEC §7 Mesh: the brand's devices, refreshed every 10 s (SPEC §9). */
export function useDevices(brandId: string | undefined) {
  return useQuery({
    queryKey: deviceKeys.list(brandId ?? ''),
    enabled: !!brandId,
    refetchInterval: MESH_REFRESH_MS,
    queryFn: ({ signal }) => apiFetch<DeviceList>('/mesh/devices', { query: { brand_id: brandId }, signal }),
  });
}

export function useDeviceServices(brandId: string | undefined, deviceId: string | undefined) {
  return useQuery({
    queryKey: deviceKeys.services(brandId ?? '', deviceId ?? ''),
    enabled: !!brandId && !!deviceId,
    refetchInterval: MESH_REFRESH_MS,
    queryFn: ({ signal }) => apiFetch<{ services: Service[] }>(`/mesh/devices/${deviceId}/services`, { signal }),
  });
}

export function useDeviceContainers(brandId: string | undefined, deviceId: string | undefined) {
  return useQuery({
    queryKey: deviceKeys.containers(brandId ?? '', deviceId ?? ''),
    enabled: !!brandId && !!deviceId,
    refetchInterval: MESH_REFRESH_MS,
    queryFn: ({ signal }) => apiFetch<{ containers: Container[] }>(`/mesh/devices/${deviceId}/containers`, { signal }),
  });
}

/** SPEC §7 badge call: offline devices, every 30 s. */
export function useOfflineDevicesCount(brandId: string | undefined) {
  return useQuery({
    queryKey: deviceKeys.offline(brandId ?? ''),
    enabled: !!brandId,
    refetchInterval: COUNTS_REFRESH_MS,
    queryFn: async ({ signal }) => (await apiFetch<Count>('/devices/count', { query: { brand_id: brandId, status: 'offline' }, signal })).count,
  });
}
