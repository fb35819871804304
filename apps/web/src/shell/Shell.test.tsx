import type { Me } from '@console/contract/auth';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../api/query-client';
import { routes } from '../router';
import { getSession, resetSessionFromStorage, updateSession } from '../session/store';

const demo: Me = {
  id: 'u1',
  name: 'Dana Demo',
  email: 'demo@example.com',
  created_at: '2026-01-01T00:00:00.000Z',
  role: 'user',
  roles: [],
  is_super_admin: false,
  brands: [
    { id: 'acme', name: 'Acme Robotics', role: 'owner', domain: null },
    { id: 'globex', name: 'Globex Support', role: 'admin', domain: null },
    { id: 'initech', name: 'Initech', role: 'viewer', domain: null },
  ],
};

/** Renders the routed app signed in; `await` it to wait for the lazy console chunk. */
async function renderSignedIn(user: Me, path = '/') {
  act(() => updateSession({ token: 'tok', user, status: 'ready', selectedBrandId: 'acme' }));
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  if (path !== '/a/b/c') await screen.findByRole('toolbar', { name: 'Panels' }, { timeout: 10_000 });
  return result;
}

describe('Shell', () => {
  beforeEach(() => {
    resetSessionFromStorage();
    // The shell's children (conversation list, panels) load their data; answer with empty data.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: RequestInfo | URL) => {
        const body = String(url).startsWith('/api/v1/conversations') ? [] : {};
        return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
      }),
    );
  });

  afterEach(() => vi.unstubAllGlobals());

  it('shows only the login screen to a visitor without a token', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/some-conversation'] });
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByRole('toolbar', { name: 'Panels' })).not.toBeInTheDocument();
  });

  it('lists the eleven panel icons in SPEC order', async () => {
    await renderSignedIn(demo);
    const buttons = within(screen.getByRole('toolbar', { name: 'Panels' })).getAllByRole('button');
    expect(buttons.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Dashboard',
      'Tickets',
      'Email',
      'Deployments',
      'Knowledge',
      'Devices',
      'Billing',
      'Marketplace',
      'Providers',
      'Users',
      'Settings',
    ]);
  });

  it('opens a panel from its icon, closes it when the active icon is clicked again, and on Escape', async () => {
    const user = userEvent.setup();
    await renderSignedIn(demo);
    await user.click(screen.getByRole('button', { name: 'Tickets' }));
    expect(await screen.findByRole('region', { name: 'Tickets panel' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tickets' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Tickets' }));
    expect(screen.queryByRole('region', { name: 'Tickets panel' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Settings' }));
    expect(await screen.findByRole('region', { name: 'Settings panel' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Settings panel' })).not.toBeInTheDocument();
  });

  it('serves /:conversationId inside the same shell', async () => {
    await renderSignedIn(demo, '/3f1c2b9e-0000-4000-8000-000000000000');
    expect(screen.getByRole('toolbar', { name: 'Panels' })).toBeInTheDocument();
    expect(screen.queryByText('Unexpected Application Error!')).not.toBeInTheDocument();
  });

  it('shows the empty chat state for the selected brand and the user in the sidebar', async () => {
    await renderSignedIn(demo, '/');
    expect(screen.getByText('Welcome to Acme Robotics AI')).toBeInTheDocument();
    expect(screen.getByText('Start a new conversation to begin')).toBeInTheDocument();
    expect(screen.getByText('Dana Demo')).toBeInTheDocument();
    expect(screen.getByText('demo@example.com')).toBeInTheDocument();
    expect(screen.queryByText('Super Admin')).not.toBeInTheDocument();
  });

  it('lists brands with roles in the switcher; the star sets a favorite and selects it', async () => {
    const user = userEvent.setup();
    await renderSignedIn(demo);
    await user.click(screen.getByRole('button', { name: 'Brand: Acme Robotics' }));
    const list = screen.getByRole('group', { name: 'Brands' });
    expect(within(list).getByText('Globex Support')).toBeInTheDocument();
    expect(within(list).getByText('Viewer')).toBeInTheDocument();
    expect(within(list).queryByText('All Brands')).not.toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Set Initech as favorite' }));
    expect(getSession()).toMatchObject({ favoriteBrandId: 'initech', selectedBrandId: 'initech' });
    expect(screen.getByText('Welcome to Initech AI')).toBeInTheDocument();
  });

  it("offers a super admin 'All Brands' and shows the Super Admin badge", async () => {
    const user = userEvent.setup();
    await renderSignedIn({ ...demo, role: 'super_admin', is_super_admin: true });
    expect(screen.getByText('Super Admin')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Brand: Acme Robotics' }));
    await user.click(screen.getByRole('button', { name: /All Brands/ }));
    expect(getSession().selectedBrandId).toBe('all');
    expect(screen.getByText('Welcome to All Brands AI')).toBeInTheDocument();
  });

  it("shows 'Unexpected Application Error!' for an unknown nested route", async () => {
    await renderSignedIn(demo, '/a/b/c');
    expect(screen.getByText('Unexpected Application Error!')).toBeInTheDocument();
  });
});
