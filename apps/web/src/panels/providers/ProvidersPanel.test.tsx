import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROVIDER_CATEGORIES, providerLogoPath, type MarketplaceProvider, type ProviderCategory, type ProviderConnection } from '@console/contract/providers';
import { jsonResponse, renderWithApp, TEST_BRANDS } from '../../test-utils';
import { allCount, isNearBottom, ProvidersPanel } from './ProvidersPanel';

const BRAND = TEST_BRANDS[0].id;

function provider(i: number, category: ProviderCategory = PROVIDER_CATEGORIES[i % PROVIDER_CATEGORIES.length]): MarketplaceProvider {
  return {
    id: `provider-${i}`,
    name: `Provider ${i}`,
    short_description: `Short ${i}`,
    description: `Long description ${i}`,
    category,
    meta_keywords: 'a,b',
    logo_url: providerLogoPath(`provider-${i}`),
    website: 'https://example.test',
  };
}

const CLOUDFLARE: MarketplaceProvider = { ...provider(0, 'dns'), id: 'cloudflare', name: 'Cloudflare', logo_url: providerLogoPath('cloudflare') };
const TOTAL = 120;
const CATALOG = [CLOUDFLARE, ...Array.from({ length: TOTAL - 1 }, (_, i) => provider(i + 1))];
const COUNTS: Record<ProviderCategory, number> = { dns: 20, cloud: 22, llm: 23, database: 23, auth: 22, communication: 23, devops: 22 };

function connection(name: string, health: ProviderConnection['health_status'] = 'healthy'): ProviderConnection {
  return {
    id: `conn-${name}`,
    brand_id: BRAND,
    provider_name: name,
    display_name: name,
    provider_type: 'dns',
    health_status: health,
    health_message: health === 'unhealthy' ? 'Authentication failed (HTTP 401)' : null,
    last_checked_at: null,
    fields: [],
    created_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-01T00:00:00.000Z',
  };
}

interface Call {
  method: string;
  url: URL;
  body: unknown;
}

function fakeApi(opts: { connections?: ProviderConnection[]; connect?: () => Response } = {}) {
  const calls: Call[] = [];
  const connections = [...(opts.connections ?? [])];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url, body });
    if (url.pathname === '/api/v1/marketplace/providers') {
      const category = url.searchParams.get('category') as ProviderCategory | null;
      const limit = Number(url.searchParams.get('limit'));
      const offset = Number(url.searchParams.get('offset') ?? 0);
      if (category && limit === 1) return jsonResponse({ providers: [provider(0, category)], total: COUNTS[category] });
      return jsonResponse({ providers: CATALOG.slice(offset, offset + limit), total: CATALOG.length });
    }
    if (url.pathname === '/api/v1/user/providers' && method === 'GET') return jsonResponse({ providers: connections });
    if (url.pathname === '/api/v1/user/providers' && method === 'POST') {
      if (opts.connect) return opts.connect();
      const created = connection((body as { provider_name: string }).provider_name);
      connections.push(created);
      return jsonResponse(created, 201);
    }
    return jsonResponse({ error: 'not found', code: 'NOT_FOUND' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls };
}

afterEach(() => vi.unstubAllGlobals());

