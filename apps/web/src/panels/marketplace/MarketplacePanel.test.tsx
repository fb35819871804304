import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Package } from '@console/contract/marketplace';
import { jsonResponse, renderWithApp, TEST_BRANDS } from '../../test-utils';
import { MarketplacePanel } from './MarketplacePanel';
import { formatDownloads, versionLabel } from './package-display';

const BRAND = TEST_BRANDS[0].id;

const PKG: Package = {
  id: 'b920a573-8169-5187-8539-dce61c73e9ff',
  name: 'PostgreSQL 17.2',
  description: "The world's most advanced open source relational database. Image postgres:17.2.",
  version: '17.2.0',
  downloads: 14809578,
  category: 'database',
  size: '150 MB',
  kind: 'container',
  source: 'postgres:17.2',
};
const MODEL: Package = { ...PKG, id: 'm1', name: 'Llama 3.1 8B', category: 'ai', kind: 'model', source: 'llama3.1:8b', version: '3.1.0', size: '4.9 GB', downloads: 437182 };

interface Stub {
  devices?: Array<{ id: string; device_name: string }>;
  install?: 'ok' | 'fail';
}

function stubMarket({ devices = [{ id: 'dev-1', device_name: 'gpu-node-01' }], install = 'ok' }: Stub = {}) {
  const calls: Array<{ method: string; url: string; body?: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push({ method: init?.method ?? 'GET', url: url.pathname + url.search, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url.pathname === '/api/v1/marketplace/packages') {
        const category = url.searchParams.get('category');
        const packages = [PKG, MODEL].filter((p) => !category || p.category === category);
        return jsonResponse({ packages, pagination: { page: 1, limit: 60, total: packages.length }, catalog_total: 819, category_counts: { ai: 525, database: 109, infrastructure: 96, security: 38, monitoring: 51 } });
      }
      if (url.pathname === '/api/v1/devices') return jsonResponse({ devices });
      if (url.pathname === '/api/v1/marketplace/installed') return jsonResponse({ installed: [] });
      if (url.pathname.endsWith('/install')) return install === 'ok' ? jsonResponse({ id: 'job-1', status: 'pending' }, 201) : jsonResponse({ error: 'Internal server error', code: 'INTERNAL' }, 500);
      return jsonResponse({ error: 'not found', code: 'NOT_FOUND' }, 404);
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('package display', () => {
  it('defaults the version to 1.0.0 and shortens download counts', () => {
    expect(versionLabel(null)).toBe('v1.0.0');
    expect(versionLabel('16.6.0')).toBe('v16.6.0');
    expect(formatDownloads(14_809_578)).toBe('14.8M');
    expect(formatDownloads(437_182)).toBe('437.2K');
    expect(formatDownloads(812)).toBe('812');
  });
});

describe('MarketplacePanel', () => {
  it('states the real catalog size in the header and shows cards with Install', async () => {
    stubMarket();
    renderWithApp(<MarketplacePanel />);
    expect(await screen.findByText('819 MESH packages')).toBeInTheDocument();
    const cards = await screen.findAllByTestId('package-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByText('PostgreSQL 17.2')).toBeInTheDocument();
    expect(within(cards[0]).getByText('v17.2.0')).toBeInTheDocument();
    expect(within(cards[0]).getByRole('button', { name: 'Install PostgreSQL 17.2' })).toBeInTheDocument();
  });

  it('filters by category tab on the server', async () => {
    const calls = stubMarket();
    renderWithApp(<MarketplacePanel />);
    await screen.findAllByTestId('package-card');
    await userEvent.click(screen.getByRole('tab', { name: /AI/ }));
    await waitFor(() => expect(screen.getAllByTestId('package-card')).toHaveLength(1));
    expect(calls.some((c) => c.url.includes('category=ai'))).toBe(true);
  });

  it("installs on the brand's first device and says 'Installing <name> to device...'", async () => {
    const calls = stubMarket({ devices: [{ id: 'dev-1', device_name: 'gpu-node-01' }, { id: 'dev-2', device_name: 'db-primary' }] });
    renderWithApp(<MarketplacePanel />);
    await userEvent.click(await screen.findByRole('button', { name: 'Install PostgreSQL 17.2' }));
    expect(await screen.findByText('Installing PostgreSQL 17.2 to device...')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')).toEqual({ method: 'POST', url: `/api/v1/marketplace/packages/${PKG.id}/install`, body: { device_id: 'dev-1' } });
    expect(calls.some((c) => c.url === `/api/v1/devices?brand_id=${BRAND}`)).toBe(true);
  });

  it("blocks installing with no devices: 'No devices available. Please connect a device first.'", async () => {
    const calls = stubMarket({ devices: [] });
    renderWithApp(<MarketplacePanel />);
    await userEvent.click(await screen.findByRole('button', { name: 'Install PostgreSQL 17.2' }));
    expect(await screen.findByText('No devices available. Please connect a device first.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("says 'Failed to install package. Please try again.' when the install fails", async () => {
    stubMarket({ install: 'fail' });
    renderWithApp(<MarketplacePanel />);
    await userEvent.click(await screen.findByRole('button', { name: 'Install PostgreSQL 17.2' }));
    expect(await screen.findByText('Failed to install package. Please try again.')).toBeInTheDocument();
  });

  it('opens a detail modal from a card, with Install', async () => {
    stubMarket();
    renderWithApp(<MarketplacePanel />);
    await userEvent.click(await screen.findByText('Llama 3.1 8B'));
    const detail = await screen.findByTestId('package-detail');
    expect(within(detail).getByText('llama3.1:8b')).toBeInTheDocument();
    expect(within(detail).getByText('4.9 GB')).toBeInTheDocument();
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Install' }));
    expect(await screen.findByText('Installing Llama 3.1 8B to device...')).toBeInTheDocument();
  });
});
