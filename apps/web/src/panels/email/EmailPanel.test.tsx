import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Email, EmailDetail, MailFolder } from '@console/contract/mail';
import { jsonResponse, renderWithApp, TEST_BRANDS } from '../../test-utils';
import { EmailPanel } from './EmailPanel';

const [acme, , initech] = TEST_BRANDS;

const folders: MailFolder[] = [
  { id: 'inbox', name: 'Inbox', unreadCount: 2, totalCount: 3 },
  { id: 'sent', name: 'Sent', unreadCount: 0, totalCount: 0 },
  { id: 'drafts', name: 'Drafts', unreadCount: 0, totalCount: 1 },
  { id: 'archive', name: 'Archive', unreadCount: 0, totalCount: 4 },
];

const inbox: Email[] = [
  {
    id: 'aaaaaaaa-0000-4000-8000-000000000001',
    from: 'olivia@northwind.example',
    fromName: 'Olivia Chen',
    subject: 'Invoice for October attached',
    preview: 'Please find our October invoice attached.',
    read: false,
    hasAttachments: true,
    receivedAt: '2026-11-20T09:30:00.000Z',
    folder: 'inbox',
  },
  {
    id: 'aaaaaaaa-0000-4000-8000-000000000002',
    from: 'tom@adatum.example',
    fromName: null,
    subject: '',
    preview: 'Just wanted to say thanks.',
    read: true,
    hasAttachments: false,
    receivedAt: '2026-11-12T09:30:00.000Z',
    folder: 'inbox',
  },
];

const detail: EmailDetail = {
  ...inbox[0],
  read: true,
  to: ['support@acme.example'],
  text: 'Hi,\n\nPlease find our October invoice attached.',
  attachments: [{ id: 'bbbbbbbb-0000-4000-8000-000000000001', filename: 'invoice-2026-10.pdf', contentType: 'application/pdf', size: 2048 }],
};

type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;

function stubApi(handler: Handler) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => handler(new URL(String(input), 'http://console.test'), init));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function mailbox(overrides: Partial<Record<'folders' | 'inbox' | 'email', Handler>> = {}): Handler {
  return (url, init) => {
    if (url.pathname.endsWith('/mail/folders')) return overrides.folders?.(url, init) ?? jsonResponse({ folders });
    if (url.pathname.endsWith('/mail/inbox')) {
      if (overrides.inbox) return overrides.inbox(url, init);
      const folder = url.searchParams.get('folder');
      const emails = folder === 'inbox' ? inbox : [];
      return jsonResponse({ emails, pagination: { page: 1, limit: 100, total: emails.length } });
    }
    if (url.pathname.startsWith('/api/v1/mail/emails/')) return overrides.email?.(url, init) ?? jsonResponse(detail);
    return jsonResponse({ error: 'not found', code: 'NOT_FOUND' }, 404);
  };
}

const headerOf = (init: RequestInit, name: string) => (init.headers as Record<string, string> | undefined)?.[name];

