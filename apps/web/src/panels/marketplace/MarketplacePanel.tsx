import { useEffect, useState } from 'react';
import { Check, Download, HardDrive, Search, Store } from 'lucide-react';
import type { Package } from '@console/contract/marketplace';
import { useCurrentBrand } from '../../session/hooks';
import { Badge } from '../../ui/Badge';
import { EmptyState } from '../../ui/EmptyState';
import { Modal } from '../../ui/Modal';
import { LoadingState, Spinner } from '../../ui/Spinner';
import { notify } from '../../ui/toast';
import { useInstalled, useInstallPackage, useInstallTargets, usePackages } from './api';
import { CATEGORY_LABELS, CATEGORY_TABS, MARKETPLACE_TEXT, formatDownloads, versionLabel } from './package-display';

const SEARCH_DEBOUNCE_MS = 250;

/** SPEC §2 Marketplace panel: search, category tabs, package cards with Install, a detail modal. */
export function MarketplacePanel() {
  const brand = useCurrentBrand();
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<(typeof CATEGORY_TABS)[number]>('all');
  const [detail, setDetail] = useState<Package | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => setQuery(search.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const packages = usePackages(query, category);
  const targets = useInstallTargets(brand?.id);
  // SPEC §4: the first device of the brand is the target.
  const target = targets.data?.devices[0];
  const installed = useInstalled(brand?.id, target?.id);
  const install = useInstallPackage(brand?.id);
  const installedIds = new Set(installed.data?.installed.map((i) => i.package_id) ?? []);

  useEffect(() => {
    // SPEC §8: marketplace load failures are logged only.
    if (packages.error) console.error('Failed to load marketplace packages', packages.error);
  }, [packages.error]);

  const firstPage = packages.data?.pages[0];
  const items = packages.data?.pages.flatMap((p) => p.packages) ?? [];

  async function onInstall(pkg: Package) {
    const devices = targets.data?.devices ?? (await targets.refetch()).data?.devices ?? [];
    const device = devices[0];
    if (!device) {
      notify(MARKETPLACE_TEXT.noDevices, 'error');
      return;
    }
    try {
      await install.mutateAsync({ packageId: pkg.id, deviceId: device.id });
      notify(MARKETPLACE_TEXT.installing(pkg.name), 'success');
    } catch {
      notify(MARKETPLACE_TEXT.installFailed, 'error');
    }
  }

  return (
    <div className="flex flex-col gap-3 p-4">
      <div className="flex items-baseline justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900" data-testid="catalog-size">
          {firstPage ? MARKETPLACE_TEXT.header(firstPage.catalog_total) : ' '}
        </h3>
        {target && <p className="truncate text-xs text-slate-500">Installs to {target.device_name}</p>}
      </div>
      <label className="relative">
        <span className="sr-only">{MARKETPLACE_TEXT.searchPlaceholder}</span>
        <Search aria-hidden="true" size={16} className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-slate-400" />
        <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder={MARKETPLACE_TEXT.searchPlaceholder} className="input pl-9" />
      </label>
      <div role="tablist" aria-label="Categories" className="-mx-4 flex gap-1.5 overflow-x-auto px-4 pb-1">
        {CATEGORY_TABS.map((tab) => {
          const count = tab === 'all' ? firstPage?.catalog_total : firstPage?.category_counts[tab];
          return (
            <button
              key={tab}
              type="button"
              role="tab"
              aria-selected={category === tab}
              onClick={() => setCategory(tab)}
              className={`shrink-0 rounded-full px-3 py-1 text-xs font-medium ring-1 ring-inset ${category === tab ? 'bg-slate-900 text-white ring-slate-900' : 'bg-white text-slate-700 ring-slate-200 hover:bg-slate-50'}`}
            >
              {CATEGORY_LABELS[tab]}
              {count !== undefined && <span className="ml-1 opacity-70">{count}</span>}
            </button>
          );
        })}
      </div>

      {packages.isPending ? (
        <LoadingState label="Loading packages" />
      ) : items.length === 0 ? (
        <EmptyState icon={Store} title={MARKETPLACE_TEXT.empty} />
      ) : (
        <>
          <ul className="grid grid-cols-1 gap-2" aria-label="Packages">
            {items.map((pkg) => (
              <li key={pkg.id}>
                <PackageCard
                  pkg={pkg}
                  installed={installedIds.has(pkg.id)}
                  busy={install.isPending && install.variables?.packageId === pkg.id}
                  onOpen={() => setDetail(pkg)}
                  onInstall={() => void onInstall(pkg)}
                />
              </li>
            ))}
          </ul>
          {packages.hasNextPage && (
            <button type="button" className="btn btn-secondary self-center" disabled={packages.isFetchingNextPage} onClick={() => void packages.fetchNextPage()}>
              {packages.isFetchingNextPage ? <Spinner size={16} label="Loading more packages" /> : 'Load more'}
            </button>
          )}
        </>
      )}

      <Modal
        open={!!detail}
        onClose={() => setDetail(null)}
        title={detail?.name ?? ''}
        footer={
          detail && (
            <>
              <button type="button" className="btn btn-secondary" onClick={() => setDetail(null)}>
                Close
              </button>
              <button type="button" className="btn btn-primary" disabled={install.isPending} onClick={() => void onInstall(detail)}>
                <Download aria-hidden="true" size={16} />
                Install
              </button>
            </>
          )
        }
      >
        {detail && <PackageDetail pkg={detail} installed={installedIds.has(detail.id)} />}
      </Modal>
    </div>
  );
}

export function PackageCard({ pkg, installed, busy, onOpen, onInstall }: { pkg: Package; installed: boolean; busy: boolean; onOpen: () => void; onInstall: () => void }) {
  return (
    <article className="flex h-full flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3" data-testid="package-card">
      <button type="button" onClick={onOpen} className="flex flex-col gap-1 text-left">
        <span className="flex items-start gap-2">
          <span className="min-w-0 flex-1 truncate text-sm font-medium text-slate-900">{pkg.name}</span>
          <Badge tone={pkg.category === 'ai' ? 'purple' : 'neutral'}>{CATEGORY_LABELS[pkg.category]}</Badge>
        </span>
        <span className="line-clamp-2 text-xs text-slate-600">{pkg.description}</span>
      </button>
      <div className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
        <span>{versionLabel(pkg.version)}</span>
        <span className="inline-flex items-center gap-1" title="Downloads">
          <Download aria-hidden="true" size={12} />
          {formatDownloads(pkg.downloads)}
        </span>
        <span className="inline-flex items-center gap-1" title="Size">
          <HardDrive aria-hidden="true" size={12} />
          {pkg.size}
        </span>
        <span className="ml-auto">
          {installed ? (
            <Badge tone="green">
              <Check aria-hidden="true" size={12} />
              Installed
            </Badge>
          ) : (
            <button type="button" className="btn btn-primary px-2.5 py-1 text-xs" disabled={busy} onClick={onInstall} aria-label={`Install ${pkg.name}`}>
              {busy ? <Spinner size={12} label="Installing" /> : 'Install'}
            </button>
          )}
        </span>
      </div>
    </article>
  );
}

function PackageDetail({ pkg, installed }: { pkg: Package; installed: boolean }) {
  const rows: Array<[string, string]> = [
    ['Version', versionLabel(pkg.version)],
    ['Category', CATEGORY_LABELS[pkg.category]],
    ['Downloads', pkg.downloads.toLocaleString('en-US')],
    ['Size', pkg.size],
    [pkg.kind === 'model' ? 'Model' : 'Image', pkg.source],
    ['Installs as', pkg.kind === 'model' ? 'pull_model job (Ollama)' : 'deploy_container job (Docker)'],
  ];
  return (
    <div className="flex flex-col gap-4" data-testid="package-detail">
      <p className="text-sm text-slate-700">{pkg.description}</p>
      {installed && <Badge tone="green">Installed on the target device</Badge>}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-slate-500">{k}</dt>
            <dd className="min-w-0 break-all font-medium text-slate-900">{v}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
