import type { ReactNode } from 'react';
import { Building2, CreditCard, Download, FileText, Gauge, Sparkles } from 'lucide-react';
import { PLANS, type Usage } from '@console/contract/billing';
import { DEFAULT_PLAN_LABEL } from '@console/contract/limits';
import { isAllBrands, useCurrentBrand } from '../../session/hooks';
import { Badge } from '../../ui/Badge';
import { EmptyState } from '../../ui/EmptyState';
import { formatCurrency, formatDate, formatNumber } from '../../ui/format';
import { Spinner } from '../../ui/Spinner';
import { notify } from '../../ui/toast';
import { useRecentInvoices, useSubscription, useUsage } from './api';
import { formatBytes, invoiceBadge, usagePercent, usageTone } from './usage';

/** SPEC §8 texts of the Billing panel. */
export const BILLING_TEXT = {
  noBrand: 'No brand selected',
  downloadSoon: 'Download invoice feature coming soon!',
  noInvoices: 'No invoices yet',
  noPaymentMethod: 'No payment method on file',
} as const;

/** Billing panel (SPEC §2): plan, usage this month, payment method, recent invoices, enterprise upsell. */
export function BillingPanel() {
  const brand = useCurrentBrand();
  if (!brand || isAllBrands(brand)) return <EmptyState icon={CreditCard} title={BILLING_TEXT.noBrand} />;
  return <Billing key={brand.id} brandId={brand.id} />;
}

