import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Invoice, Subscription, Usage } from '@console/contract/billing';
import { jsonResponse, renderWithApp } from '../../test-utils';
import { BillingPanel } from './BillingPanel';
import { formatBytes, invoiceBadge, usagePercent } from './usage';

const SUBSCRIPTION: Subscription = {
  plan: 'Professional',
  amount: 1299.5,
  currency: 'USD',
  status: 'active',
  billing_cycle: 'monthly',
  started_at: '2026-04-10T13:00:00.000Z',
  current_period_start: '2026-11-01T00:00:00.000Z',
  current_period_end: '2026-12-01T12:00:00.000Z',
  next_billing_date: '2026-12-01T12:00:00.000Z',
  payment_method: { brand: 'Visa', last4: '4242', exp_month: 8, exp_year: 2028 },
};

const USAGE: Usage = {
  api_calls: 55_319,
  api_calls_limit: 100_000,
  storage: 1_572_864,
  storage_limit: 10 * 1024 ** 3,
  emails_sent: 12_500,
  emails_limit: 10_000,
  devices: 3,
  devices_limit: 25,
  period_start: '2026-11-01T00:00:00.000Z',
  period_end: '2026-12-01T00:00:00.000Z',
};

function invoice(i: number, status: string): Invoice {
  return {
    id: `inv-${i}`,
    number: `INV-2026${String(12 - i).padStart(2, '0')}-ABCD`,
    status,
    date: `2026-${String(12 - i).padStart(2, '0')}-01T12:00:00.000Z`,
    due_date: '2026-12-15T00:00:00.000Z',
    created_at: '2026-11-10T00:00:00.000Z',
    amount: 99,
    currency: 'USD',
    plan: 'Professional',
    period_start: '2026-11-01T00:00:00.000Z',
    period_end: '2026-11-30T00:00:00.000Z',
  };
}

const INVOICES = [invoice(0, 'draft'), invoice(1, 'paid'), invoice(2, 'overdue'), invoice(3, 'pending'), invoice(4, 'refunded'), invoice(5, 'paid'), invoice(6, 'paid')];

function fakeApi(overrides: { subscription?: Subscription | null; fail?: boolean } = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    if (overrides.fail) return jsonResponse({ error: 'boom', code: 'INTERNAL' }, 500);
    if (url.pathname === '/api/v1/billing/subscription') return jsonResponse(overrides.subscription === undefined ? SUBSCRIPTION : overrides.subscription);
    if (url.pathname === '/api/v1/billing/usage') return jsonResponse(USAGE);
    if (url.pathname === '/api/v1/billing/invoices') return jsonResponse({ invoices: INVOICES });
    return jsonResponse({ error: 'not found', code: 'NOT_FOUND' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('BillingPanel', () => {
  it('shows the plan with its amount in USD (en-US) and the next billing date', async () => {
    fakeApi();
    renderWithApp(<BillingPanel />);
    const plan = await screen.findByRole('region', { name: 'Current plan' });
    await waitFor(() => expect(within(plan).getByTestId('plan-amount')).toHaveTextContent('$1,299.50'));
    expect(within(plan).getByTestId('plan-name')).toHaveTextContent('Professional');
    expect(within(plan).getByText(/Next billing date: Dec 1, 2026/)).toBeInTheDocument();
  });

  it('draws the usage bars against the limits, capped at 100%', async () => {
    fakeApi();
    renderWithApp(<BillingPanel />);
    const api = await screen.findByRole('progressbar', { name: 'API Calls' });
    expect(api).toHaveAttribute('aria-valuenow', '55');
    expect(screen.getByText('55,319 / 100,000')).toBeInTheDocument();
    expect(screen.getByText('1.5 MB / 10 GB')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Emails Sent' })).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByRole('progressbar', { name: 'Devices' })).toHaveAttribute('aria-valuenow', '12');
  });

  it('lists at most 5 invoices, unknown statuses as Draft, and download only announces it is coming', async () => {
    fakeApi();
    const user = userEvent.setup();
    renderWithApp(<BillingPanel />);
    const list = await screen.findByRole('list', { name: 'Invoices' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(5);
    expect(rows.map((r) => within(r).getByText(/Paid|Pending|Overdue|Draft/).textContent)).toEqual(['Draft', 'Paid', 'Overdue', 'Pending', 'Draft']);
    expect(within(rows[1]).getByText('$99.00')).toBeInTheDocument();
    await user.click(within(rows[0]).getByRole('button', { name: /Download/ }));
    expect(await screen.findByText('Download invoice feature coming soon!')).toBeInTheDocument();
  });

  it('shows the card on file and the enterprise upsell', async () => {
    fakeApi();
    renderWithApp(<BillingPanel />);
    expect(await screen.findByText('Visa •••• 4242')).toBeInTheDocument();
    expect(screen.getByText('Expires 08/2028')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Enterprise plan' })).toHaveTextContent('$499.00');
  });

  it("falls back to the 'Professional' label when the plan is empty, and hides the upsell on Enterprise", async () => {
    fakeApi({ subscription: { ...SUBSCRIPTION, plan: '', payment_method: null } });
    const first = renderWithApp(<BillingPanel />);
    await waitFor(() => expect(screen.getByTestId('plan-amount')).toHaveTextContent('$1,299.50'));
    expect(screen.getByTestId('plan-name')).toHaveTextContent('Professional');
    expect(screen.getByText('No payment method on file')).toBeInTheDocument();
    first.unmount();
    vi.unstubAllGlobals();
    fakeApi({ subscription: { ...SUBSCRIPTION, plan: 'Enterprise' } });
    renderWithApp(<BillingPanel />);
    await waitFor(() => expect(screen.getByTestId('plan-name')).toHaveTextContent('Enterprise'));
    expect(screen.queryByRole('region', { name: 'Enterprise plan' })).toBeNull();
  });

  it('only logs load failures', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeApi({ fail: true });
    renderWithApp(<BillingPanel />);
    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to load usage', expect.anything()));
    expect(error).toHaveBeenCalledWith('Failed to load subscription', expect.anything());
    expect(error).toHaveBeenCalledWith('Failed to load invoices', expect.anything());
    expect(screen.queryByRole('alert')).toBeNull();
    error.mockRestore();
  });

  it("says 'No brand selected' without a brand", () => {
    fakeApi();
    renderWithApp(<BillingPanel />, { brandId: null });
    expect(screen.getByText('No brand selected')).toBeInTheDocument();
  });
});

describe('usage helpers', () => {
  it('formats bytes and percentages', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(10 * 1024 ** 3)).toBe('10 GB');
    expect(usagePercent(5, 0)).toBe(0);
    expect(usagePercent(150, 100)).toBe(100);
    expect(usagePercent(1, 3)).toBe(33);
  });

  it('shows unknown invoice statuses as draft', () => {
    expect(invoiceBadge('paid')).toEqual({ label: 'Paid', tone: 'green' });
    expect(invoiceBadge('void')).toEqual({ label: 'Draft', tone: 'neutral' });
  });
});
