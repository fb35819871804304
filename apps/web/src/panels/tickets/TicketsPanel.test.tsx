import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Ticket } from '@console/contract/tickets';
import { jsonResponse, renderWithApp, TEST_BRANDS } from '../../test-utils';
import { NotificationBadge } from '../../ui/NotificationBadge';
import { useBadge } from './badge';
import { TicketsPanel } from './TicketsPanel';
import { filterTickets, priorityLabel, shortId, subjectLabel } from './ticket-display';

const BRAND = TEST_BRANDS[0].id;

function ticket(overrides: Partial<Ticket>): Ticket {
  return {
    id: 'a1b2c3d4-0000-4000-8000-000000000001',
    brand_id: BRAND,
    subject: 'Robot arm stops mid-cycle',
    description: null,
    status: 'open',
    priority: 'high',
    customer_email: 'ops@foundry.example',
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

function stubTickets(answer: () => Response) {
  const urls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      urls.push(new URL(String(input), 'http://localhost'));
      return answer();
    }),
  );
  return urls;
}

afterEach(() => vi.unstubAllGlobals());

describe('ticket display helpers', () => {
  it('shows the first 8 characters of the id and the SPEC defaults', () => {
    expect(shortId('a1b2c3d4-0000-4000-8000-000000000001')).toBe('a1b2c3d4');
    expect(priorityLabel({ priority: null })).toBe('normal');
    expect(priorityLabel({ priority: 'urgent' })).toBe('urgent');
    expect(subjectLabel({ subject: null })).toBe('No subject');
    expect(subjectLabel({ subject: '  ' })).toBe('No subject');
  });

  it('matches subject, id and status, ignoring case', () => {
    const list = [ticket({ id: 'aaaa1111-x', subject: 'Printer jam', status: 'open' }), ticket({ id: 'bbbb2222-y', subject: 'VPN', status: 'pending' })];
    expect(filterTickets(list, 'printer').map((t) => t.id)).toEqual(['aaaa1111-x']);
    expect(filterTickets(list, 'BBBB2').map((t) => t.id)).toEqual(['bbbb2222-y']);
    expect(filterTickets(list, 'pend').map((t) => t.id)).toEqual(['bbbb2222-y']);
    expect(filterTickets(list, '')).toHaveLength(2);
  });
});

describe('TicketsPanel', () => {
  it('loads page 1 of 50 open tickets and shows short id, defaults, email and status', async () => {
    const urls = stubTickets(() =>
      jsonResponse({ tickets: [ticket({ priority: null, subject: null }), ticket({ id: 'ffff0000-1111-4000-8000-000000000002' })], pagination: { page: 1, limit: 50, total: 2 } }),
    );
    renderWithApp(<TicketsPanel />);
    const rows = await screen.findAllByTestId('ticket-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('#a1b2c3d4');
    expect(rows[0]).not.toHaveTextContent('a1b2c3d4-0000');
    expect(rows[0]).toHaveTextContent('normal');
    expect(rows[0]).toHaveTextContent('No subject');
    expect(rows[0]).toHaveTextContent('ops@foundry.example');
    expect(rows[0]).toHaveTextContent('open');
    expect(rows[0]).toHaveTextContent('Nov 20, 2026');
    const q = urls[0].searchParams;
    expect(urls[0].pathname).toBe('/api/v1/tickets');
    expect([q.get('brand_id'), q.get('page'), q.get('limit'), q.get('status')]).toEqual([BRAND, '1', '50', 'open']);
  });

  it("says 'No tickets found' when the search matches nothing and 'No tickets yet' when empty", async () => {
    stubTickets(() => jsonResponse({ tickets: [ticket({})], pagination: { page: 1, limit: 50, total: 1 } }));
    const { unmount } = renderWithApp(<TicketsPanel />);
    await screen.findByTestId('ticket-row');
    await userEvent.type(screen.getByPlaceholderText('Search tickets...'), 'submarine');
    expect(screen.getByText('No tickets found')).toBeInTheDocument();
    unmount();

    stubTickets(() => jsonResponse({ tickets: [], pagination: { page: 1, limit: 50, total: 0 } }));
    renderWithApp(<TicketsPanel />);
    expect(await screen.findByText('No tickets yet')).toBeInTheDocument();
  });

  it('shows the load error with Try again, which reloads', async () => {
    let fail = true;
    stubTickets(() => (fail ? jsonResponse({ error: 'boom', code: 'INTERNAL' }, 500) : jsonResponse({ tickets: [ticket({})], pagination: { page: 1, limit: 50, total: 1 } })));
    renderWithApp(<TicketsPanel />);
    expect(await screen.findByText('Failed to load tickets. Please try again.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('ticket-row')).toBeInTheDocument();
  });

  it("says 'No brand selected' without a brand", () => {
    stubTickets(() => jsonResponse({}));
    renderWithApp(<TicketsPanel />, { brandId: null });
    expect(screen.getByText('No brand selected')).toBeInTheDocument();
  });
});

function BadgeProbe() {
  return <NotificationBadge count={useBadge()} />;
}

describe('tickets badge', () => {
  it("reads pagination.total of a one-row page of open tickets and caps it at '99+'", async () => {
    const urls = stubTickets(() => jsonResponse({ tickets: [ticket({})], pagination: { page: 1, limit: 1, total: 250 } }));
    renderWithApp(<BadgeProbe />);
    await waitFor(() => expect(screen.getByTestId('notification-badge')).toHaveTextContent('99+'));
    expect(urls[0].searchParams.get('limit')).toBe('1');
    expect(urls[0].searchParams.get('status')).toBe('open');
  });
});
