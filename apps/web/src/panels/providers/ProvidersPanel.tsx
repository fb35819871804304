import { useEffect, useMemo, useState, type FormEvent, type UIEvent } from 'react';
import { AlertTriangle, CheckCircle2, Plug, Search } from 'lucide-react';
import { INFINITE_SCROLL_THRESHOLD_PX } from '@console/contract/limits';
import { PROVIDER_CATEGORIES, PROVIDER_CATEGORY_LABELS, providerFields, type MarketplaceProvider, type ProviderCategory, type ProviderConnection } from '@console/contract/providers';
import { ApiError } from '../../api/client';
import { isAllBrands, useCurrentBrand } from '../../session/hooks';
import { Badge } from '../../ui/Badge';
import { EmptyState } from '../../ui/EmptyState';
import { Modal } from '../../ui/Modal';
import { LoadingState, Spinner } from '../../ui/Spinner';
import { notify } from '../../ui/toast';
import { useCategoryCounts, useConnectProvider, useLogLoadError, useProviderCatalog, useProviderConnections } from './api';

/** SPEC §5 and §8 texts of the Providers panel. */
export const PROVIDERS_TEXT = {
  noBrand: 'No brand selected',
  connected: (name: string) => `${name} connected successfully!`,
  connectFailed: 'Failed to connect provider',
  noResults: 'No providers found',
} as const;

const SEARCH_DEBOUNCE_MS = 300;

/** SPEC §9: the next page loads when the list is scrolled within 100 px of its bottom. */
export function isNearBottom(el: { scrollHeight: number; scrollTop: number; clientHeight: number }, threshold = INFINITE_SCROLL_THRESHOLD_PX): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight <= threshold;
}

/** The 'All' tab's count: the sum of the category counts, once every category has answered. */
export function allCount(counts: Partial<Record<ProviderCategory, number>>): number | undefined {
  const values = PROVIDER_CATEGORIES.map((c) => counts[c]);
  return values.every((v) => v !== undefined) ? values.reduce<number>((sum, v) => sum + (v ?? 0), 0) : undefined;
}

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** Providers panel (SPEC §2): search, category tabs with counts, cards, connect modal, infinite scroll. */
export function ProvidersPanel() {
  const brand = useCurrentBrand();
  const brandId = brand && !isAllBrands(brand) ? brand.id : null;
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const [category, setCategory] = useState<ProviderCategory | 'all'>('all');
  const [connecting, setConnecting] = useState<MarketplaceProvider | null>(null);

  const catalog = useProviderCatalog(category, q);
  const counts = useCategoryCounts(q);
  const connections = useProviderConnections(brandId);
  useLogLoadError(catalog.error, 'providers');
  useLogLoadError(connections.error, 'provider connections');

  const connectedByName = useMemo(() => new Map((connections.data ?? []).map((c) => [c.provider_name, c])), [connections.data]);
  const providers = useMemo(() => catalog.data?.pages.flatMap((page) => page.providers) ?? [], [catalog.data]);

  function onScroll(event: UIEvent<HTMLDivElement>) {
    if (isNearBottom(event.currentTarget) && catalog.hasNextPage && !catalog.isFetchingNextPage) void catalog.fetchNextPage();
  }

  const tabs: Array<{ id: ProviderCategory | 'all'; label: string; count: number | undefined }> = [
    { id: 'all', label: 'All', count: allCount(counts) },
    ...PROVIDER_CATEGORIES.map((c) => ({ id: c, label: PROVIDER_CATEGORY_LABELS[c], count: counts[c] })),
  ];

  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="shrink-0 space-y-3 border-b border-slate-200 px-4 pt-3 pb-2">
        <div className="relative">
          <Search aria-hidden="true" size={16} className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-400" />
          <label htmlFor="provider-search" className="sr-only">
            Search providers
          </label>
          <input
            id="provider-search"
            type="search"
            className="input pl-9"
            placeholder="Search providers..."
            autoComplete="off"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <div role="tablist" aria-label="Provider categories" className="-mx-4 flex gap-1.5 overflow-x-auto px-4 pb-1">
          {tabs.map((tab) => {
            const active = tab.id === category;
            return (
              <button
                key={tab.id}
                type="button"
                role="tab"
                aria-selected={active}
                onClick={() => setCategory(tab.id)}
                className={`inline-flex shrink-0 items-center gap-1.5 rounded-full px-3 py-1.5 text-xs font-medium transition-colors ${
                  active ? 'bg-blue-600 text-white' : 'bg-slate-100 text-slate-700 hover:bg-slate-200'
                }`}
              >
                {tab.label}
                {tab.count !== undefined && (
                  <span className={`rounded-full px-1.5 text-[11px] ${active ? 'bg-white/20' : 'bg-white text-slate-500'}`} data-testid={`count-${tab.id}`}>
                    {tab.count}
                  </span>
                )}
              </button>
            );
          })}
        </div>
      </div>

      <div className="@container min-h-0 flex-1 overflow-y-auto px-4 py-3" onScroll={onScroll} data-testid="provider-scroll">
        {catalog.isPending ? (
          <LoadingState label="Loading providers" />
        ) : providers.length === 0 ? (
          <EmptyState icon={Plug} title={PROVIDERS_TEXT.noResults} />
        ) : (
          <ul className="grid grid-cols-1 gap-2.5 @xl:grid-cols-2" aria-label="Providers">
            {providers.map((provider) => (
              <ProviderCard key={provider.id} provider={provider} connection={connectedByName.get(provider.id)} onConnect={() => setConnecting(provider)} />
            ))}
          </ul>
        )}
        {catalog.isFetchingNextPage && (
          <div className="flex justify-center py-4">
            <Spinner label="Loading more providers" />
          </div>
        )}
      </div>

      {connecting && <ConnectProviderModal key={connecting.id} provider={connecting} brandId={brandId} onClose={() => setConnecting(null)} />}
    </div>
  );
}

