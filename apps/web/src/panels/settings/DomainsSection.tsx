import { useState, type FormEvent, type ReactNode } from 'react';
import { CheckCircle2, ExternalLink, Globe, Mail, MessageSquare, RefreshCw, ShieldCheck, Star, Trash2, XCircle } from 'lucide-react';
import { CHAT_NEEDS_VERIFIED_DOMAIN, type DnsRecord, type Domain, type VerifyDomainResponse } from '@console/contract/domains';
import { hasRole } from '@console/contract/roles';
import { errorMessage } from '../../api/client';
import { useCurrentBrand } from '../../session/hooks';
import { Badge } from '../../ui/Badge';
import { confirmAction } from '../../ui/confirm';
import { CopyButton } from '../../ui/CopyButton';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { SlideOver } from '../../ui/SlideOver';
import { LoadingState, Spinner } from '../../ui/Spinner';
import { notify } from '../../ui/toast';
import {
  useAddDomain,
  useConfigureEmail,
  useDnsProviders,
  useDomainRecords,
  useDomains,
  useEnableChat,
  useRemoveDomain,
  useSetPrimaryDomain,
  useVerifyDomain,
} from './domains-api';

/** SPEC §5 and §8 texts of the domain list and drawer. */
export const DOMAIN_TEXT = {
  removeConfirm: 'Are you sure you want to remove this domain?',
  addFailed: 'Failed to add domain. Please try again.',
  removeFailed: 'Failed to remove domain. Please try again.',
  setPrimaryFailed: (reason: string) => `Failed to set primary domain: ${reason}`,
  configureFailed: (reason: string) => `Failed to configure email: ${reason}`,
  enableChatFailed: (reason: string) => `Failed to enable chat email: ${reason}`,
  verifyFailedDefault: 'Verification failed',
  setPrimaryOk: 'Domain set as primary!',
  configureOk: 'Email DNS configured successfully!',
  verifyOk: 'Domain verified successfully!',
  enableChatOk: (format: string) => `Chat email enabled! ${format}`,
  loadFailed: 'Failed to load domains. Please try again.',
} as const;

const MANUAL = 'manual';

/** The email format a chat-enabled domain receives (CONTRACT §Mail). */
export function chatEmailFormat(domain: Pick<Domain, 'domain' | 'chat_subdomain'>): string {
  return `{conversation_id}@${domain.chat_subdomain || 'chat'}.${domain.domain}`;
}

export interface DomainsSectionProps {
  /** The brand whose domains are shown; defaults to the selected brand. */
  brandId?: string;
}

/** Settings → domain list with add and remove, and the domain detail drawer (SPEC §2). */
export function DomainsSection({ brandId: brandIdProp }: DomainsSectionProps = {}) {
  const current = useCurrentBrand();
  const brandId = brandIdProp ?? (current && 'role' in current ? current.id : null);
  const role = current && 'role' in current && current.id === brandId ? current.role : null;
  if (!brandId) return null;
  return <DomainList key={brandId} brandId={brandId} canManage={role !== null && hasRole(role, 'admin')} />;
}

