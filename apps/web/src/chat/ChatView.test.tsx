import type { Conversation, ConversationDetail, Message } from '@console/contract/chat';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../api/query-client';
import { routes } from '../router';
import { signInForTest, TEST_BRANDS } from '../test-utils';
import { ConfirmHost } from '../ui/confirm';
import { Toaster } from '../ui/toast';
import { resetChatStore } from './chat-store';

const BRAND = TEST_BRANDS[0];
const CONV_ID = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const NEW_ID = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** A controllable SSE body: the test pushes frames and ends it. */
function sseBody() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const encoder = new TextEncoder();
  return {
    response: () => new Response(stream, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }),
    send(event: string, data: unknown) {
      controller.enqueue(encoder.encode(`event: ${event}\ndata: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`));
    },
    end() {
      controller.close();
    },
  };
}

function conversation(id: string, title: string, updatedAt = '2026-11-20T10:00:00.000Z'): Conversation {
  return { id, title, updatedAt, created_at: updatedAt, email_address: `${id}@chat.console.localhost` };
}

function message(id: string, role: Message['role'], content: string, extra: Partial<Message> = {}): Message {
  return { id, role, content, created_at: '2026-11-20T10:00:00.000Z', source: 'chat', metadata: {}, ...extra };
}

let calls: Call[];
let conversations: Conversation[];
let details: Map<string, ConversationDetail>;
let stream: ReturnType<typeof sseBody>;
let streamStatus: number;
let createStatus: number;

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function installApi() {
  calls = [];
  conversations = [conversation(CONV_ID, 'Gripper calibration')];
  details = new Map([
    [
      CONV_ID,
      {
        ...conversations[0],
        next_cursor: null,
        messages: [
          message('m1', 'user', 'How do I calibrate the gripper?'),
          message('m2', 'assistant', 'Run `calibrate` first.'),
          message('m3', 'user', 'Thanks, following up by mail.', { source: 'email', metadata: { from_email: 'jordan@northwind.example' } }),
        ],
      },
    ],
  ]);
  stream = sseBody();
  streamStatus = 200;
  createStatus = 201;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path: url.pathname, query: url.searchParams, body });
      const p = url.pathname;
      if (p === '/api/v1/conversations' && method === 'GET') return json(conversations);
      if (p === '/api/v1/conversations' && method === 'POST') {
        if (createStatus !== 201) return json({ error: 'Database unavailable', code: 'DATABASE_UNAVAILABLE' }, createStatus);
        const created = conversation(NEW_ID, 'New Chat', '2026-11-21T10:00:00.000Z');
        conversations = [created, ...conversations];
        details.set(NEW_ID, { ...created, messages: [], next_cursor: null });
        return json(created, 201);
      }
      const detail = /^\/api\/v1\/conversations\/([^/]+)$/.exec(p);
      if (detail && method === 'GET') {
        const before = url.searchParams.get('before');
        if (before) return json(details.get(`${detail[1]}?before=${before}`) ?? { error: 'nope', code: 'NOT_FOUND' }, details.has(`${detail[1]}?before=${before}`) ? 200 : 404);
        const d = details.get(detail[1]);
        return d ? json(d) : json({ error: 'Conversation not found', code: 'NOT_FOUND' }, 404);
      }
      if (detail && method === 'DELETE') {
        conversations = conversations.filter((c) => c.id !== detail[1]);
        return json({ ok: true });
      }
      const append = /^\/api\/v1\/conversations\/([^/]+)\/messages$/.exec(p);
      if (append) {
        const saved = message(`saved-${calls.length}`, body.role, body.content);
        const d = details.get(append[1])!;
        details.set(append[1], { ...d, messages: [...d.messages, saved] });
        return json(saved, 201);
      }
      if (p === '/api/v1/core-ai/chat/stream') {
        if (streamStatus !== 200) return json({ error: 'Internal server error', code: 'INTERNAL' }, streamStatus);
        return stream.response();
      }
      if (p === '/api/v1/events') return new Response(new ReadableStream(), { headers: { 'Content-Type': 'text/event-stream' } });
      return json({});
    }),
  );
}

