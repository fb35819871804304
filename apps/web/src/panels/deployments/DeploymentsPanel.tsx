import { useState } from 'react';
import { Rocket } from 'lucide-react';
import type { Job } from '@console/contract/mesh';
import { useCurrentBrand } from '../../session/hooks';
import { DetailField } from '../../ui/DetailField';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorState } from '../../ui/ErrorState';
import { RefreshButton } from '../../ui/RefreshButton';
import { SlideOver } from '../../ui/SlideOver';
import { LoadingState } from '../../ui/Spinner';
import { StatusBadge } from '../../ui/StatusBadge';
import { formatDateTime, formatShortDate } from '../../ui/format';
import { useJobs } from './api';
import { JOB_TEXT, formatJson, jobSubject } from './job-display';

/** SPEC §2 Deployments panel: the brand's jobs (refreshed every 10 s) with a detail slide-over. */
export function DeploymentsPanel() {
  const brand = useCurrentBrand();
  const jobs = useJobs(brand?.id);
  const [selectedId, setSelectedId] = useState<string | null>(null);

  if (!brand) return <EmptyState icon={Rocket} title="No brand selected" />;
  const list = jobs.data?.jobs ?? [];
  const selected = list.find((j) => j.id === selectedId) ?? null;

  return (
    <div className="flex flex-col gap-3 p-4">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm text-slate-500">{jobs.data ? `${jobs.data.pagination.total} jobs` : ' '}</p>
        <RefreshButton onRefresh={() => void jobs.refetch()} busy={jobs.isFetching} />
      </div>

      {jobs.isPending ? (
        <LoadingState label="Loading jobs" />
      ) : jobs.isError ? (
        <ErrorState message={JOB_TEXT.loadFailed} onRetry={() => void jobs.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState icon={Rocket} title={JOB_TEXT.empty} />
      ) : (
        <ul className="divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 bg-white" aria-label="Deployment jobs">
          {list.map((job) => (
            <li key={job.id}>
              <button type="button" onClick={() => setSelectedId(job.id)} className="flex w-full flex-col gap-1 px-3 py-3 text-left hover:bg-slate-50 sm:px-4" data-testid="job-row">
                <div className="flex items-center gap-2">
                  <span className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-700">{job.action}</span>
                  <span className="ml-auto shrink-0">
                    <StatusBadge status={job.status} />
                  </span>
                </div>
                <p className="truncate text-sm font-medium text-slate-900">{jobSubject(job)}</p>
                <div className="flex items-center gap-2 text-xs text-slate-500">
                  <span className="truncate">{job.device_name ?? job.device_id}</span>
                  <span className="ml-auto shrink-0">{formatShortDate(job.created_at)}</span>
                </div>
              </button>
            </li>
          ))}
        </ul>
      )}

      <SlideOver open={!!selected} onClose={() => setSelectedId(null)} title={selected ? jobSubject(selected) : ''} subtitle={selected ? <StatusBadge status={selected.status} /> : null}>
        {selected && <JobDetail job={selected} />}
      </SlideOver>
    </div>
  );
}


/** SPEC §2: id, package, device, created, updated, error, result, payload. */
export function JobDetail({ job }: { job: Job }) {
  return (
    <dl className="flex flex-col gap-4" data-testid="job-detail">
      <DetailField label="Job ID">
        <span className="font-mono text-xs">{job.id}</span>
      </DetailField>
      <DetailField label="Action">
        <span className="font-mono text-xs">{job.action}</span>
      </DetailField>
      <DetailField label="Package">{job.package_name ?? JOB_TEXT.noPackage}</DetailField>
      <DetailField label="Device">{job.device_name ?? job.device_id}</DetailField>
      <DetailField label="Created">{formatDateTime(job.created_at)}</DetailField>
      <DetailField label="Updated">{formatDateTime(job.updated_at)}</DetailField>
      <DetailField label="Error">{job.error ? <span className="text-red-700">{job.error}</span> : JOB_TEXT.noPackage}</DetailField>
      <DetailField label="Result">
        <pre className="max-h-60 overflow-auto rounded-md bg-slate-50 p-2 font-mono text-xs whitespace-pre-wrap text-slate-800 [overflow-wrap:anywhere]">{formatJson(job.result)}</pre>
      </DetailField>
      <DetailField label="Payload">
        <pre className="max-h-60 overflow-auto rounded-md bg-slate-50 p-2 font-mono text-xs whitespace-pre-wrap text-slate-800 [overflow-wrap:anywhere]">{formatJson(job.payload)}</pre>
      </DetailField>
    </dl>
  );
}