function DomainList({ brandId, canManage }: { brandId: string; canManage: boolean }) {
  const domains = useDomains(brandId);
  const add = useAddDomain(brandId);
  const remove = useRemoveDomain(brandId);
  const [name, setName] = useState('');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = domains.data?.find((d) => d.id === selectedId) ?? null;
  const trimmed = name.trim();

  function onAdd(event: FormEvent) {
    event.preventDefault();
    if (!trimmed || add.isPending) return;
    add.mutate(trimmed, {
      onSuccess: () => setName(''),
      onError: () => notify(DOMAIN_TEXT.addFailed, 'error'),
    });
  }

  async function onRemove(domain: Domain) {
    if (!(await confirmAction(DOMAIN_TEXT.removeConfirm))) return;
    remove.mutate(domain.id, {
      onSuccess: () => setSelectedId((id) => (id === domain.id ? null : id)),
      onError: () => notify(DOMAIN_TEXT.removeFailed, 'error'),
    });
  }

  return (
    <section aria-labelledby="domains-heading" className="space-y-3">
      <div className="flex items-center gap-2">
        <Globe aria-hidden="true" size={18} className="text-slate-500" />
        <h3 id="domains-heading" className="text-sm font-semibold text-slate-900">
          Domains
        </h3>
      </div>

      {canManage && (
        <form onSubmit={onAdd} className="flex gap-2">
          <label htmlFor="add-domain" className="sr-only">
            Domain name
          </label>
          <input
            id="add-domain"
            className="input min-w-0 flex-1"
            placeholder="example.com"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          <button type="submit" className="btn btn-primary shrink-0" disabled={!trimmed || add.isPending}>
            {add.isPending ? <Spinner size={14} label="Adding" className="text-white" /> : null}
            Add Domain
          </button>
        </form>
      )}

      {domains.isPending ? (
        <LoadingState label="Loading domains" />
      ) : domains.isError ? (
        <ErrorState message={DOMAIN_TEXT.loadFailed} onRetry={() => void domains.refetch()} />
      ) : domains.data.length === 0 ? (
        <EmptyState icon={Globe} title="No domains yet" description={canManage ? 'Add a domain to verify it and use it for email.' : undefined} />
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {domains.data.map((domain) => (
            <li key={domain.id} className="flex items-center gap-2 px-3 py-2.5">
              <button
                type="button"
                onClick={() => setSelectedId(domain.id)}
                className="min-w-0 flex-1 rounded-md text-left"
                aria-label={`Open ${domain.domain}`}
              >
                <span className="flex min-w-0 items-center gap-1.5">
                  {domain.is_primary && <Star aria-label="Primary domain" size={14} className="shrink-0 fill-amber-400 text-amber-500" />}
                  <span className="truncate text-sm font-medium text-slate-900 hover:text-blue-700">{domain.domain}</span>
                </span>
                <span className="mt-1 flex flex-wrap items-center gap-1.5">
                  <DomainStatus domain={domain} />
                  {domain.chat_email_enabled && <Badge tone="blue">Chat email</Badge>}
                  {domain.email_configured && <Badge tone="purple">Email DNS</Badge>}
                </span>
              </button>
              {canManage && (
                <button
                  type="button"
                  className="btn-icon size-8 shrink-0 text-slate-400 hover:text-red-600"
                  aria-label={`Remove ${domain.domain}`}
                  disabled={remove.isPending && remove.variables === domain.id}
                  onClick={() => void onRemove(domain)}
                >
                  <Trash2 aria-hidden="true" size={16} />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}

      <SlideOver
        open={selected !== null}
        onClose={() => setSelectedId(null)}
        title={selected?.domain ?? ''}
        subtitle={selected ? <DomainStatus domain={selected} /> : null}
        footer={
          selected ? (
            <>
              <a href={`https://${selected.domain}`} target="_blank" rel="noopener noreferrer" className="btn btn-secondary">
                <ExternalLink aria-hidden="true" size={14} />
                Visit Domain
              </a>
              <button type="button" className="btn btn-primary" onClick={() => setSelectedId(null)}>
                Close
              </button>
            </>
          ) : null
        }
      >
        {selected && <DomainDetail key={selected.id} brandId={brandId} domain={selected} canManage={canManage} />}
      </SlideOver>
    </section>
  );
}

function DomainStatus({ domain }: { domain: Domain }) {
  return domain.verified ? (
    <Badge tone="green">
      <CheckCircle2 aria-hidden="true" size={12} />
      Verified
    </Badge>
  ) : (
    <Badge tone="yellow">Unverified</Badge>
  );
}

function Section({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <section className="space-y-2 border-b border-slate-100 pb-4 last:border-b-0">
      <h4 className="flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wide text-slate-500">
        {icon}
        {title}
      </h4>
      {children}
    </section>
  );
}

function CopyableValue({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <div className="text-xs text-slate-500">{label}</div>
      <div className="mt-0.5 flex items-center gap-2">
        <code className="min-w-0 flex-1 break-all rounded bg-slate-100 px-2 py-1 font-mono text-xs text-slate-800">{value}</code>
        <CopyButton text={value} iconOnly label={`Copy ${label.toLowerCase()}`} />
      </div>
    </div>
  );
}

function DomainDetail({ brandId, domain, canManage }: { brandId: string; domain: Domain; canManage: boolean }) {
  const providers = useDnsProviders(brandId);
  const records = useDomainRecords(brandId, domain.id);
  const setPrimary = useSetPrimaryDomain(brandId);
  const verify = useVerifyDomain(brandId);
  const configure = useConfigureEmail(brandId);
  const enableChat = useEnableChat(brandId);
  const [providerChoice, setProviderChoice] = useState<string | null>(null);

  const connected = providers.data ?? [];
  const provider = providerChoice ?? (connected.some((p) => p.provider_name === domain.provider) ? domain.provider : MANUAL);
  const providerName = connected.find((p) => p.provider_name === provider)?.display_name ?? provider;
  const failure: VerifyDomainResponse | undefined = verify.data && !verify.data.verified ? verify.data : undefined;
  const recordName = `_console-verify.${domain.domain}`;

  function onSetPrimary() {
    if (domain.is_primary) return;
    setPrimary.mutate(domain.id, {
      onSuccess: () => notify(DOMAIN_TEXT.setPrimaryOk, 'success'),
      onError: (error) => notify(DOMAIN_TEXT.setPrimaryFailed(errorMessage(error)), 'error'),
    });
  }

  function onVerify() {
    verify.mutate(
      { domainId: domain.id, method: provider === MANUAL ? 'txt_record' : 'provider_sync' },
      {
        onSuccess: (result) => {
          if (result.verified) notify(DOMAIN_TEXT.verifyOk, 'success');
        },
      },
    );
  }

  function onConfigure() {
    configure.mutate(domain.id, {
      onSuccess: () => notify(DOMAIN_TEXT.configureOk, 'success'),
      onError: (error) => notify(DOMAIN_TEXT.configureFailed(errorMessage(error)), 'error'),
    });
  }

  function onEnableChat() {
    if (!domain.verified) {
      notify(CHAT_NEEDS_VERIFIED_DOMAIN, 'error');
      return;
    }
    enableChat.mutate(domain.id, {
      onSuccess: (result) => notify(DOMAIN_TEXT.enableChatOk(result.email_format), 'success'),
      onError: (error) => notify(DOMAIN_TEXT.enableChatFailed(errorMessage(error)), 'error'),
    });
  }

  return (
    <div className="space-y-4">
      <Section title="Status" icon={<ShieldCheck aria-hidden="true" size={14} />}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="flex items-center gap-2 text-sm text-slate-700">
            <DomainStatus domain={domain} />
            {domain.verified_at && <span className="text-xs text-slate-500">since {new Date(domain.verified_at).toLocaleDateString('en-US')}</span>}
          </div>
          <button
            type="button"
            onClick={onSetPrimary}
            disabled={!canManage || domain.is_primary || setPrimary.isPending}
            aria-pressed={domain.is_primary}
            aria-label={domain.is_primary ? 'Primary domain' : 'Set as primary domain'}
            title={domain.is_primary ? 'Primary domain' : 'Set as primary domain'}
            className="btn btn-ghost px-2 disabled:opacity-100"
          >
            <Star aria-hidden="true" size={18} className={domain.is_primary ? 'fill-amber-400 text-amber-500' : 'text-slate-400'} />
            <span className="text-sm">{domain.is_primary ? 'Primary' : 'Set primary'}</span>
          </button>
        </div>
        <label className="block">
          <span className="field-label">Provider</span>
          <select className="input" value={provider} onChange={(e) => setProviderChoice(e.target.value)} disabled={!canManage || domain.verified}>
            <option value={MANUAL}>Manual</option>
            {connected.map((p) => (
              <option key={p.id} value={p.provider_name}>
                {p.display_name}
              </option>
            ))}
          </select>
        </label>
      </Section>

      {!domain.verified && (
        <Section title="Verification" icon={<ShieldCheck aria-hidden="true" size={14} />}>
          {provider === MANUAL ? (
            <>
              <p className="text-sm text-slate-600">Add this TXT record at your DNS provider, then verify.</p>
              <div className="space-y-2 rounded-lg border border-slate-200 p-3">
                <div className="text-xs text-slate-500">
                  Type <span className="font-mono text-slate-800">TXT</span>
                </div>
                <CopyableValue label="Name" value={recordName} />
                <CopyableValue label="Value" value={domain.verification_token} />
              </div>
            </>
          ) : (
            <p className="text-sm text-slate-600">
              The verification record will be created in your {providerName} account, then checked in DNS.
            </p>
          )}
          {canManage && (
            <button type="button" className="btn btn-primary w-full sm:w-auto" onClick={onVerify} disabled={verify.isPending}>
              {verify.isPending ? <Spinner size={14} label="Verifying" className="text-white" /> : <RefreshCw aria-hidden="true" size={14} />}
              {provider === MANUAL ? 'Verify Domain' : `Sync with ${providerName}`}
            </button>
          )}
          {verify.isError && (
            <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
              <p className="font-medium">{DOMAIN_TEXT.verifyFailedDefault}</p>
              <p className="mt-1 break-words">{errorMessage(verify.error)}</p>
            </div>
          )}
          {failure && (
            <div role="alert" className="space-y-1 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
              <p className="font-medium">{failure.message || DOMAIN_TEXT.verifyFailedDefault}</p>
              {failure.error && <p className="break-words">{failure.error}</p>}
              <p className="break-words text-red-700">{failure.instructions.text}</p>
            </div>
          )}
        </Section>
      )}

      <Section title="Chat email" icon={<MessageSquare aria-hidden="true" size={14} />}>
        {domain.chat_email_enabled ? (
          <>
            <p className="text-sm text-slate-600">Emails to a conversation address reach that conversation.</p>
            <CopyableValue label="Email format" value={chatEmailFormat(domain)} />
          </>
        ) : (
          <>
            <p className="text-sm text-slate-600">
              Receive email replies in conversations at <span className="font-mono text-xs">{chatEmailFormat(domain)}</span>.
            </p>
            {canManage && (
              <button type="button" className="btn btn-secondary" onClick={onEnableChat} disabled={enableChat.isPending}>
                {enableChat.isPending && <Spinner size={14} label="Enabling" />}
                Enable Chat Email
              </button>
            )}
          </>
        )}
      </Section>

      <Section title="Email DNS" icon={<Mail aria-hidden="true" size={14} />}>
        <p className="text-sm text-slate-600">
          {domain.email_configured
            ? 'Publish these MX, SPF, DKIM and DMARC records at your DNS provider.'
            : 'Create MX, SPF, DKIM and DMARC records so mail to this domain reaches the inbox.'}
        </p>
        {canManage && (
          <button type="button" className="btn btn-secondary" onClick={onConfigure} disabled={configure.isPending}>
            {configure.isPending ? <Spinner size={14} label="Configuring" /> : <RefreshCw aria-hidden="true" size={14} />}
            {domain.email_configured ? 'Re-check Records' : 'Configure Email DNS'}
          </button>
        )}
      </Section>

      <Section title="DNS records" icon={<Globe aria-hidden="true" size={14} />}>
        {records.isPending ? (
          <LoadingState label="Loading records" className="min-h-16" />
        ) : records.isError ? (
          <ErrorState message="Failed to load DNS records. Please try again." onRetry={() => void records.refetch()} className="py-4" />
        ) : (
          <ul className="space-y-2">
            {records.data.map((record) => (
              <DnsRecordItem key={`${record.purpose}-${record.name}`} record={record} />
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}

const PURPOSE_LABEL: Record<DnsRecord['purpose'], string> = {
  verification: 'Verification',
  mx: 'MX',
  spf: 'SPF',
  dkim: 'DKIM',
  dmarc: 'DMARC',
};

function DnsRecordItem({ record }: { record: DnsRecord }) {
  return (
    <li className="rounded-lg border border-slate-200 p-3" data-testid="dns-record">
      <div className="mb-2 flex items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <Badge tone="neutral" className="font-mono">
            {record.type}
          </Badge>
          <span className="text-xs font-medium text-slate-700">{PURPOSE_LABEL[record.purpose]}</span>
          {record.priority !== null && <span className="text-xs text-slate-500">Priority {record.priority}</span>}
        </div>
        {record.verified ? (
          <Badge tone="green">
            <CheckCircle2 aria-hidden="true" size={12} />
            Verified
          </Badge>
        ) : (
          <Badge tone="neutral">
            <XCircle aria-hidden="true" size={12} />
            Not found
          </Badge>
        )}
      </div>
      <div className="space-y-1.5">
        <CopyableValue label="Name" value={record.name} />
        <CopyableValue label="Content" value={record.content} />
      </div>
    </li>
  );
}
