import { Plug, RefreshCw, Trash2 } from 'lucide-react';
import { PROVIDER_CATEGORY_LABELS, providerLogoPath, type HealthStatus, type ProviderConnection } from '@console/contract/providers';
import { hasRole } from '@console/contract/roles';
import { isAllBrands, useCurrentBrand } from '../../session/hooks';
import { Badge, type BadgeTone } from '../../ui/Badge';
import { confirmAction } from '../../ui/confirm';
import { formatDateTime } from '../../ui/format';
import { LoadingState, Spinner } from '../../ui/Spinner';
import { notify } from '../../ui/toast';
import { useDisconnectProvider, useLogLoadError, useProviderConnections, useRecheckProvider } from '../providers/api';

export const PROVIDER_CONNECTIONS_TEXT = {
  empty: 'No providers connected',
  emptyHint: 'Connect DNS, cloud, LLM and other providers from the Providers panel.',
  disconnectConfirm: 'Are you sure you want to disconnect this provider?',
  disconnectFailed: 'Failed to disconnect provider. Please try again.',
  recheckFailed: 'Failed to check provider. Please try again.',
} as const;

const HEALTH: Record<HealthStatus, { label: string; tone: BadgeTone }> = {
  healthy: { label: 'Healthy', tone: 'green' },
  unhealthy: { label: 'Unhealthy', tone: 'red' },
  unknown: { label: 'Not checked', tone: 'neutral' },
};

/** The badge of a connection's health; unknown values read as 'Not checked'. */
export function healthBadge(status: string): { label: string; tone: BadgeTone } {
  return HEALTH[status as HealthStatus] ?? HEALTH.unknown;
}

export interface ProviderConnectionsProps {
  /** The brand whose connections are shown; defaults to the selected brand. */
  brandId?: string;
}

/** Settings → provider connections (SPEC §2): name, type and health; admins re-check and disconnect. */
export function ProviderConnections({ brandId: brandIdProp }: ProviderConnectionsProps = {}) {
  const current = useCurrentBrand();
  const brandId = brandIdProp ?? (current && !isAllBrands(current) ? current.id : null);
  const role = current && 'role' in current && current.id === brandId ? current.role : null;
  if (!brandId) return null;
  return <ConnectionList key={brandId} brandId={brandId} canManage={role !== null && hasRole(role, 'admin')} />;
}

function ConnectionList({ brandId, canManage }: { brandId: string; canManage: boolean }) {
  const connections = useProviderConnections(brandId);
  const recheck = useRecheckProvider(brandId);
  const disconnect = useDisconnectProvider(brandId);
  // SPEC §8: provider load failures are only logged.
  useLogLoadError(connections.error, 'provider connections');

  async function onDisconnect(connection: ProviderConnection) {
    if (!(await confirmAction(PROVIDER_CONNECTIONS_TEXT.disconnectConfirm))) return;
    disconnect.mutate(connection.id, { onError: () => notify(PROVIDER_CONNECTIONS_TEXT.disconnectFailed, 'error') });
  }

  return (
    <section aria-labelledby="provider-connections-heading" className="space-y-3">
      <div className="flex items-center gap-2">
        <Plug aria-hidden="true" size={18} className="text-slate-500" />
        <h3 id="provider-connections-heading" className="text-sm font-semibold text-slate-900">
          Provider Connections
        </h3>
      </div>
      {connections.isPending ? (
        <LoadingState label="Loading provider connections" className="min-h-16" />
      ) : !connections.data || connections.data.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 px-4 py-5 text-center">
          <p className="text-sm font-medium text-slate-900">{PROVIDER_CONNECTIONS_TEXT.empty}</p>
          <p className="mt-1 text-xs text-slate-500">{PROVIDER_CONNECTIONS_TEXT.emptyHint}</p>
        </div>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {connections.data.map((connection) => {
            const health = healthBadge(connection.health_status);
            const busy = (recheck.isPending && recheck.variables === connection.id) || (disconnect.isPending && disconnect.variables === connection.id);
            return (
              <li key={connection.id} className="flex items-start gap-3 px-3 py-2.5">
                <img src={providerLogoPath(connection.provider_name)} alt="" width={32} height={32} className="mt-0.5 size-8 shrink-0 rounded-md" />
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <span className="truncate text-sm font-medium text-slate-900">{connection.display_name}</span>
                    <Badge>{PROVIDER_CATEGORY_LABELS[connection.provider_type] ?? connection.provider_type}</Badge>
                    <Badge tone={health.tone} title={connection.health_message ?? undefined}>
                      {health.label}
                    </Badge>
                  </div>
                  {connection.health_status === 'unhealthy' && connection.health_message && (
                    <p className="mt-1 text-xs text-red-700">{connection.health_message}</p>
                  )}
                  <p className="mt-0.5 truncate text-xs text-slate-500">
                    {connection.fields.map((f) => `${f.name}: ${f.value}`).join(' · ')}
                    {connection.last_checked_at && connection.health_status !== 'unknown' ? ` · checked ${formatDateTime(connection.last_checked_at)}` : ''}
                  </p>
                </div>
                {canManage && (
                  <div className="flex shrink-0 items-center">
                    {busy && <Spinner size={14} label="Working" className="mr-1" />}
                    <button
                      type="button"
                      className="btn-icon size-8"
                      aria-label={`Re-check ${connection.display_name}`}
                      title="Re-check"
                      disabled={busy}
                      onClick={() => recheck.mutate(connection.id, { onError: () => notify(PROVIDER_CONNECTIONS_TEXT.recheckFailed, 'error') })}
                    >
                      <RefreshCw aria-hidden="true" size={15} />
                    </button>
                    <button
                      type="button"
                      className="btn-icon size-8 text-slate-400 hover:text-red-600"
                      aria-label={`Disconnect ${connection.display_name}`}
                      title="Disconnect"
                      disabled={busy}
                      onClick={() => void onDisconnect(connection)}
                    >
                      <Trash2 aria-hidden="true" size={15} />
                    </button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
