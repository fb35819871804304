import { useState, type ReactNode } from 'react';
import { Eye, EyeOff, KeyRound, Mail, RefreshCw, Settings } from 'lucide-react';
import { isAllBrands, useCurrentBrand } from '../../session/hooks';
import { Badge } from '../../ui/Badge';
import { confirmAction } from '../../ui/confirm';
import { CopyButton } from '../../ui/CopyButton';
import { EmptyState } from '../../ui/EmptyState';
import { notify } from '../../ui/toast';
import { SETTINGS_TEXT, maskApiKey } from './api-key-display';
import { useRegenerateApiKey } from './brand-api';
// Slots written by other engineers: provider connections and the domain list.
import { DomainsSection } from './DomainsSection';
import { ProviderConnections } from './ProviderConnections';

/** SPEC §2 Settings panel: brand name, id, own role, API key, provider connections, email configuration, domains. */
export function SettingsPanel() {
  const brand = useCurrentBrand();
  if (!brand || isAllBrands(brand)) return <EmptyState icon={Settings} title={SETTINGS_TEXT.noBrand} />;

  return (
    <div className="flex flex-col gap-4 p-4">
      <Card title="Brand">
        <dl className="flex flex-col gap-3 text-sm">
          <Field label="Brand Name">
            <span className="font-medium text-slate-900">{brand.name}</span>
          </Field>
          <Field label="Brand ID">
            <div className="flex min-w-0 items-center gap-2">
              <code className="min-w-0 flex-1 rounded bg-slate-100 px-2 py-1 font-mono text-xs break-all text-slate-800" data-testid="brand-id">
                {brand.id}
              </code>
              <CopyButton text={brand.id} iconOnly label="Copy brand ID" />
            </div>
          </Field>
          <Field label="Your Role">
            <Badge tone="blue" className="capitalize">
              {brand.role}
            </Badge>
          </Field>
        </dl>
      </Card>

      {brand.apiKey && <ApiKeyCard brandId={brand.id} apiKey={brand.apiKey} isOwner={brand.role === 'owner'} />}

      <Card>
        <ProviderConnections />
      </Card>

      <Card title="Email Configuration">
        <div className="flex items-center gap-2 text-sm text-slate-700">
          <Mail aria-hidden="true" size={16} className="text-slate-400" />
          <span className="flex-1">Email service</span>
          <Badge tone="green">{SETTINGS_TEXT.configured}</Badge>
        </div>
      </Card>

      <Card>
        <DomainsSection />
      </Card>
    </div>
  );
}

/** SPEC §2/§9: the key masked as first 8 + last 4, show/hide, copy, and Regenerate for owners only. */
export function ApiKeyCard({ brandId, apiKey, isOwner }: { brandId: string; apiKey: string; isOwner: boolean }) {
  const [visible, setVisible] = useState(false);
  const regenerate = useRegenerateApiKey(brandId);

  async function onRegenerate() {
    if (!(await confirmAction(SETTINGS_TEXT.regenerateConfirm))) return;
    try {
      await regenerate.mutateAsync();
      notify(SETTINGS_TEXT.regenerateOk, 'success');
    } catch (error) {
      console.error('Regenerate API key failed', error);
      notify(SETTINGS_TEXT.regenerateFailed, 'error');
    }
  }

  return (
    <Card title="API Key" icon={<KeyRound aria-hidden="true" size={16} className="text-slate-400" />}>
      <div className="flex flex-col gap-3">
        <div className="flex min-w-0 items-center gap-2">
          <code className={`min-w-0 flex-1 rounded bg-slate-100 px-2 py-1.5 font-mono text-xs text-slate-800 ${visible ? 'break-all' : 'truncate'}`} data-testid="api-key">
            {visible ? apiKey : maskApiKey(apiKey)}
          </code>
          <button type="button" onClick={() => setVisible((v) => !v)} className="btn-icon size-8" aria-label={visible ? 'Hide API key' : 'Show API key'} title={visible ? 'Hide' : 'Show'}>
            {visible ? <EyeOff aria-hidden="true" size={16} /> : <Eye aria-hidden="true" size={16} />}
          </button>
          <CopyButton text={apiKey} iconOnly label="Copy API key" />
        </div>
        {isOwner && (
          <button type="button" onClick={() => void onRegenerate()} disabled={regenerate.isPending} className="btn btn-secondary self-start text-red-700">
            <RefreshCw aria-hidden="true" size={15} className={regenerate.isPending ? 'animate-spin' : ''} />
            Regenerate API Key
          </button>
        )}
      </div>
    </Card>
  );
}

function Card({ title, icon, children }: { title?: string; icon?: ReactNode; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      {title && (
        <h3 className="mb-3 flex items-center gap-2 text-sm font-semibold text-slate-900">
          {icon}
          {title}
        </h3>
      )}
      {children}
    </section>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-4">
      <dt className="w-28 shrink-0 text-xs font-medium text-slate-500">{label}</dt>
      <dd className="min-w-0 flex-1">{children}</dd>
    </div>
  );
}
