import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, TEST_BRANDS } from '../test-utils';
import { ShellContext, type ShellControls } from '../shell/shell-context';
import { ConversationList } from './ConversationList';

const noop = () => {};
const shell: ShellControls = {
  activePanel: null,
  openPanel: noop,
  closePanel: noop,
  togglePanel: noop,
  sidebarOpen: false,
  openSidebar: noop,
  closeSidebar: noop,
};
const inShell = (
  <ShellContext.Provider value={shell}>
    <ConversationList />
  </ShellContext.Provider>
);

const conversation = (i: number) => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  title: `Conversation ${i}`,
  updatedAt: new Date(Date.UTC(2026, 10, 1) - i * 60_000).toISOString(),
  email_address: `c${i}@chat.console.localhost`,
});

function page(from: number, to: number, next: string | null) {
  const items = [];
  for (let i = from; i < to; i++) items.push(conversation(i));
  return new Response(JSON.stringify(items), {
    status: 200,
    headers: { 'Content-Type': 'application/json', ...(next ? { 'x-next-cursor': next } : {}) },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('ConversationList', () => {
  it('loads older conversations from the server cursor, page by page, until there are no more', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: RequestInfo | URL) => {
        const u = new URL(String(url), 'http://localhost');
        calls.push(u.searchParams.get('cursor') ?? '');
        if (!u.searchParams.get('cursor')) return page(0, 5, 'cursor-1');
        if (u.searchParams.get('cursor') === 'cursor-1') return page(5, 10, 'cursor-2');
        return page(10, 13, null);
      }),
    );
    renderWithApp(inShell, { brandId: TEST_BRANDS[0].id });
    const list = await screen.findByRole('list', { name: 'Conversation list' });
    expect(within(list).getAllByRole('link')).toHaveLength(5);

    const more = screen.getByRole('button', { name: 'Load older conversations' });
    await userEvent.click(more);
    await screen.findByText('Conversation 9');
    expect(within(list).getAllByRole('link')).toHaveLength(10);

    await userEvent.click(screen.getByRole('button', { name: 'Load older conversations' }));
    await screen.findByText('Conversation 12');
    expect(within(list).getAllByRole('link')).toHaveLength(13);
    expect(screen.queryByRole('button', { name: 'Load older conversations' })).not.toBeInTheDocument();
    expect(calls).toEqual(['', 'cursor-1', 'cursor-2']);
  });

  it('offers no older page when the server sends no cursor', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => page(0, 3, null)));
    renderWithApp(inShell, { brandId: TEST_BRANDS[0].id });
    await screen.findByText('Conversation 2');
    expect(screen.queryByRole('button', { name: 'Load older conversations' })).not.toBeInTheDocument();
  });
});
