import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Activity, ArrowDownRight, ArrowUpRight, Database, Mail, Network, RefreshCw, Rocket, Server, Ticket, UserPlus, Users, type LucideIcon } from 'lucide-react';
import { DASHBOARD_FULL_AT } from '@console/contract/limits';
import { useCurrentBrand } from '../../session/hooks';
import { EmptyState } from '../../ui/EmptyState';
import { formatNumber } from '../../ui/format';
import { notify } from '../../ui/toast';
import { dashboardKeys, useDashboardCount, useHealth, useTeamSummary } from './api';
import { DASHBOARD_TEXT, QUICK_ACTIONS, comingSoon, progressPercent, trendDisplay } from './dashboard-display';

/** SPEC §2 Overview dashboard of the selected brand. */
export function DashboardPanel() {
  const brand = useCurrentBrand();
  const queryClient = useQueryClient();
  const brandId = brand?.id;
  const tickets = useDashboardCount(brandId, 'tickets');
  const unread = useDashboardCount(brandId, 'unread');
  const devices = useDashboardCount(brandId, 'devices');
  const team = useTeamSummary(brandId);
  const refreshing = tickets.isFetching || unread.isFetching || devices.isFetching || team.isFetching;

  if (!brandId) return <EmptyState icon={Activity} title={DASHBOARD_TEXT.noBrand} />;

  function refresh() {
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.all(brandId!) });
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.health });
  }

  const members = team.data?.users.length ?? 0;
  return (
    <div className="flex flex-col gap-5 p-4">
      <div className="flex items-center gap-2">
        <h3 className="min-w-0 flex-1 truncate text-lg font-semibold text-slate-900">{brand?.name || DASHBOARD_TEXT.fallbackTitle}</h3>
        <button type="button" onClick={refresh} className="btn-icon" aria-label="Refresh" title="Refresh">
          <RefreshCw aria-hidden="true" size={18} className={refreshing ? 'animate-spin' : ''} />
        </button>
      </div>

      <div className="grid grid-cols-2 gap-3">
        <StatCard title="Open Tickets" icon={Ticket} loading={tickets.isPending} value={tickets.data?.count ?? 0} total={tickets.data?.total ?? 0} trend={tickets.data?.trend ?? 0} tone="blue" />
        <StatCard title="Unread Emails" icon={Mail} loading={unread.isPending} value={unread.data?.count ?? 0} total={unread.data?.total ?? 0} trend={unread.data?.trend ?? 0} tone="violet" />
        <StatCard title="Devices Online" icon={Server} loading={devices.isPending} value={devices.data?.count ?? 0} total={devices.data?.total ?? 0} trend={devices.data?.trend ?? 0} tone="emerald" />
        <StatCard title="Team Members" icon={Users} loading={team.isPending} value={members} total={members} trend={team.data?.trend ?? 0} tone="amber" />
      </div>

      <Section title="Activity Overview">
        <div className="flex flex-col gap-3">
          <ProgressBar label="Tickets" value={tickets.data?.count ?? 0} fullAt={DASHBOARD_FULL_AT.tickets} color="bg-blue-600" />
          <ProgressBar label="Emails" value={unread.data?.count ?? 0} fullAt={DASHBOARD_FULL_AT.emails} color="bg-violet-600" />
          <ProgressBar label="Devices" value={devices.data?.count ?? 0} fullAt={DASHBOARD_FULL_AT.devices} color="bg-emerald-600" />
        </div>
      </Section>

      <Section title="Recent Activity">
        <p className="py-4 text-center text-sm text-slate-500">{DASHBOARD_TEXT.noActivity}</p>
      </Section>

      <Section title="Quick Actions">
        <div className="grid grid-cols-2 gap-2">
          {QUICK_ACTIONS.map((action) => {
            const Icon = QUICK_ACTION_ICONS[action];
            return (
              <button key={action} type="button" onClick={() => notify(comingSoon(action))} className="btn btn-secondary justify-start">
                <Icon aria-hidden="true" size={16} />
                <span className="truncate">{action}</span>
              </button>
            );
          })}
        </div>
      </Section>

      <SystemHealth />
    </div>
  );
}

const QUICK_ACTION_ICONS: Record<(typeof QUICK_ACTIONS)[number], LucideIcon> = {
  'Create Ticket': Ticket,
  'Send Email': Mail,
  'Deploy Package': Rocket,
  'Invite User': UserPlus,
};

