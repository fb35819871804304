import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProviderConnection } from '@console/contract/providers';
import { jsonResponse, renderWithApp, TEST_BRANDS } from '../../test-utils';
import { ProviderConnections } from './ProviderConnections';

const OWNER_BRAND = TEST_BRANDS[0].id;
const VIEWER_BRAND = TEST_BRANDS[2].id;

const OPENAI: ProviderConnection = {
  id: 'c1',
  brand_id: OWNER_BRAND,
  provider_name: 'openai',
  display_name: 'OpenAI',
  provider_type: 'llm',
  health_status: 'unhealthy',
  health_message: 'Authentication failed (HTTP 401)',
  last_checked_at: '2026-11-10T12:00:00.000Z',
  fields: [{ name: 'api_key', value: '••••••••mnop', secret: true }],
  created_at: '2026-11-10T12:00:00.000Z',
  updated_at: '2026-11-10T12:00:00.000Z',
};

function fakeApi(connections: ProviderConnection[]) {
  let list = [...connections];
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${url.pathname}`);
      if (method === 'GET' && url.pathname === '/api/v1/user/providers') return jsonResponse({ providers: list });
      if (method === 'POST' && url.pathname === '/api/v1/user/providers/c1/check') {
        list = list.map((c) => ({ ...c, health_status: 'healthy' as const, health_message: null }));
        return jsonResponse(list[0]);
      }
      if (method === 'DELETE' && url.pathname === '/api/v1/user/providers/c1') {
        list = [];
        return jsonResponse({ ok: true });
      }
      return jsonResponse({ error: 'not found', code: 'NOT_FOUND' }, 404);
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('ProviderConnections', () => {
  it('lists connections with health, the reason of a failed check and masked values only', async () => {
    fakeApi([OPENAI]);
    renderWithApp(<ProviderConnections />);
    const row = (await screen.findByText('OpenAI')).closest('li')!;
    expect(within(row).getByText('Unhealthy')).toBeInTheDocument();
    expect(within(row).getByText('Authentication failed (HTTP 401)')).toBeInTheDocument();
    expect(row).toHaveTextContent('api_key: ••••••••mnop');
  });

  it('lets an owner re-check and disconnect (after confirming)', async () => {
    const calls = fakeApi([OPENAI]);
    const user = userEvent.setup();
    renderWithApp(<ProviderConnections />);
    await user.click(await screen.findByRole('button', { name: 'Re-check OpenAI' }));
    await waitFor(() => expect(screen.getByText('Healthy')).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Disconnect OpenAI' }));
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    expect(await screen.findByText('No providers connected')).toBeInTheDocument();
    expect(calls).toContain('DELETE /api/v1/user/providers/c1');
  });

  it('hides the actions from a viewer', async () => {
    fakeApi([{ ...OPENAI, brand_id: VIEWER_BRAND }]);
    renderWithApp(<ProviderConnections />, { brandId: VIEWER_BRAND });
    await screen.findByText('OpenAI');
    expect(screen.queryByRole('button', { name: /Disconnect/ })).toBeNull();
  });
});
