import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Job } from '@console/contract/mesh';
import { jsonResponse, renderWithApp, signInForTest, TEST_BRANDS } from '../../test-utils';
import { useBadge } from './badge';
import { DeploymentsPanel } from './DeploymentsPanel';
import { formatJson, jobSubject } from './job-display';

const BRAND = TEST_BRANDS[0].id;

function job(overrides: Partial<Job>): Job {
  return {
    id: '8d5c2a4e-0000-4000-8000-000000000001',
    brand_id: BRAND,
    action: 'deploy_container',
    status: 'completed',
    package_id: 'p1',
    package_name: 'PostgreSQL 16.6-alpine',
    device_id: 'dev-1',
    device_name: 'db-primary',
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:02:00.000Z',
    started_at: '2026-11-20T10:00:10.000Z',
    completed_at: '2026-11-20T10:02:00.000Z',
    error: null,
    result: { container_id: '71aa9d3c0e55' },
    payload: { image: 'postgres:16.6-alpine', name: 'postgres' },
    ...overrides,
  };
}

function stubJobs(answer: () => Response) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      urls.push(url.pathname + url.search);
      return answer();
    }),
  );
  return urls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('job display', () => {
  it('names a job by its package, else the model or image of its payload', () => {
    expect(jobSubject({ package_name: 'Grafana 11.3.1', payload: {} })).toBe('Grafana 11.3.1');
    expect(jobSubject({ package_name: null, payload: { model: 'llama3.1:8b' } })).toBe('llama3.1:8b');
    expect(jobSubject({ package_name: null, payload: { name: 'node-red' } })).toBe('node-red');
    expect(jobSubject({ package_name: null, payload: {} })).toBe('—');
    expect(formatJson(null)).toBe('—');
    expect(formatJson({ a: 1 })).toBe('{\n  "a": 1\n}');
  });
});

describe('DeploymentsPanel', () => {
  it('lists jobs with their action label and status', async () => {
    stubJobs(() =>
      jsonResponse({
        jobs: [job({}), job({ id: 'j2', action: 'pull_model', status: 'failed', package_name: null, payload: { model: 'llama3.1:70b' }, error: 'no space left on device' })],
        pagination: { page: 1, limit: 100, total: 2 },
      }),
    );
    renderWithApp(<DeploymentsPanel />);
    const rows = await screen.findAllByTestId('job-row');
    expect(within(rows[0]).getByText('deploy_container')).toBeInTheDocument();
    expect(within(rows[0]).getByText('completed')).toBeInTheDocument();
    expect(within(rows[1]).getByText('pull_model')).toBeInTheDocument();
    expect(within(rows[1]).getByText('failed')).toBeInTheDocument();
    expect(within(rows[1]).getByText('llama3.1:70b')).toBeInTheDocument();
  });

  it('opens the detail slide-over and clears it 300 ms after closing', async () => {
    stubJobs(() => jsonResponse({ jobs: [job({ error: 'port is already allocated' })], pagination: { page: 1, limit: 100, total: 1 } }));
    renderWithApp(<DeploymentsPanel />);
    await userEvent.click(await screen.findByTestId('job-row'));
    const detail = await screen.findByTestId('job-detail');
    for (const text of ['8d5c2a4e-0000-4000-8000-000000000001', 'PostgreSQL 16.6-alpine', 'db-primary', 'port is already allocated']) {
      expect(within(detail).getByText(text)).toBeInTheDocument();
    }
    expect(within(detail).getByText(/"container_id": "71aa9d3c0e55"/)).toBeInTheDocument();
    expect(within(detail).getByText(/"image": "postgres:16.6-alpine"/)).toBeInTheDocument();

    vi.useFakeTimers();
    act(() => screen.getByRole('button', { name: 'Close' }).click());
    act(() => vi.advanceTimersByTime(299));
    expect(screen.getByTestId('job-detail')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('job-detail')).not.toBeInTheDocument();
  });

  it("shows 'No deployment jobs' when there are none", async () => {
    stubJobs(() => jsonResponse({ jobs: [], pagination: { page: 1, limit: 100, total: 0 } }));
    renderWithApp(<DeploymentsPanel />);
    expect(await screen.findByText('No deployment jobs')).toBeInTheDocument();
  });

  it("shows 'Failed to load jobs. Please try again.' on a load failure", async () => {
    stubJobs(() => jsonResponse({ error: 'Internal server error', code: 'INTERNAL' }, 500));
    renderWithApp(<DeploymentsPanel />);
    expect(await screen.findByText('Failed to load jobs. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('refreshes the jobs every 10 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const urls = stubJobs(() => jsonResponse({ jobs: [job({})], pagination: { page: 1, limit: 100, total: 1 } }));
    renderWithApp(<DeploymentsPanel />);
    await screen.findByTestId('job-row');
    expect(urls).toEqual([`/api/v1/mesh/jobs?brand_id=${BRAND}`]);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    await waitFor(() => expect(urls).toHaveLength(2));
  });
});

describe('deployments badge', () => {
  it('counts the running jobs of the selected brand', async () => {
    const urls = stubJobs(() => jsonResponse({ count: 3, total: 40, trend: 0 }));
    signInForTest();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useBadge(), { wrapper });
    await waitFor(() => expect(result.current).toBe(3));
    expect(urls).toEqual([`/api/v1/jobs/count?brand_id=${BRAND}&status=running`]);
  });
});