const CARD_TONES = {
  blue: 'bg-blue-50 text-blue-600',
  violet: 'bg-violet-50 text-violet-600',
  emerald: 'bg-emerald-50 text-emerald-600',
  amber: 'bg-amber-50 text-amber-600',
} as const;

export function StatCard({ title, icon: Icon, value, total, trend, tone, loading = false }: { title: string; icon: LucideIcon; value: number; total: number; trend: number; tone: keyof typeof CARD_TONES; loading?: boolean }) {
  const shown = loading ? null : trendDisplay(trend);
  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-lg border border-slate-200 bg-white p-3 shadow-sm" data-testid="stat-card" aria-label={title} role="group">
      <div className="flex items-center justify-between gap-2">
        <span className="truncate text-xs font-medium text-slate-500">{title}</span>
        <span className={`flex size-7 shrink-0 items-center justify-center rounded-md ${CARD_TONES[tone]}`}>
          <Icon aria-hidden="true" size={15} />
        </span>
      </div>
      <div className="flex items-baseline gap-2">
        <span className="text-2xl font-semibold text-slate-900" data-testid="stat-value">
          {loading ? '–' : formatNumber(value)}
        </span>
        {shown && (
          <span
            data-testid="stat-trend"
            className={`inline-flex items-center text-xs font-medium ${shown.direction === 'up' ? 'text-emerald-600' : 'text-red-600'}`}
            aria-label={`${shown.direction === 'up' ? 'Up' : 'Down'} ${shown.text}`}
          >
            {shown.direction === 'up' ? <ArrowUpRight aria-hidden="true" size={14} /> : <ArrowDownRight aria-hidden="true" size={14} />}
            {shown.text}
          </span>
        )}
      </div>
      <span className="truncate text-xs text-slate-500" data-testid="stat-total">
        {loading ? '\u00a0' : `${formatNumber(total)} total`}
      </span>
    </div>
  );
}

export function ProgressBar({ label, value, fullAt, color }: { label: string; value: number; fullAt: number; color: string }) {
  const percent = progressPercent(value, fullAt);
  return (
    <div>
      <div className="mb-1 flex justify-between text-xs">
        <span className="font-medium text-slate-700">{label}</span>
        <span className="text-slate-500">{formatNumber(value)}</span>
      </div>
      <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="h-2 overflow-hidden rounded-full bg-slate-100">
        <div className={`h-full rounded-full ${color}`} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h4 className="mb-3 text-sm font-semibold text-slate-900">{title}</h4>
      {children}
    </section>
  );
}

/** System Health from `GET /api/health`: the SPEC labels when healthy, a visible problem otherwise. */
export function SystemHealth() {
  const health = useHealth();
  const reachable = health.isSuccess;
  const rows: Array<{ label: string; icon: LucideIcon; ok: boolean; good: string; bad: string }> = [
    { label: 'API Status', icon: Activity, ok: reachable && health.data.status === 'ok', good: 'Operational', bad: reachable ? 'Degraded' : 'Unreachable' },
    { label: 'Database', icon: Database, ok: reachable && health.data.database, good: 'Healthy', bad: 'Unavailable' },
    // The mesh agents talk to this API, so the network is connected when the API answers.
    { label: 'MESH Network', icon: Network, ok: reachable, good: 'Connected', bad: 'Disconnected' },
  ];
  return (
    <Section title="System Health">
      <ul className="flex flex-col gap-2">
        {rows.map((row) => {
          const pending = health.isPending;
          return (
            <li key={row.label} className="flex items-center gap-2 text-sm">
              <row.icon aria-hidden="true" size={16} className="text-slate-400" />
              <span className="flex-1 text-slate-700">{row.label}</span>
              <span
                data-testid={`health-${row.label}`}
                className={`inline-flex items-center gap-1.5 text-xs font-medium ${pending ? 'text-slate-400' : row.ok ? 'text-emerald-700' : 'text-red-700'}`}
              >
                <span className={`size-2 rounded-full ${pending ? 'bg-slate-300' : row.ok ? 'bg-emerald-500' : 'bg-red-500'}`} aria-hidden="true" />
                {pending ? 'Checking…' : row.ok ? row.good : row.bad}
              </span>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
