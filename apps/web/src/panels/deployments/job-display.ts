import type { Job } from '@console/contract/mesh';

/** SPEC §2, §8: the Deployments panel's texts. */
export const JOB_TEXT = {
  empty: 'No deployment jobs',
  loadFailed: 'Failed to load jobs. Please try again.',
  noPackage: '—',
} as const;

/** What a job works on: its package, else the model or container named in its payload. */
export function jobSubject(job: Pick<Job, 'package_name' | 'payload'>): string {
  if (job.package_name) return job.package_name;
  const p = job.payload ?? {};
  for (const key of ['model', 'image', 'name'] as const) {
    if (typeof p[key] === 'string' && p[key]) return p[key] as string;
  }
  return JOB_TEXT.noPackage;
}

/** Pretty JSON for the result and payload blocks; '—' when there is nothing. */
export function formatJson(value: unknown): string {
  if (value === null || value === undefined) return JOB_TEXT.noPackage;
  if (typeof value === 'object' && Object.keys(value as object).length === 0) return '{}';
  return JSON.stringify(value, null, 2);
}