describe('ProvidersPanel', () => {
  it('shows the first 50 providers and each category count from its limit=1 call, with All as their sum', async () => {
    const { calls } = fakeApi();
    renderWithApp(<ProvidersPanel />);
    expect(await screen.findByRole('listitem', { name: 'Cloudflare' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Providers' })).getAllByRole('listitem')).toHaveLength(50);
    await waitFor(() => expect(screen.getByTestId('count-all')).toHaveTextContent('155'));
    expect(screen.getByRole('tab', { name: /LLM/ })).toHaveTextContent('LLM23');
    expect(screen.getByRole('tab', { name: /DevOps/ })).toHaveTextContent('DevOps22');
    const countCalls = calls.filter((c) => c.url.searchParams.get('limit') === '1');
    expect(countCalls.map((c) => c.url.searchParams.get('category')).sort()).toEqual([...PROVIDER_CATEGORIES].sort());
  });

  it('marks connected providers Connected and the others with a Connect button', async () => {
    fakeApi({ connections: [connection('cloudflare')] });
    renderWithApp(<ProvidersPanel />);
    const card = await screen.findByRole('listitem', { name: 'Cloudflare' });
    await waitFor(() => expect(within(card).getByText('Connected')).toBeInTheDocument());
    expect(within(card).queryByRole('button', { name: 'Connect Cloudflare' })).toBeNull();
    expect(within(screen.getByRole('listitem', { name: 'Provider 1' })).getByRole('button', { name: 'Connect Provider 1' })).toBeInTheDocument();
  });

  it('loads the next page when scrolled within 100 px of the bottom, and not before', async () => {
    const { calls } = fakeApi();
    renderWithApp(<ProvidersPanel />);
    await screen.findByRole('listitem', { name: 'Cloudflare' });
    const scroller = screen.getByTestId('provider-scroll');
    Object.defineProperty(scroller, 'scrollHeight', { configurable: true, value: 5000 });
    Object.defineProperty(scroller, 'clientHeight', { configurable: true, value: 800 });
    scroller.scrollTop = 4000; // 200 px from the bottom
    fireEvent.scroll(scroller);
    expect(calls.filter((c) => c.url.searchParams.get('offset') === '50')).toHaveLength(0);
    scroller.scrollTop = 4120; // 80 px from the bottom
    fireEvent.scroll(scroller);
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Providers' })).getAllByRole('listitem')).toHaveLength(100));
    expect(calls.filter((c) => c.url.searchParams.get('offset') === '50')).toHaveLength(1);
  });

  it("connects through the modal with the provider's fields and reports '<name> connected successfully!'", async () => {
    const { calls } = fakeApi();
    const user = userEvent.setup();
    renderWithApp(<ProvidersPanel />);
    await user.click(await screen.findByRole('button', { name: 'Connect Cloudflare' }));
    const dialog = screen.getByRole('dialog', { name: 'Connect Cloudflare' });
    await user.type(within(dialog).getByLabelText(/API Token/), 'cf-token-123');
    await user.type(within(dialog).getByLabelText(/Email/), 'ops@example.test');
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText('Cloudflare connected successfully!')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url.searchParams.get('brand_id')).toBe(BRAND);
    expect(post.body).toEqual({ provider_name: 'cloudflare', connection_config: { api_token: 'cf-token-123', email: 'ops@example.test' } });
    const card = screen.getByRole('listitem', { name: 'Cloudflare' });
    await waitFor(() => expect(within(card).getByText('Connected')).toBeInTheDocument());
  });

  it("shows the server's error in the modal, else 'Failed to connect provider'", async () => {
    let response = () => jsonResponse({ error: 'api_key is required', code: 'VALIDATION_ERROR' }, 400);
    fakeApi({ connect: () => response() });
    const user = userEvent.setup();
    renderWithApp(<ProvidersPanel />);
    await user.click(await screen.findByRole('button', { name: 'Connect Provider 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Connect Provider 1' });
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('api_key is required');
    response = () => new Response('upstream exploded', { status: 502 });
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('Failed to connect provider'));
  });

  it("says 'No brand selected' when connecting without a brand, and sends nothing", async () => {
    const { calls } = fakeApi();
    const user = userEvent.setup();
    renderWithApp(<ProvidersPanel />, { brandId: null });
    await user.click(await screen.findByRole('button', { name: 'Connect Cloudflare' }));
    const dialog = screen.getByRole('dialog', { name: 'Connect Cloudflare' });
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('No brand selected');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('only logs a catalog load failure', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ error: 'boom', code: 'INTERNAL' }, 500)));
    renderWithApp(<ProvidersPanel />);
    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to load providers', expect.anything()));
    expect(screen.queryByRole('alert')).toBeNull();
    error.mockRestore();
  });
});

describe('helpers', () => {
  it('isNearBottom is true within 100 px of the bottom only', () => {
    expect(isNearBottom({ scrollHeight: 1000, clientHeight: 400, scrollTop: 500 })).toBe(true);
    expect(isNearBottom({ scrollHeight: 1000, clientHeight: 400, scrollTop: 499 })).toBe(false);
  });

  it('allCount waits for every category', () => {
    expect(allCount({ dns: 1 })).toBeUndefined();
    expect(allCount(COUNTS)).toBe(155);
  });
});
