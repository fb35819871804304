import type { Me, UserBrand } from '@console/contract/auth';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { ConfirmHost } from './ui/confirm';
import { Toaster } from './ui/toast';
import { updateSession } from './session/store';

/** Three demo brands like the seed's demo account: owner, admin, viewer. */
export const TEST_BRANDS: UserBrand[] = [
  { id: '11111111-1111-4111-8111-111111111111', name: 'Acme Robotics', role: 'owner', apiKey: 'bk_test_owner_key_0000000000000000000000000000', domain: null },
  { id: '22222222-2222-4222-8222-222222222222', name: 'Globex Support', role: 'admin', apiKey: 'bk_test_admin_key_0000000000000000000000000000', domain: null },
  { id: '33333333-3333-4333-8333-333333333333', name: 'Initech', role: 'viewer', domain: null },
];

export function testUser(overrides: Partial<Me> = {}): Me {
  return {
    id: '99999999-9999-4999-8999-999999999999',
    name: 'Dana Demo',
    email: 'demo@example.com',
    created_at: '2026-01-01T00:00:00.000Z',
    role: 'user',
    roles: [],
    is_super_admin: false,
    brands: TEST_BRANDS,
    ...overrides,
  };
}

/** Puts the session in the signed-in state (token 'test-token') with the given brand selected. */
export function signInForTest(options: { user?: Me; brandId?: string | null } = {}): Me {
  const user = options.user ?? testUser();
  const brandId = options.brandId === undefined ? (user.brands[0]?.id ?? null) : options.brandId;
  act(() => updateSession({ token: 'test-token', user, status: 'ready', error: null, selectedBrandId: brandId }));
  return user;
}

/**
 * Renders a panel or component the way the app does: signed in (first test brand unless told),
 * a fresh QueryClient without retries, a router, the toast region and the confirm host.
 */
export function renderWithApp(ui: ReactElement, options: { user?: Me; brandId?: string | null; path?: string } = {}): RenderResult & { queryClient: QueryClient } {
  signInForTest(options);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[options.path ?? '/']}>
        {ui}
        <Toaster />
        <ConfirmHost />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

/** A JSON `Response` for stubbing fetch: `vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({tickets: []})))`. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
