import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithApp } from '../../test-utils';
import { DashboardPanel } from './DashboardPanel';
import { progressPercent, trendDisplay } from './dashboard-display';

type Answers = Record<string, () => Response>;

function stubApi(answers: Answers) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      return answers[url.pathname]?.() ?? jsonResponse({ error: 'Not found', code: 'NOT_FOUND' }, 404);
    }),
  );
}

const HEALTHY: Answers = { '/api/health': () => jsonResponse({ status: 'ok', database: true, smtp: true }) };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The machine is shared; give the queries room. */
const SLOW = { timeout: 5000 };
const card = (title: string) => screen.getByRole('group', { name: title });

describe('dashboard display helpers', () => {
  it('hides the trend at 0 and shows an arrow direction and the absolute percentage otherwise', () => {
    expect(trendDisplay(0)).toBeNull();
    expect(trendDisplay(undefined)).toBeNull();
    expect(trendDisplay(25)).toEqual({ direction: 'up', text: '25%' });
    expect(trendDisplay(-40)).toEqual({ direction: 'down', text: '40%' });
  });

  it('fills tickets and emails at 20 and devices at 10, capped at 100%', () => {
    expect(progressPercent(10, 20)).toBe(50);
    expect(progressPercent(20, 20)).toBe(100);
    expect(progressPercent(45, 20)).toBe(100);
    expect(progressPercent(3, 10)).toBe(30);
    expect(progressPercent(0, 10)).toBe(0);
  });
});

describe('DashboardPanel', () => {
  it('shows the four cards with value, total and trend (hidden at 0), and capped bars', async () => {
    stubApi({
      ...HEALTHY,
      '/api/v1/tickets/count': () => jsonResponse({ count: 25, total: 60, trend: 50 }),
      '/api/v1/mail/inbox/unread': () => jsonResponse({ count: 5, total: 12, trend: 0 }),
      '/api/v1/devices/count': () => jsonResponse({ count: 3, total: 4, trend: -25 }),
      '/api/v1/users': () => jsonResponse({ users: [{ id: 'm1' }, { id: 'm2' }], trend: 100 }),
    });
    renderWithApp(<DashboardPanel />);
    await waitFor(() => expect(within(card('Open Tickets')).getByTestId('stat-value')).toHaveTextContent('25'), SLOW);
    expect(screen.getByRole('heading', { name: 'Acme Robotics' })).toBeInTheDocument();
    expect(within(card('Open Tickets')).getByTestId('stat-total')).toHaveTextContent('60 total');
    expect(within(card('Open Tickets')).getByTestId('stat-trend')).toHaveAccessibleName('Up 50%');
    await waitFor(() => expect(within(card('Unread Emails')).getByTestId('stat-value')).toHaveTextContent('5'), SLOW);
    expect(within(card('Unread Emails')).queryByTestId('stat-trend')).not.toBeInTheDocument();
    await waitFor(() => expect(within(card('Devices Online')).getByTestId('stat-trend')).toHaveAccessibleName('Down 25%'), SLOW);
    await waitFor(() => expect(within(card('Team Members')).getByTestId('stat-value')).toHaveTextContent('2'), SLOW);

    expect(screen.getByRole('progressbar', { name: 'Tickets' })).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByRole('progressbar', { name: 'Emails' })).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByRole('progressbar', { name: 'Devices' })).toHaveAttribute('aria-valuenow', '30');
    expect(screen.getByText('No recent activity')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('health-API Status')).toHaveTextContent('Operational'), SLOW);
    expect(screen.getByTestId('health-Database')).toHaveTextContent('Healthy');
    expect(screen.getByTestId('health-MESH Network')).toHaveTextContent('Connected');
  });

  it('falls back to zero for each failing call and shows the health problem', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubApi({
      '/api/health': () => jsonResponse({ status: 'degraded', database: false, smtp: true }),
      '/api/v1/tickets/count': () => jsonResponse({ count: 4, total: 9, trend: 0 }),
      '/api/v1/mail/inbox/unread': () => jsonResponse({ error: 'x', code: 'INTERNAL' }, 500),
    });
    renderWithApp(<DashboardPanel />);
    await waitFor(() => expect(within(card('Open Tickets')).getByTestId('stat-value')).toHaveTextContent('4'), SLOW);
    for (const title of ['Unread Emails', 'Devices Online', 'Team Members']) {
      await waitFor(() => expect(within(card(title)).getByTestId('stat-value')).toHaveTextContent('0'), SLOW);
      expect(within(card(title)).getByTestId('stat-total')).toHaveTextContent('0 total');
      expect(within(card(title)).queryByTestId('stat-trend')).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('health-Database')).toHaveTextContent('Unavailable'), SLOW);
    expect(screen.getByTestId('health-API Status')).toHaveTextContent('Degraded');
  });

  it('shows a coming-soon alert for each quick action', async () => {
    stubApi(HEALTHY);
    renderWithApp(<DashboardPanel />);
    await userEvent.click(screen.getByRole('button', { name: 'Create Ticket' }));
    expect(await screen.findByText('Create Ticket coming soon!')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Invite User' }));
    expect(await screen.findByText('Invite User coming soon!')).toBeInTheDocument();
  });
});
