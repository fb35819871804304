import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DnsRecord, Domain } from '@console/contract/domains';
import { jsonResponse, renderWithApp, TEST_BRANDS } from '../../test-utils';
import { DomainsSection } from './DomainsSection';

const BRAND = TEST_BRANDS[0].id;
const VIEWER_BRAND = TEST_BRANDS[2].id;

function domain(overrides: Partial<Domain> & Pick<Domain, 'id' | 'domain'>): Domain {
  return {
    brand_id: BRAND,
    domain_name: overrides.domain,
    status: overrides.verified ? 'verified' : 'pending',
    provider: 'manual',
    verified: false,
    verified_at: null,
    is_primary: false,
    chat_email_enabled: false,
    chat_subdomain: 'chat',
    email_configured: false,
    verification_token: `console-verify=${overrides.id.slice(0, 8)}`,
    created_at: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

const PRIMARY = domain({ id: 'aaaaaaaa-0000-4000-8000-000000000001', domain: 'acme.example', verified: true, status: 'verified', verified_at: '2026-11-02T10:00:00.000Z', is_primary: true });
const PENDING = domain({ id: 'bbbbbbbb-0000-4000-8000-000000000002', domain: 'support.acme.example' });

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** An in-memory stand-in for the domain API, answering what the component fetches. */
function fakeApi(opts: { domains?: Domain[]; fail?: Record<string, { status: number; error: string }>; verify?: object; cloudflare?: boolean } = {}) {
  let domains = [...(opts.domains ?? [PRIMARY, PENDING])];
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path: url.pathname, body });
    const key = `${method} ${url.pathname}`;
    const failure = Object.entries(opts.fail ?? {}).find(([k]) => key.startsWith(k))?.[1];
    if (failure) return jsonResponse({ error: failure.error, code: 'CONFLICT' }, failure.status);

    if (url.pathname === '/api/v1/user/providers') {
      return jsonResponse({
        providers: opts.cloudflare ? [{ id: 'p1', brand_id: BRAND, provider_name: 'cloudflare', display_name: 'Cloudflare', provider_type: 'dns', health_status: 'healthy' }] : [],
      });
    }
    if (key === `GET /api/v1/support/brands/${url.pathname.split('/')[5]}/domains`) return jsonResponse({ domains });
    if (method === 'POST' && url.pathname.endsWith('/domains')) {
      const created = domain({ id: 'cccccccc-0000-4000-8000-000000000003', domain: (body as { domain: string }).domain });
      domains = [...domains, created];
      return jsonResponse(created, 201);
    }
    const match = /^\/api\/v1\/support\/domains\/([^/]+)(?:\/(.+))?$/.exec(url.pathname);
    if (match) {
      const [, id, action] = match;
      const d = domains.find((x) => x.id === id)!;
      if (method === 'DELETE') {
        domains = domains.filter((x) => x.id !== id);
        return jsonResponse({ ok: true });
      }
      if (action === 'records') {
        const records: DnsRecord[] = [
          { purpose: 'verification', type: 'TXT', name: `_console-verify.${d.domain}`, content: d.verification_token, priority: null, verified: d.verified, checked_at: null },
        ];
        return jsonResponse({ records });
      }
      if (action === 'set-primary') {
        domains = domains.map((x) => ({ ...x, is_primary: x.id === id }));
        return jsonResponse({ message: 'Domain set as primary!', domain: domains.find((x) => x.id === id) });
      }
      if (action === 'verify') {
        return jsonResponse(
          opts.verify ?? {
            verified: false,
            message: 'Verification failed',
            method: (body as { method: string }).method,
            error: `No TXT record found at _console-verify.${d.domain}.`,
            verification_token: d.verification_token,
            instructions: { type: 'TXT', name: `_console-verify.${d.domain}`, value: d.verification_token, text: 'Add a TXT record named X with the value Y.' },
            domain: d,
          },
        );
      }
      if (action === 'enable-chat') {
        domains = domains.map((x) => (x.id === id ? { ...x, chat_email_enabled: true } : x));
        return jsonResponse({ message: 'Chat email enabled!', email_format: `{conversation_id}@chat.${d.domain}`, domain: d });
      }
    }
    return jsonResponse({ error: 'not found', code: 'NOT_FOUND' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

beforeEach(() => {
  vi.stubGlobal('open', vi.fn());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function openDrawer(name: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Open ${name}` }));
  return screen.findByRole('dialog');
}

describe('DomainsSection list', () => {
  it('lists the domains with their status and the primary star', async () => {
    fakeApi();
    renderWithApp(<DomainsSection />);
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByText('acme.example')).toBeInTheDocument();
    expect(within(items[0]).getByLabelText('Primary domain')).toBeInTheDocument();
    expect(within(items[0]).getByText('Verified')).toBeInTheDocument();
    expect(within(items[1]).getByText('Unverified')).toBeInTheDocument();
    expect(within(items[1]).queryByLabelText('Primary domain')).not.toBeInTheDocument();
  });

  it('keeps Add disabled while the name is empty or blank, and while adding', async () => {
    const { calls } = fakeApi();
    renderWithApp(<DomainsSection />);
    const add = await screen.findByRole('button', { name: 'Add Domain' });
    expect(add).toBeDisabled();
    const input = screen.getByLabelText('Domain name');
    await userEvent.type(input, '   ');
    expect(add).toBeDisabled();
    await userEvent.type(input, ' new.example.com ');
    expect(add).toBeEnabled();
    await userEvent.click(add);
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/domains'))).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ domain: 'new.example.com' });
    await waitFor(() => expect(input).toHaveValue(''));
    expect(await screen.findByText('new.example.com')).toBeInTheDocument();
  });

  it("shows 'Failed to add domain. Please try again.' when the add fails", async () => {
    fakeApi({ fail: { [`POST /api/v1/support/brands/${BRAND}/domains`]: { status: 409, error: 'This domain has already been added.' } } });
    renderWithApp(<DomainsSection />);
    await userEvent.type(await screen.findByLabelText('Domain name'), 'acme.example');
    await userEvent.click(screen.getByRole('button', { name: 'Add Domain' }));
    expect(await screen.findByText('Failed to add domain. Please try again.')).toBeInTheDocument();
  });

  it('removes a domain only after the confirmation', async () => {
    const { calls } = fakeApi();
    renderWithApp(<DomainsSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove support.acme.example' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('Are you sure you want to remove this domain?');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Remove support.acme.example' }));
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByText('support.acme.example')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`/api/v1/support/domains/${PENDING.id}`]);
  });

  it("shows 'Failed to remove domain. Please try again.' when the removal fails", async () => {
    fakeApi({ fail: { 'DELETE ': { status: 500, error: 'Internal server error' } } });
    renderWithApp(<DomainsSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove support.acme.example' }));
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Failed to remove domain. Please try again.')).toBeInTheDocument();
  });

  it('offers no add or remove to a viewer', async () => {
    fakeApi({ domains: [{ ...PRIMARY, brand_id: VIEWER_BRAND }] });
    renderWithApp(<DomainsSection />, { brandId: VIEWER_BRAND });
    expect(await screen.findByText('acme.example')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Domain' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
  });
});

describe('DomainsSection drawer', () => {
  it('shows an unverified domain with provider Manual and the copyable TXT record', async () => {
    fakeApi();
    renderWithApp(<DomainsSection />);
    const drawer = await openDrawer('support.acme.example');
    expect(within(drawer).getByRole('heading', { name: 'support.acme.example' })).toBeInTheDocument();
    expect(within(drawer).getByLabelText('Provider')).toHaveDisplayValue('Manual');
    expect(within(drawer).getAllByText('_console-verify.support.acme.example').length).toBeGreaterThan(0);
    expect(within(drawer).getAllByText(PENDING.verification_token).length).toBeGreaterThan(0);
    expect(within(drawer).getAllByRole('button', { name: 'Copy name' }).length).toBeGreaterThan(0);
    expect(within(drawer).getByRole('link', { name: 'Visit Domain' })).toHaveAttribute('href', 'https://support.acme.example');
    await userEvent.click(within(drawer).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the server message, the error and the instructions inline when verification fails', async () => {
    const { calls } = fakeApi();
    renderWithApp(<DomainsSection />);
    const drawer = await openDrawer('support.acme.example');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Verify Domain' }));
    const alert = await within(drawer).findByRole('alert');
    expect(alert).toHaveTextContent('Verification failed');
    expect(alert).toHaveTextContent('No TXT record found at _console-verify.support.acme.example.');
    expect(alert).toHaveTextContent('Add a TXT record named X with the value Y.');
    expect(calls.find((c) => c.path.endsWith('/verify'))?.body).toEqual({ method: 'txt_record' });
  });

  it("falls back to 'Verification failed' when the server sends no message", async () => {
    fakeApi({
      verify: {
        verified: false,
        message: '',
        method: 'txt_record',
        error: 'DNS look-up of TXT x timed out after 3000 ms.',
        verification_token: PENDING.verification_token,
        instructions: { type: 'TXT', name: 'n', value: 'v', text: 'Publish it.' },
        domain: PENDING,
      },
    });
    renderWithApp(<DomainsSection />);
    const drawer = await openDrawer('support.acme.example');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Verify Domain' }));
    const alert = await within(drawer).findByRole('alert');
    expect(alert).toHaveTextContent('Verification failed');
    expect(alert).toHaveTextContent('timed out after 3000 ms');
  });

  it("announces 'Domain verified successfully!' when the record is found", async () => {
    fakeApi({
      verify: {
        verified: true,
        message: 'Domain verified successfully!',
        method: 'txt_record',
        error: null,
        verification_token: PENDING.verification_token,
        instructions: { type: 'TXT', name: 'n', value: 'v', text: 't' },
        domain: { ...PENDING, verified: true, status: 'verified' },
      },
    });
    renderWithApp(<DomainsSection />);
    const drawer = await openDrawer('support.acme.example');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Verify Domain' }));
    expect(await screen.findByText('Domain verified successfully!')).toBeInTheDocument();
  });

  it('syncs through a connected DNS provider when one is chosen', async () => {
    const { calls } = fakeApi({ cloudflare: true });
    renderWithApp(<DomainsSection />);
    const drawer = await openDrawer('support.acme.example');
    const select = within(drawer).getByLabelText('Provider');
    await within(drawer).findByRole('option', { name: 'Cloudflare' });
    await userEvent.selectOptions(select, 'cloudflare');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Sync with Cloudflare' }));
    await waitFor(() => expect(calls.find((c) => c.path.endsWith('/verify'))?.body).toEqual({ method: 'provider_sync' }));
  });

  it('blocks chat email on an unverified domain with the SPEC message, without calling the server', async () => {
    const { calls } = fakeApi();
    renderWithApp(<DomainsSection />);
    const drawer = await openDrawer('support.acme.example');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Enable Chat Email' }));
    expect(await screen.findByText('Please verify the domain first before enabling chat email.')).toBeInTheDocument();
    expect(calls.some((c) => c.path.endsWith('/enable-chat'))).toBe(false);
  });

  it('enables chat email on a verified domain and shows the email format', async () => {
    fakeApi();
    renderWithApp(<DomainsSection />);
    const drawer = await openDrawer('acme.example');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Enable Chat Email' }));
    expect(await screen.findByText('Chat email enabled! {conversation_id}@chat.acme.example')).toBeInTheDocument();
    expect(await within(drawer).findByText('{conversation_id}@chat.acme.example')).toBeInTheDocument();
  });

  it("shows 'Failed to enable chat email: <reason>' when the server refuses", async () => {
    fakeApi({ fail: { 'POST /api/v1/support/domains/aaaaaaaa': { status: 409, error: 'Nope' } } });
    renderWithApp(<DomainsSection />);
    const drawer = await openDrawer('acme.example');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Enable Chat Email' }));
    expect(await screen.findByText('Failed to enable chat email: Nope')).toBeInTheDocument();
  });

  it("sets a domain primary with the star: 'Domain set as primary!', or the server error", async () => {
    fakeApi({ domains: [PRIMARY, { ...PENDING, verified: true, status: 'verified' }] });
    renderWithApp(<DomainsSection />);
    const drawer = await openDrawer('support.acme.example');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Set as primary domain' }));
    expect(await screen.findByText('Domain set as primary!')).toBeInTheDocument();
    expect(await within(drawer).findByRole('button', { name: 'Primary domain' })).toBeDisabled();
  });

  it("shows 'Failed to set primary domain: <server error>' when refused", async () => {
    fakeApi({ fail: { 'POST /api/v1/support/domains/bbbbbbbb-0000-4000-8000-000000000002/set-primary': { status: 409, error: 'Please verify the domain first before setting it as primary.' } } });
    renderWithApp(<DomainsSection />);
    const drawer = await openDrawer('support.acme.example');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Set as primary domain' }));
    expect(await screen.findByText('Failed to set primary domain: Please verify the domain first before setting it as primary.')).toBeInTheDocument();
  });

  it("shows 'Failed to configure email: <reason>' when configuring fails", async () => {
    fakeApi({ fail: { 'POST /api/v1/support/domains/aaaaaaaa-0000-4000-8000-000000000001/configure-email': { status: 502, error: 'Upstream failed' } } });
    renderWithApp(<DomainsSection />);
    const drawer = await openDrawer('acme.example');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Configure Email DNS' }));
    expect(await screen.findByText('Failed to configure email: Upstream failed')).toBeInTheDocument();
  });

  it('lists the DNS records with their verified state', async () => {
    fakeApi();
    renderWithApp(<DomainsSection />);
    const drawer = await openDrawer('acme.example');
    const record = await within(drawer).findByTestId('dns-record');
    expect(record).toHaveTextContent('TXT');
    expect(record).toHaveTextContent('_console-verify.acme.example');
    expect(within(record).getByText('Verified')).toBeInTheDocument();
  });
});
