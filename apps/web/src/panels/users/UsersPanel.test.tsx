import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TeamMember } from '@console/contract/users';
import { jsonResponse, renderWithApp, TEST_BRANDS, testUser } from '../../test-utils';
import { UsersPanel } from './UsersPanel';
import { teamTotals } from './user-display';

const OWNER_BRAND = TEST_BRANDS[0].id;
const VIEWER_BRAND = TEST_BRANDS[2].id;
const ME = testUser().id;

function member(overrides: Partial<TeamMember>): TeamMember {
  return { id: 'm-' + (overrides.user_id ?? 'x'), user_id: 'x', brand_id: OWNER_BRAND, name: 'Someone', email: 'someone@example.test', role: 'viewer', is_super_admin: false, created_at: '2026-10-01T00:00:00.000Z', ...overrides };
}

const TEAM = [
  member({ user_id: ME, name: 'Dana Demo', email: 'demo@example.com', role: 'owner' }),
  member({ user_id: 'u-owner2', name: 'Olive Owner', role: 'owner' }),
  member({ user_id: 'u-admin', name: 'Maya Lin', role: 'admin' }),
  member({ user_id: 'u-none', name: 'Nora Norole', role: null }),
];

function stubUsers(handler: (method: string, url: URL, body: unknown) => Response | undefined) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${url.pathname}${url.search}`);
      return handler(method, url, init?.body ? JSON.parse(String(init.body)) : undefined) ?? jsonResponse({ users: TEAM, trend: 0 });
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

const row = (name: string) => screen.getAllByTestId('member-row').find((r) => r.textContent?.includes(name))!;

describe('UsersPanel', () => {
  it('counts members, owners and admins', () => {
    expect(teamTotals(TEAM)).toEqual({ members: 4, owners: 2, admins: 1 });
  });

  it("marks the caller '(You)', labels a missing role 'member' and hides remove for oneself and owners", async () => {
    stubUsers(() => undefined);
    renderWithApp(<UsersPanel />);
    await screen.findAllByTestId('member-row');
    expect(screen.getByTestId('total-members')).toHaveTextContent('4');
    expect(screen.getByTestId('total-owners')).toHaveTextContent('2');
    expect(screen.getByTestId('total-admins')).toHaveTextContent('1');
    expect(row('Dana Demo')).toHaveTextContent('(You)');
    expect(row('Maya Lin')).not.toHaveTextContent('(You)');
    expect(row('Nora Norole')).toHaveTextContent('member');
    expect(within(row('Dana Demo')).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(within(row('Olive Owner')).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(within(row('Maya Lin')).getByRole('button', { name: 'Remove Maya Lin' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Invite Team Member' })).toBeInTheDocument();
  });

  it('hides Invite and remove from a viewer', async () => {
    stubUsers(() => undefined);
    renderWithApp(<UsersPanel />, { brandId: VIEWER_BRAND });
    await screen.findAllByTestId('member-row');
    expect(screen.queryByRole('button', { name: 'Invite Team Member' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
  });

  it('removes after the confirmation, and shows the failure text when the server refuses', async () => {
    let refuse = false;
    const calls = stubUsers((method) => (method === 'DELETE' ? (refuse ? jsonResponse({ error: 'no', code: 'FORBIDDEN' }, 403) : jsonResponse({ ok: true })) : undefined));
    renderWithApp(<UsersPanel />);
    await screen.findAllByTestId('member-row');
    await userEvent.click(within(row('Maya Lin')).getByRole('button', { name: 'Remove Maya Lin' }));
    expect(screen.getByText('Are you sure you want to remove this user from the brand?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(calls).toContain(`DELETE /api/v1/support/brands/${OWNER_BRAND}/users/u-admin`));

    refuse = true;
    await userEvent.click(within(row('Nora Norole')).getByRole('button', { name: 'Remove Nora Norole' }));
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Failed to remove user. Please try again.')).toBeInTheDocument();
  });

  it('opens the invite dialog, which only says it is coming soon', async () => {
    const calls = stubUsers(() => undefined);
    renderWithApp(<UsersPanel />);
    await screen.findAllByTestId('member-row');
    await userEvent.click(screen.getByRole('button', { name: 'Invite Team Member' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite Team Member' });
    expect(within(dialog).getAllByRole('option').map((o) => o.textContent)).toEqual(['viewer', 'editor', 'admin']);
    const before = calls.length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Invite' }));
    expect(await screen.findByText('Invite functionality coming soon!')).toBeInTheDocument();
    expect(calls.length).toBe(before);
  });

  it('assigns a role in the drawer: Save disabled until chosen, failure text on refusal', async () => {
    let refuse = false;
    const calls = stubUsers((method) => (method === 'POST' ? (refuse ? jsonResponse({ error: 'no', code: 'FORBIDDEN' }, 403) : jsonResponse(TEAM[2])) : undefined));
    renderWithApp(<UsersPanel />);
    await screen.findAllByTestId('member-row');
    await userEvent.click(within(row('Maya Lin')).getByText('Maya Lin'));
    const drawer = await screen.findByRole('dialog', { name: 'Maya Lin' });
    const radios = within(drawer).getAllByRole('radio');
    expect(radios.map((r) => (r as HTMLInputElement).value)).toEqual(['super_admin', 'admin', 'agent', 'viewer']);
    const save = within(drawer).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    refuse = true;
    await userEvent.click(within(drawer).getByRole('radio', { name: /Agent/ }));
    expect(save).toBeEnabled();
    await userEvent.click(save);
    expect(await screen.findByText('Failed to update role. Please try again.')).toBeInTheDocument();
    expect(calls).toContain(`POST /api/v1/users/u-admin/roles?brand_id=${OWNER_BRAND}`);
  });

  it('shows the load error with Try again', async () => {
    stubUsers(() => jsonResponse({ error: 'x', code: 'INTERNAL' }, 500));
    renderWithApp(<UsersPanel />);
    expect(await screen.findByText('Failed to load users. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
