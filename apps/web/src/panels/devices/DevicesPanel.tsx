import { useState } from 'react';
import { Box, Server } from 'lucide-react';
import type { Device } from '@console/contract/mesh';
import { useCurrentBrand } from '../../session/hooks';
import { DetailField } from '../../ui/DetailField';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { RefreshButton } from '../../ui/RefreshButton';
import { SlideOver } from '../../ui/SlideOver';
import { LoadingState, Spinner } from '../../ui/Spinner';
import { StatusBadge } from '../../ui/StatusBadge';
import { formatLastSeen } from '../../ui/format';
import { useDeviceContainers, useDeviceServices, useDevices } from './api';
import { DEVICE_TEXT, deviceCounts, environmentLabel, isDeviceOnline, isRunningContainer } from './device-display';

/** SPEC §2 Devices panel: counts, the device list (refreshed every 10 s) and a detail slide-over. */
export function DevicesPanel() {
  const brand = useCurrentBrand();
  const devices = useDevices(brand?.id);
  const [selectedId, setSelectedId] = useState<string | null>(null);

  if (!brand) return <EmptyState icon={Server} title="No brand selected" />;
  const list = devices.data?.devices ?? [];
  const now = new Date(devices.dataUpdatedAt || Date.now());
  const counts = deviceCounts(list, now);
  const selected = list.find((d) => d.id === selectedId) ?? null;

  return (
    <div className="flex flex-col gap-3 p-4">
      <div className="grid grid-cols-3 gap-2" aria-label="Device counts">
        <Stat label="Online" value={counts.online} tone="text-emerald-600" />
        <Stat label="Offline" value={counts.offline} tone="text-slate-500" />
        <Stat label="Total" value={counts.total} tone="text-slate-900" />
      </div>
      <div className="flex justify-end">
        <RefreshButton onRefresh={() => void devices.refetch()} busy={devices.isFetching} />
      </div>

      {devices.isPending ? (
        <LoadingState label="Loading devices" />
      ) : devices.isError ? (
        <ErrorState message={DEVICE_TEXT.loadFailed} onRetry={() => void devices.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState
          icon={Server}
          title={DEVICE_TEXT.empty}
          description={
            <>
              Connect a device with <code className="rounded bg-slate-100 px-1 font-mono text-xs">npm run agent -- --server URL --api-key KEY --brand BRAND_ID --name NAME</code>
            </>
          }
        />
      ) : (
        <ul className="divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 bg-white" aria-label="Devices">
          {list.map((device) => (
            <li key={device.id}>
              <DeviceRow device={device} now={now} onSelect={() => setSelectedId(device.id)} />
            </li>
          ))}
        </ul>
      )}

      <SlideOver
        open={!!selected}
        onClose={() => setSelectedId(null)}
        title={selected?.device_name ?? ''}
        subtitle={selected ? <OnlineBadge online={isDeviceOnline(selected.last_seen, now)} /> : null}
      >
        {selected && <DeviceDetail brandId={brand.id} device={selected} now={now} />}
      </SlideOver>
    </div>
  );
}

function Stat({ label, value, tone }: { label: string; value: number; tone: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-3 py-2.5 text-center">
      <p className={`text-xl font-semibold ${tone}`} data-testid={`count-${label.toLowerCase()}`}>
        {value}
      </p>
      <p className="text-xs text-slate-500">{label}</p>
    </div>
  );
}

export function OnlineBadge({ online }: { online: boolean }) {
  return <StatusBadge status={online ? 'online' : 'offline'} label={online ? 'Online' : 'Offline'} />;
}

export function DeviceRow({ device, now, onSelect }: { device: Device; now: Date; onSelect: () => void }) {
  const online = isDeviceOnline(device.last_seen, now);
  return (
    <button type="button" onClick={onSelect} className="flex w-full items-center gap-3 px-3 py-3 text-left hover:bg-slate-50 sm:px-4" data-testid="device-row">
      <span className={`size-2.5 shrink-0 rounded-full ${online ? 'bg-emerald-500' : 'bg-slate-300'}`} aria-hidden="true" />
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-medium text-slate-900">{device.device_name}</span>
        <span className="block truncate text-xs text-slate-500">
          {device.device_type ?? 'device'} · {device.ip_address ?? 'no IP'}
        </span>
      </span>
      <span className="flex shrink-0 flex-col items-end gap-1">
        <OnlineBadge online={online} />
        <span className="text-xs text-slate-500" data-testid="last-seen">
          {formatLastSeen(device.last_seen, now)}
        </span>
      </span>
    </button>
  );
}


/** SPEC §2: type, environment, last seen, IP address, services running, containers deployed. */
export function DeviceDetail({ brandId, device, now }: { brandId: string; device: Device; now: Date }) {
  const services = useDeviceServices(brandId, device.id);
  const containers = useDeviceContainers(brandId, device.id);
  return (
    <dl className="flex flex-col gap-4" data-testid="device-detail">
      <DetailField label="Type">{device.device_type ?? 'device'}</DetailField>
      <DetailField label="Environment">{environmentLabel(device)}</DetailField>
      <DetailField label="Last seen">{formatLastSeen(device.last_seen, now)}</DetailField>
      <DetailField label="IP address">{device.ip_address ?? '—'}</DetailField>
      <DetailField label="Services running">
        {services.isPending ? (
          <Spinner size={16} label="Loading services" />
        ) : services.isError ? (
          <span className="text-red-700">Failed to load services.</span>
        ) : services.data.services.length === 0 ? (
          <span className="text-slate-500">No services</span>
        ) : (
          <ul className="flex flex-col gap-1">
            {services.data.services.map((s) => (
              <li key={`${s.name}:${s.port}`} className="flex items-center justify-between gap-2 rounded-md bg-slate-50 px-2 py-1.5">
                <span className="truncate">{s.name}</span>
                <span className="shrink-0 font-mono text-xs text-slate-500">{s.port ?? '—'}</span>
              </li>
            ))}
          </ul>
        )}
      </DetailField>
      <DetailField label="Containers deployed">
        {containers.isPending ? (
          <Spinner size={16} label="Loading containers" />
        ) : containers.isError ? (
          <span className="text-red-700">Failed to load containers.</span>
        ) : containers.data.containers.length === 0 ? (
          <span className="text-slate-500">No containers</span>
        ) : (
          <ul className="flex flex-col gap-1">
            {containers.data.containers.map((c) => {
              const running = isRunningContainer(c.status);
              return (
                <li key={c.name} className="flex items-start gap-2 rounded-md bg-slate-50 px-2 py-1.5" data-testid="container-row">
                  <Box aria-hidden="true" size={14} className={`mt-0.5 shrink-0 ${running ? 'text-emerald-600' : 'text-slate-400'}`} />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate">{c.name}</span>
                    <span className="block truncate font-mono text-xs text-slate-500">{c.image}</span>
                  </span>
                  <span className={`shrink-0 text-xs font-medium ${running ? 'text-emerald-600' : 'text-slate-500'}`} data-running={running}>
                    {c.status}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </DetailField>
    </dl>
  );
}