function ProviderCard({ provider, connection, onConnect }: { provider: MarketplaceProvider; connection?: ProviderConnection; onConnect: () => void }) {
  return (
    <li className="flex items-start gap-3 rounded-lg border border-slate-200 bg-white p-3" aria-label={provider.name}>
      <img src={provider.logo_url} alt="" width={40} height={40} loading="lazy" className="size-10 shrink-0 rounded-lg" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <h3 className="truncate text-sm font-semibold text-slate-900">{provider.name}</h3>
          <Badge>{PROVIDER_CATEGORY_LABELS[provider.category]}</Badge>
        </div>
        <p className="mt-1 line-clamp-2 text-xs text-slate-600">{provider.short_description}</p>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1">
        {connection ? (
          <>
            <Badge tone="green">
              <CheckCircle2 aria-hidden="true" size={12} />
              Connected
            </Badge>
            {connection.health_status === 'unhealthy' && (
              <span className="inline-flex items-center gap-1 text-[11px] text-red-700" title={connection.health_message ?? undefined}>
                <AlertTriangle aria-hidden="true" size={11} />
                Check failed
              </span>
            )}
          </>
        ) : (
          <button type="button" className="btn btn-secondary px-2.5 py-1.5 text-xs" onClick={onConnect} aria-label={`Connect ${provider.name}`}>
            Connect
          </button>
        )}
      </div>
    </li>
  );
}

/** SPEC §8: the server's error field, else 'Failed to connect provider'. */
export function connectErrorText(err: unknown): string {
  return err instanceof ApiError && err.status > 0 && !err.code.startsWith('HTTP_') && err.message ? err.message : PROVIDERS_TEXT.connectFailed;
}

/** The connect modal: the provider's SPEC §5 fields; success closes it and refreshes the connected list (SPEC §4). */
export function ConnectProviderModal({ provider, brandId, onClose }: { provider: MarketplaceProvider; brandId: string | null; onClose: () => void }) {
  const fields = providerFields(provider.id, provider.category);
  const [values, setValues] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const connect = useConnectProvider(brandId);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!brandId) {
      setError(PROVIDERS_TEXT.noBrand);
      return;
    }
    setError(null);
    const connection_config = Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== ''));
    connect.mutate(
      { provider_name: provider.id, connection_config },
      {
        onSuccess: () => {
          notify(PROVIDERS_TEXT.connected(provider.name), 'success');
          onClose();
        },
        onError: (err) => setError(connectErrorText(err)),
      },
    );
  }

  const formId = `connect-${provider.id}`;
  return (
    <Modal
      open
      onClose={onClose}
      title={`Connect ${provider.name}`}
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={formId} className="btn btn-primary" disabled={connect.isPending}>
            {connect.isPending && <Spinner size={14} label="Connecting" className="text-white" />}
            {connect.isPending ? 'Connecting...' : 'Connect'}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} className="space-y-4" noValidate>
        <div className="flex items-start gap-3">
          <img src={provider.logo_url} alt="" width={40} height={40} className="size-10 shrink-0 rounded-lg" />
          <p className="text-sm text-slate-600">{provider.description}</p>
        </div>
        {fields.map((field) => {
          const id = `${formId}-${field.name}`;
          const common = {
            id,
            name: field.name,
            className: 'input',
            required: field.required,
            placeholder: field.placeholder,
            value: values[field.name] ?? '',
            autoComplete: 'off',
            spellCheck: false,
            onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field.name]: e.target.value })),
          };
          return (
            <div key={field.name}>
              <label htmlFor={id} className="field-label">
                {field.label}
                {field.required ? <span className="text-red-600"> *</span> : <span className="font-normal text-slate-400"> (optional)</span>}
              </label>
              {field.type === 'textarea' ? (
                <textarea {...common} rows={6} className="input font-mono text-xs" />
              ) : (
                <input {...common} type={field.type} />
              )}
            </div>
          );
        })}
        {error && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
            {error}
          </p>
        )}
      </form>
    </Modal>
  );
}