/** Renders the routed app and waits for the lazy console and chat chunks. */
async function renderChat(path = '/') {
  signInForTest({ brandId: BRAND.id });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
      <ConfirmHost />
    </QueryClientProvider>,
  );
  await screen.findByPlaceholderText('Type your message...', {}, { timeout: 10_000 });
  return router;
}

const input = () => screen.getByRole('textbox', { name: 'Message' });
const bubbles = () => screen.queryAllByTestId('message');

beforeEach(() => {
  queryClient.clear();
  resetChatStore();
  installApi();
});
afterEach(() => {
  resetChatStore();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ChatView', () => {
  it("shows 'Welcome to <brand> AI' and 'Start a new conversation to begin' with no conversation selected", async () => {
    await renderChat('/');
    expect(await screen.findByRole('heading', { name: 'Welcome to Acme Robotics AI' })).toBeInTheDocument();
    expect(screen.getByText('Start a new conversation to begin')).toBeInTheDocument();
  });

  it('shows saved messages: user on the right, assistant on the left as Markdown, emailed ones with their sender', async () => {
    await renderChat(`/${CONV_ID}`);
    await screen.findByText('How do I calibrate the gripper?');
    const [user, assistant, emailed] = bubbles();
    expect(user).toHaveAttribute('data-role', 'user');
    expect(user).toHaveClass('justify-end');
    expect(assistant).toHaveClass('justify-start');
    expect(within(assistant).getByText('calibrate').tagName).toBe('CODE');
    expect(within(emailed).getByText('via email from jordan@northwind.example')).toBeInTheDocument();
    expect(within(user).queryByText(/via email/)).not.toBeInTheDocument();
  });

  it("shows the conversation's email address and says 'Email address copied!' after Copy", async () => {
    const user = userEvent.setup();
    await renderChat(`/${CONV_ID}`);
    expect(await screen.findByText(`${CONV_ID}@chat.console.localhost`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Email address copied!')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(`${CONV_ID}@chat.console.localhost`);
  });

  it('sends from the empty screen: creates a conversation, routes to it and streams the reply in with temp ids, Streaming... and Stop', async () => {
    const user = userEvent.setup();
    const router = await renderChat('/');
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Hello there{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe(`/${NEW_ID}`));
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/v1/conversations')?.query.get('brand_id')).toBe(BRAND.id);
    await waitFor(() => expect(calls.some((c) => c.path === '/api/v1/core-ai/chat/stream')).toBe(true));
    const streamCall = calls.find((c) => c.path === '/api/v1/core-ai/chat/stream')!;
    expect(streamCall.body).toEqual({ messages: [{ role: 'user', content: 'Hello there' }], brand_id: BRAND.id, conversation_id: NEW_ID });
    expect(calls.find((c) => c.path === `/api/v1/conversations/${NEW_ID}/messages`)?.body).toEqual({ role: 'user', content: 'Hello there' });
    expect(await screen.findByText('Streaming...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stop' })).toBeInTheDocument();
    expect(input()).toBeDisabled();
    const local = bubbles();
    expect(local).toHaveLength(2);
    expect(local[0]).toHaveAttribute('data-message-id', expect.stringMatching(/^temp-\d+/));
    expect(local[1]).toHaveAttribute('data-message-id', expect.stringMatching(/^temp-\d+/));

    await act(async () => {
      stream.send('message', { content: 'Here is ' });
      stream.send('message', { content: '**bold** text' });
    });
    expect(await within(bubbles()[1]).findByText('bold')).toHaveProperty('tagName', 'STRONG');
    await act(async () => {
      stream.send('end', { message_id: null });
      stream.end();
    });
    await waitFor(() => expect(screen.queryByText('Streaming...')).not.toBeInTheDocument());
    expect(input()).toBeEnabled();
    expect(input()).toHaveValue('');
  });

  it('restores the typed text when creating the conversation fails', async () => {
    const user = userEvent.setup();
    createStatus = 503;
    const router = await renderChat('/');
    await user.type(await screen.findByRole('textbox', { name: 'Message' }), 'Keep me{Enter}');
    await waitFor(() => expect(input()).toHaveValue('Keep me'));
    expect(router.state.location.pathname).toBe('/');
    expect(calls.some((c) => c.path === '/api/v1/core-ai/chat/stream')).toBe(false);
  });

  it("shows 'Error: HTTP error! status: 500' in the assistant bubble when the stream call fails", async () => {
    const user = userEvent.setup();
    streamStatus = 500;
    await renderChat(`/${CONV_ID}`);
    await screen.findByText('How do I calibrate the gripper?');
    await user.type(input(), 'Again?{Enter}');
    expect(await screen.findByText('Error: HTTP error! status: 500')).toBeInTheDocument();
    expect(screen.queryByText('Streaming...')).not.toBeInTheDocument();
  });

  it("shows the error event's reason, or 'Streaming error' without one; an unparsable chunk is only logged", async () => {
    const user = userEvent.setup();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await renderChat(`/${CONV_ID}`);
    await screen.findByText('How do I calibrate the gripper?');
    await user.type(input(), 'Hi{Enter}');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/v1/core-ai/chat/stream')).toBe(true));
    await act(async () => {
      stream.send('message', { content: 'Partial' });
      stream.send('message', '{not json');
      stream.send('error', { error: 'Incorrect API key provided' });
      stream.end();
    });
    expect(await screen.findByText('Error: Incorrect API key provided')).toBeInTheDocument();
    expect(logged).toHaveBeenCalled();

    stream = sseBody();
    await user.type(input(), 'Hi again{Enter}');
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/v1/core-ai/chat/stream')).toHaveLength(2));
    await act(async () => {
      stream.send('error', {});
      stream.end();
    });
    expect(await screen.findByText('Error: Streaming error')).toBeInTheDocument();
  });

  it('Stop aborts the stream and lets the user send again', async () => {
    const user = userEvent.setup();
    await renderChat(`/${CONV_ID}`);
    await screen.findByText('How do I calibrate the gripper?');
    await user.type(input(), 'Tell me more{Enter}');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/v1/core-ai/chat/stream')).toBe(true));
    await act(async () => stream.send('message', { content: 'Partial reply' }));
    await screen.findByText('Partial reply');
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(screen.queryByText('Streaming...')).not.toBeInTheDocument());
    expect(screen.getByText('Partial reply')).toBeInTheDocument();
    expect(input()).toBeEnabled();
  });

  it('Shift+Enter adds a line, Enter sends, blank text is ignored', async () => {
    const user = userEvent.setup();
    await renderChat(`/${CONV_ID}`);
    await screen.findByText('How do I calibrate the gripper?');
    await user.type(input(), '   {Enter}');
    expect(calls.some((c) => c.path.endsWith('/messages'))).toBe(false);
    await user.clear(input());
    await user.type(input(), 'line one{Shift>}{Enter}{/Shift}line two');
    expect(input()).toHaveValue('line one\nline two');
    expect(calls.some((c) => c.path.endsWith('/messages'))).toBe(false);
    await user.type(input(), '{Enter}');
    await waitFor(() => expect(calls.find((c) => c.path.endsWith('/messages'))?.body).toEqual({ role: 'user', content: 'line one\nline two' }));
  });

  it('renders assistant Markdown sanitised, with code blocks', async () => {
    details.set(CONV_ID, {
      ...details.get(CONV_ID)!,
      messages: [message('a1', 'assistant', '```bash\nacme-arm calibrate\n```\n\n<img src=x onerror="alert(1)"><script>alert(2)</script>\n\n[site](javascript:alert(3))')],
    });
    await renderChat(`/${CONV_ID}`);
    const code = await screen.findByText('acme-arm calibrate');
    expect(code.closest('pre')).not.toBeNull();
    const bubble = bubbles()[0];
    expect(bubble.querySelector('script, img[onerror]')).toBeNull();
    expect(bubble.querySelector('a')?.getAttribute('href') ?? '').not.toContain('javascript:');
  });

  it('follows new text while at the bottom but not after the user scrolled up', async () => {
    const user = userEvent.setup();
    await renderChat(`/${CONV_ID}`);
    await screen.findByText('How do I calibrate the gripper?');
    const scroller = screen.getByTestId('message-scroller');
    let height = 1000;
    Object.defineProperty(scroller, 'scrollHeight', { configurable: true, get: () => height });
    Object.defineProperty(scroller, 'clientHeight', { configurable: true, get: () => 300 });
    await user.type(input(), 'Stream please{Enter}');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/v1/core-ai/chat/stream')).toBe(true));
    height = 1200;
    await act(async () => stream.send('message', { content: 'First' }));
    await screen.findByText('First');
    expect(scroller.scrollTop).toBe(1200);

    scroller.scrollTop = 100;
    act(() => void scroller.dispatchEvent(new Event('scroll')));
    height = 1400;
    await act(async () => stream.send('message', { content: ' second' }));
    await screen.findByText('First second');
    expect(scroller.scrollTop).toBe(100);
  });
});

