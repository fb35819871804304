import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Device } from '@console/contract/mesh';
import { jsonResponse, renderWithApp, signInForTest, TEST_BRANDS } from '../../test-utils';
import { useBadge } from './badge';
import { formatLastSeen } from '../../ui/format';
import { deviceCounts, environmentLabel, isDeviceOnline, isRunningContainer } from './device-display';
import { DevicesPanel } from './DevicesPanel';

const BRAND = TEST_BRANDS[0].id;
const NOW = new Date('2026-11-22T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();

function device(overrides: Partial<Device>): Device {
  return {
    id: 'dev-1',
    brand_id: BRAND,
    device_name: 'gpu-node-01',
    device_type: 'gpu-server',
    environment: null,
    last_seen: ago(30_000),
    ip_address: '10.20.1.11',
    status: 'online',
    agent_version: '1.0.0',
    revoked: false,
    services_count: 1,
    containers_count: 2,
    created_at: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('last-seen text (SPEC §4)', () => {
  it("reads 'Never', 'Just now', 'Nm ago', 'Nh ago' and 'Nd ago' at the boundaries", () => {
    expect(formatLastSeen(null, NOW)).toBe('Never');
    expect(formatLastSeen(ago(59_999), NOW)).toBe('Just now');
    expect(formatLastSeen(ago(60_000), NOW)).toBe('1m ago');
    expect(formatLastSeen(ago(59 * 60_000 + 59_999), NOW)).toBe('59m ago');
    expect(formatLastSeen(ago(60 * 60_000), NOW)).toBe('1h ago');
    expect(formatLastSeen(ago(23 * 3600_000 + 3599_999), NOW)).toBe('23h ago');
    expect(formatLastSeen(ago(24 * 3600_000), NOW)).toBe('1d ago');
    expect(formatLastSeen(ago(12 * 24 * 3600_000), NOW)).toBe('12d ago');
  });
});

describe('online threshold (SPEC §4, §9)', () => {
  it('is online under 5 minutes, offline from 5 minutes, and offline when never seen', () => {
    expect(isDeviceOnline(ago(5 * 60_000 - 1), NOW)).toBe(true);
    expect(isDeviceOnline(ago(5 * 60_000), NOW)).toBe(false);
    expect(isDeviceOnline(null, NOW)).toBe(false);
    expect(isDeviceOnline('not a date', NOW)).toBe(false);
    expect(deviceCounts([{ last_seen: ago(1000) }, { last_seen: ago(6 * 60_000) }, { last_seen: null }], NOW)).toEqual({ online: 1, offline: 2, total: 3 });
  });

  it("defaults the environment to 'Production' and shows running containers as running", () => {
    expect(environmentLabel({ environment: null })).toBe('Production');
    expect(environmentLabel({ environment: '  ' })).toBe('Production');
    expect(environmentLabel({ environment: 'Staging' })).toBe('Staging');
    expect(isRunningContainer('running')).toBe(true);
    expect(isRunningContainer('Up 3 hours')).toBe(true);
    expect(isRunningContainer('exited')).toBe(false);
  });
});

function stubMesh(devices: Device[] | 'error') {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      urls.push(url.pathname + url.search);
      if (url.pathname === '/api/v1/mesh/devices') return devices === 'error' ? jsonResponse({ error: 'boom', code: 'INTERNAL' }, 500) : jsonResponse({ devices });
      if (url.pathname.endsWith('/services')) return jsonResponse({ services: [{ name: 'ollama', port: 11434 }] });
      if (url.pathname.endsWith('/containers')) {
        return jsonResponse({ containers: [{ name: 'ollama', image: 'ollama/ollama:0.5.1', status: 'running' }, { name: 'old', image: 'redis:7.2', status: 'exited' }] });
      }
      return jsonResponse({ error: 'not found', code: 'NOT_FOUND' }, 404);
    }),
  );
  return urls;
}

describe('DevicesPanel', () => {
  it('shows Online, Offline and Total counts and each device with its last-seen text', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    stubMesh([
      device({ id: 'a', device_name: 'gpu-node-01', last_seen: ago(30_000) }),
      device({ id: 'b', device_name: 'db-primary', last_seen: ago(47 * 60_000) }),
      device({ id: 'c', device_name: 'lab-jetson', last_seen: null }),
    ]);
    renderWithApp(<DevicesPanel />);
    const rows = await screen.findAllByTestId('device-row');
    expect(rows.map((r) => within(r).getByTestId('last-seen').textContent)).toEqual(['Just now', '47m ago', 'Never']);
    expect(within(rows[0]).getByText('Online')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Offline')).toBeInTheDocument();
    expect(screen.getByTestId('count-online')).toHaveTextContent('1');
    expect(screen.getByTestId('count-offline')).toHaveTextContent('2');
    expect(screen.getByTestId('count-total')).toHaveTextContent('3');
  });

  it('opens a detail slide-over with type, environment, IP, services and containers, running ones green', async () => {
    stubMesh([device({ id: 'a', environment: null })]);
    renderWithApp(<DevicesPanel />);
    await userEvent.click(await screen.findByTestId('device-row'));
    const detail = await screen.findByTestId('device-detail');
    expect(within(detail).getByText('gpu-server')).toBeInTheDocument();
    expect(within(detail).getByText('Production')).toBeInTheDocument();
    expect(within(detail).getByText('10.20.1.11')).toBeInTheDocument();
    expect(await within(detail).findByText('11434')).toBeInTheDocument();
    const containers = await within(detail).findAllByTestId('container-row');
    expect(within(containers[0]).getByText('running')).toHaveClass('text-emerald-600');
    expect(within(containers[1]).getByText('exited')).not.toHaveClass('text-emerald-600');
  });

  it("shows 'Failed to load devices. Please try again.' with Try again on a load failure", async () => {
    const urls = stubMesh('error');
    renderWithApp(<DevicesPanel />);
    expect(await screen.findByText('Failed to load devices. Please try again.')).toBeInTheDocument();
    const before = urls.length;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(urls.length).toBeGreaterThan(before));
    expect(urls[0]).toBe(`/api/v1/mesh/devices?brand_id=${BRAND}`);
  });

  it('refreshes the list every 10 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const urls = stubMesh([device({})]);
    renderWithApp(<DevicesPanel />);
    await screen.findByTestId('device-row');
    const lists = () => urls.filter((u) => u.startsWith('/api/v1/mesh/devices?')).length;
    expect(lists()).toBe(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    await waitFor(() => expect(lists()).toBe(2));
  });
});

describe('devices badge', () => {
  it('counts the offline devices of the selected brand', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://localhost');
        urls.push(url.pathname + url.search);
        return jsonResponse({ count: 3, total: 5, trend: 0 });
      }),
    );
    signInForTest();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useBadge(), { wrapper });
    await waitFor(() => expect(result.current).toBe(3));
    expect(urls).toEqual([`/api/v1/devices/count?brand_id=${BRAND}&status=offline`]);
  });
});