describe('EmailPanel', () => {
  beforeEach(() => {
    vi.useRealTimers();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the folders with unread counts and the inbox rows, unread highlighted', async () => {
    stubApi(mailbox());
    renderWithApp(<EmailPanel />);
    const nav = await screen.findByRole('navigation', { name: 'Folders' });
    await waitFor(() => expect(within(nav).getByRole('button', { name: /Inbox/ })).toHaveTextContent('Inbox2'));
    expect(within(nav).getAllByRole('button').map((b) => b.textContent)).toEqual(['Inbox2', 'Sent', 'Drafts', 'Archive']);
    expect(within(nav).getByRole('button', { name: /Inbox/ })).toHaveAttribute('aria-pressed', 'true');

    const rows = await screen.findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    const first = within(rows[0]).getByRole('button');
    expect(first).toHaveAttribute('data-unread', 'true');
    expect(first).toHaveTextContent('Olivia Chen');
    expect(first).toHaveTextContent('Invoice for October attached');
    expect(first).toHaveTextContent('Please find our October invoice attached.');
    expect(first).toHaveTextContent('Nov 20, 2026');
    expect(within(first).getByLabelText('Has attachments')).toBeInTheDocument();

    const second = within(rows[1]).getByRole('button');
    expect(second).toHaveAttribute('data-unread', 'false');
    expect(second).toHaveTextContent('tom@adatum.example');
    expect(second).toHaveTextContent('No subject');
    expect(within(second).queryByLabelText('Has attachments')).not.toBeInTheDocument();
  });

  it('calls the mail routes with the brand API key and brand id headers when the member sees the key', async () => {
    const fetchMock = stubApi(mailbox());
    renderWithApp(<EmailPanel />, { brandId: acme.id });
    await screen.findAllByRole('listitem');
    const calls = fetchMock.mock.calls.map(([input, init]) => ({ url: new URL(String(input), 'http://console.test'), init: init ?? {} }));
    const foldersCall = calls.find((c) => c.url.pathname === '/api/mail/folders')!;
    expect(headerOf(foldersCall.init, 'X-API-Key')).toBe(acme.apiKey);
    expect(headerOf(foldersCall.init, 'X-Brand-Id')).toBe(acme.id);
    const inboxCall = calls.find((c) => c.url.pathname === '/api/mail/inbox')!;
    expect(inboxCall.url.searchParams.get('folder')).toBe('inbox');
    expect(headerOf(inboxCall.init, 'X-API-Key')).toBe(acme.apiKey);
  });

  it('falls back to the bearer routes with brand_id for a member without the API key', async () => {
    const fetchMock = stubApi(mailbox());
    renderWithApp(<EmailPanel />, { brandId: initech.id });
    await screen.findAllByRole('listitem');
    const paths = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://console.test'));
    expect(paths.find((u) => u.pathname === '/api/v1/mail/folders')?.searchParams.get('brand_id')).toBe(initech.id);
    expect(paths.find((u) => u.pathname === '/api/v1/mail/inbox')?.searchParams.get('brand_id')).toBe(initech.id);
    expect(paths.some((u) => u.pathname.startsWith('/api/mail/'))).toBe(false);
  });

  it("shows 'No emails in <folder>' for an empty folder", async () => {
    stubApi(mailbox());
    renderWithApp(<EmailPanel />);
    await screen.findAllByRole('listitem');
    await userEvent.click(within(screen.getByRole('navigation', { name: 'Folders' })).getByRole('button', { name: 'Sent' }));
    expect(await screen.findByText('No emails in sent')).toBeInTheDocument();
  });

  it("shows 'Failed to load emails. Please try again.' and loads again with Try again", async () => {
    let fail = true;
    stubApi(
      mailbox({
        inbox: () => (fail ? jsonResponse({ error: 'Database unavailable', code: 'DATABASE_UNAVAILABLE' }, 503) : jsonResponse({ emails: inbox, pagination: { page: 1, limit: 100, total: 2 } })),
      }),
    );
    renderWithApp(<EmailPanel />);
    expect(await screen.findByText('Failed to load emails. Please try again.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByRole('listitem')).toHaveLength(2);
  });

  it('falls back to Inbox, Sent and Drafts with zero counts when the folders fail to load', async () => {
    stubApi(mailbox({ folders: () => jsonResponse({ error: 'Invalid API key for this brand', code: 'UNAUTHORIZED' }, 500) }));
    renderWithApp(<EmailPanel />);
    await screen.findAllByRole('listitem');
    const nav = screen.getByRole('navigation', { name: 'Folders' });
    await waitFor(() => expect(within(nav).getAllByRole('button').map((b) => b.textContent)).toEqual(['Inbox', 'Sent', 'Drafts']));
  });

  it('refetches folders and the list with Refresh', async () => {
    const fetchMock = stubApi(mailbox());
    renderWithApp(<EmailPanel />);
    await screen.findAllByRole('listitem');
    const before = fetchMock.mock.calls.length;
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(fetchMock.mock.calls.length).toBe(before + 2));
  });

  it('opens a row to show the message, its attachments and a way back', async () => {
    const fetchMock = stubApi(mailbox());
    renderWithApp(<EmailPanel />);
    const [first] = await screen.findAllByRole('listitem');
    await userEvent.click(within(first).getByRole('button'));
    expect(await screen.findByRole('heading', { name: 'Invoice for October attached' })).toBeInTheDocument();
    expect(screen.getByText(/Please find our October invoice attached\./)).toBeInTheDocument();
    expect(screen.getByText('invoice-2026-10.pdf')).toBeInTheDocument();
    expect(screen.getByText('To: support@acme.example')).toBeInTheDocument();
    const opened = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://console.test')).find((u) => u.pathname.startsWith('/api/v1/mail/emails/'));
    expect(opened?.pathname).toBe(`/api/v1/mail/emails/${inbox[0].id}`);
    expect(opened?.searchParams.get('brand_id')).toBe(acme.id);
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('navigation', { name: 'Folders' })).toBeInTheDocument();
  });

  it('downloads an attachment through the authenticated attachment route', async () => {
    const fetchMock = stubApi(
      mailbox({ email: (url) => (url.pathname.includes('/attachments/') ? new Response('%PDF', { headers: { 'Content-Type': 'application/pdf' } }) : jsonResponse(detail)) }),
    );
    const createObjectURL = vi.fn(() => 'blob:download');
    const saved = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderWithApp(<EmailPanel />);
    const [first] = await screen.findAllByRole('listitem');
    await userEvent.click(within(first).getByRole('button'));
    await userEvent.click(await screen.findByRole('button', { name: /invoice-2026-10\.pdf/ }));
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    const call = fetchMock.mock.calls.find(([input]) => String(input).includes('/attachments/'));
    const url = new URL(String(call?.[0]), 'http://console.test');
    expect(url.pathname).toBe(`/api/v1/mail/emails/${inbox[0].id}/attachments/${detail.attachments[0].id}`);
    expect(url.searchParams.get('brand_id')).toBe(acme.id);
    expect(headerOf(call?.[1] as RequestInit, 'Authorization')).toBe('Bearer test-token');
    expect(createObjectURL).toHaveBeenCalled();
    clicked.mockRestore();
    URL.createObjectURL = saved.create;
    URL.revokeObjectURL = saved.revoke;
  });

  it('offers Archive to owners but not to viewers', async () => {
    stubApi(mailbox());
    const { unmount } = renderWithApp(<EmailPanel />, { brandId: acme.id });
    await userEvent.click(within((await screen.findAllByRole('listitem'))[0]).getByRole('button'));
    expect(await screen.findByRole('button', { name: 'Archive' })).toBeInTheDocument();
    unmount();
    renderWithApp(<EmailPanel />, { brandId: initech.id });
    await userEvent.click(within((await screen.findAllByRole('listitem'))[0]).getByRole('button'));
    await screen.findByRole('heading', { name: 'Invoice for October attached' });
    expect(screen.queryByRole('button', { name: 'Archive' })).not.toBeInTheDocument();
  });

  it("shows 'No brand selected' without a brand", () => {
    stubApi(mailbox());
    renderWithApp(<EmailPanel />, { brandId: null });
    expect(screen.getByText('No brand selected')).toBeInTheDocument();
  });
});