describe('earlier messages', () => {
  it("loads older pages with 'Load earlier messages' until there are none", async () => {
    const user = userEvent.setup();
    const base = details.get(CONV_ID)!;
    details.set(CONV_ID, { ...base, next_cursor: '40' });
    details.set(`${CONV_ID}?before=40`, { ...base, messages: [message('o2', 'user', 'Older question')], next_cursor: '20' });
    details.set(`${CONV_ID}?before=20`, { ...base, messages: [message('o1', 'user', 'Oldest question')], next_cursor: null });
    await renderChat(`/${CONV_ID}`);
    await screen.findByText('How do I calibrate the gripper?');
    await user.click(screen.getByRole('button', { name: 'Load earlier messages' }));
    await screen.findByText('Older question');
    await user.click(screen.getByRole('button', { name: 'Load earlier messages' }));
    await screen.findByText('Oldest question');
    expect(bubbles().map((b) => b.textContent)).toEqual([
      'Oldest question',
      'Older question',
      'How do I calibrate the gripper?',
      'Run calibrate first.',
      'via email from jordan@northwind.exampleThanks, following up by mail.',
    ]);
    expect(screen.queryByRole('button', { name: 'Load earlier messages' })).not.toBeInTheDocument();
  });
});

describe('ConversationList', () => {
  it('lists titles with their updated date and deletes one after confirmation', async () => {
    const user = userEvent.setup();
    conversations = [conversation(CONV_ID, 'Gripper calibration', '2026-11-20T10:00:00.000Z'), conversation(NEW_ID, 'Warranty', '2026-11-18T10:00:00.000Z')];
    const router = await renderChat(`/${CONV_ID}`);
    const list = await screen.findByRole('list', { name: 'Conversation list' });
    expect(within(list).getByText('Gripper calibration')).toBeInTheDocument();
    expect(within(list).getByText('Nov 20, 2026')).toBeInTheDocument();
    expect(within(list).getByText('Warranty')).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: 'Delete conversation Gripper calibration' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Are you sure you want to delete this conversation?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(within(list).getByRole('button', { name: 'Delete conversation Gripper calibration' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(list).queryByText('Gripper calibration')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe(`/api/v1/conversations/${CONV_ID}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('New Chat creates a conversation at the top of the list and opens it', async () => {
    const user = userEvent.setup();
    const router = await renderChat('/');
    const list = await screen.findByRole('list', { name: 'Conversation list' });
    await user.click(screen.getByRole('button', { name: 'New Chat' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/${NEW_ID}`));
    expect(within(list).getAllByRole('link')[0]).toHaveTextContent('New Chat');
  });
});