function Billing({ brandId }: { brandId: string }) {
  const subscription = useSubscription(brandId);
  const usage = useUsage(brandId);
  const invoices = useRecentInvoices(brandId);
  const plan = subscription.data?.plan || DEFAULT_PLAN_LABEL;
  const card = subscription.data?.payment_method;

  return (
    <div className="space-y-5 p-4">
      <section aria-label="Current plan" className="rounded-xl bg-gradient-to-br from-blue-600 to-indigo-700 p-4 text-white shadow-sm">
        <div className="flex items-start justify-between gap-3">
          <div>
            <p className="text-xs font-medium tracking-wide text-blue-100 uppercase">Current Plan</p>
            <p className="mt-1 text-2xl font-semibold" data-testid="plan-name">
              {plan}
            </p>
          </div>
          {subscription.data && <span className="rounded-full bg-white/15 px-2.5 py-0.5 text-xs font-medium capitalize">{subscription.data.status}</span>}
        </div>
        <div className="mt-3 flex flex-wrap items-end justify-between gap-2">
          <p>
            <span className="text-xl font-semibold" data-testid="plan-amount">
              {subscription.data ? formatCurrency(subscription.data.amount) : subscription.isPending ? '…' : '—'}
            </span>
            <span className="text-sm text-blue-100"> /month</span>
          </p>
          {subscription.data && <p className="text-xs text-blue-100">Next billing date: {formatDate(subscription.data.next_billing_date)}</p>}
        </div>
      </section>

      <Section title="Usage This Month" icon={<Gauge aria-hidden="true" size={16} />}>
        {usage.isPending ? (
          <div className="flex justify-center py-4">
            <Spinner label="Loading usage" />
          </div>
        ) : usage.data ? (
          <UsageBars usage={usage.data} />
        ) : null}
      </Section>

      <Section title="Payment Method" icon={<CreditCard aria-hidden="true" size={16} />}>
        <div className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white px-3 py-2.5">
          <span className="flex h-8 w-12 shrink-0 items-center justify-center rounded-md bg-slate-800 text-[10px] font-bold tracking-wide text-white uppercase">
            {card ? card.brand.slice(0, 4) : <CreditCard aria-hidden="true" size={16} />}
          </span>
          {card ? (
            <div className="min-w-0">
              <p className="text-sm font-medium text-slate-900">
                {card.brand} •••• {card.last4}
              </p>
              <p className="text-xs text-slate-500">
                Expires {String(card.exp_month).padStart(2, '0')}/{card.exp_year}
              </p>
            </div>
          ) : (
            <p className="text-sm text-slate-500">{subscription.isPending ? '…' : BILLING_TEXT.noPaymentMethod}</p>
          )}
        </div>
      </Section>

      <Section title="Recent Invoices" icon={<FileText aria-hidden="true" size={16} />}>
        {invoices.isPending ? (
          <div className="flex justify-center py-4">
            <Spinner label="Loading invoices" />
          </div>
        ) : !invoices.data || invoices.data.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 px-3 py-4 text-center text-sm text-slate-500">{BILLING_TEXT.noInvoices}</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white" aria-label="Invoices">
            {invoices.data.map((invoice) => {
              const badge = invoiceBadge(invoice.status);
              return (
                <li key={invoice.id} className="flex items-center gap-3 px-3 py-2.5">
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium text-slate-900">{invoice.number}</p>
                    <p className="text-xs text-slate-500">{formatDate(invoice.date)}</p>
                  </div>
                  <div className="flex shrink-0 flex-col items-end gap-1">
                    <span className="text-sm font-medium text-slate-900 tabular-nums">{formatCurrency(invoice.amount)}</span>
                    <Badge tone={badge.tone}>{badge.label}</Badge>
                  </div>
                  <button
                    type="button"
                    className="btn-icon size-8 shrink-0"
                    aria-label={`Download ${invoice.number}`}
                    title="Download"
                    onClick={() => notify(BILLING_TEXT.downloadSoon)}
                  >
                    <Download aria-hidden="true" size={16} />
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </Section>

      {plan !== 'Enterprise' && <EnterpriseUpsell />}
    </div>
  );
}

function Section({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <section className="space-y-2.5" aria-label={title}>
      <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <span className="text-slate-500">{icon}</span>
        {title}
      </h3>
      {children}
    </section>
  );
}

/** Usage bars: API calls, storage, emails sent and devices against the plan's limits. */
export function UsageBars({ usage }: { usage: Usage }) {
  const rows = [
    { label: 'API Calls', used: usage.api_calls, limit: usage.api_calls_limit, format: formatNumber },
    { label: 'Storage', used: usage.storage, limit: usage.storage_limit, format: formatBytes },
    { label: 'Emails Sent', used: usage.emails_sent, limit: usage.emails_limit, format: formatNumber },
    { label: 'Devices', used: usage.devices, limit: usage.devices_limit, format: formatNumber },
  ];
  return (
    <ul className="space-y-3 rounded-lg border border-slate-200 bg-white p-3">
      {rows.map((row) => {
        const percent = usagePercent(row.used, row.limit);
        return (
          <li key={row.label}>
            <div className="flex items-baseline justify-between gap-2 text-sm">
              <span className="font-medium text-slate-700">{row.label}</span>
              <span className="text-xs text-slate-500 tabular-nums">
                {row.format(row.used)} / {row.format(row.limit)}
              </span>
            </div>
            <div
              className="mt-1.5 h-2 overflow-hidden rounded-full bg-slate-100"
              role="progressbar"
              aria-label={row.label}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
            >
              <div className={`h-full rounded-full ${usageTone(percent)}`} style={{ width: `${percent}%` }} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function EnterpriseUpsell() {
  const enterprise = PLANS.Enterprise;
  return (
    <section aria-label="Enterprise plan" className="rounded-xl border border-indigo-200 bg-indigo-50 p-4">
      <div className="flex items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-indigo-600 text-white">
          <Building2 aria-hidden="true" size={18} />
        </span>
        <div className="min-w-0">
          <h3 className="flex items-center gap-1.5 text-sm font-semibold text-indigo-950">
            Upgrade to Enterprise
            <Sparkles aria-hidden="true" size={14} className="text-indigo-500" />
          </h3>
          <p className="mt-1 text-sm text-indigo-900/80">
            {formatNumber(enterprise.limits.api_calls)} API calls, {formatBytes(enterprise.limits.storage)} storage, {formatNumber(enterprise.limits.emails)} emails
            and {formatNumber(enterprise.limits.devices)} devices a month, with SSO and priority support.
          </p>
          <p className="mt-2 text-sm font-semibold text-indigo-950">
            {formatCurrency(enterprise.price)}
            <span className="font-normal text-indigo-900/70"> /month</span>
          </p>
        </div>
      </div>
    </section>
  );
}
