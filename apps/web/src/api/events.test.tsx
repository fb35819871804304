import { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, TEST_BRANDS } from '../test-utils';
import { useBadge } from '../panels/email/badge';
import { invalidateForEvent, reconnectDelay, subscribeLiveEvents } from './events';

const brand = TEST_BRANDS[0].id;
const other = TEST_BRANDS[1].id;

function clientWith(keys: unknown[][]) {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, { any: true });
  return client;
}
const stale = (client: QueryClient, key: unknown[]) => client.getQueryState(key)?.isInvalidated ?? false;

describe('invalidateForEvent', () => {
  it('marks the brand mail and dashboard queries stale on counts.changed {kind: mail}, and nothing else', () => {
    const keys = [['mail', brand, 'unread'], ['mail', brand, 'folders'], ['dashboard', brand], ['mail', other, 'unread'], ['tickets', brand]];
    const client = clientWith(keys);
    invalidateForEvent(client, brand, { type: 'counts.changed', data: { kind: 'mail' } });
    expect(keys.map((k) => stale(client, k))).toEqual([true, true, true, false, false]);
  });

  it('marks the conversation list and the conversation stale on message.created', () => {
    const keys = [['conversations', brand], ['conversation', 'c-1'], ['conversation', 'c-2'], ['mail', brand]];
    const client = clientWith(keys);
    invalidateForEvent(client, 'unrelated-brand', { type: 'message.created', data: { conversation_id: 'c-1', message: {} } });
    expect(keys.map((k) => stale(client, k))).toEqual([false, true, false, false]);
    invalidateForEvent(client, brand, { type: 'message.created', data: { conversation_id: 'c-2', message: {} } });
    expect(stale(client, ['conversations', brand])).toBe(true);
    expect(stale(client, ['conversation', 'c-2'])).toBe(true);
  });

  it('marks mail queries stale on mail.received and device queries on device.updated', () => {
    const keys = [['mail', brand, 'list', 'inbox'], ['devices', brand], ['mesh', brand, 'devices']];
    const client = clientWith(keys);
    invalidateForEvent(client, brand, { type: 'mail.received', data: { folder: 'inbox', email_id: 'e' } });
    expect(keys.map((k) => stale(client, k))).toEqual([true, false, false]);
    invalidateForEvent(client, brand, { type: 'device.updated', data: { device_id: 'd' } });
    expect(keys.map((k) => stale(client, k))).toEqual([true, true, true]);
  });
});

describe('reconnectDelay', () => {
  it('doubles from 1 s up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(reconnectDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});

function sseResponse(frames: string) {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(frames));
      // Left open, like the server's stream.
    },
  });
  return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
}

function Badge() {
  const count = useBadge();
  return <span data-testid="count">{count ?? 'none'}</span>;
}

describe('email badge with live events', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the unread count and refetches it when a counts.changed event arrives', async () => {
    let unread = 4;
    const seen: string[] = [];
    const unsubscribe = subscribeLiveEvents((_b, e) => seen.push(e.type));
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://console.test');
      if (url.pathname === '/api/v1/events') {
        expect(url.searchParams.get('brand_id')).toBe(brand);
        await new Promise((r) => setTimeout(r, 50));
        unread = 5;
        return sseResponse('event: counts.changed\ndata: {"kind":"mail"}\n\n');
      }
      if (url.pathname === '/api/v1/mail/inbox/unread') {
        return new Response(JSON.stringify({ count: unread, total: 9, trend: 0 }), { status: 200, headers: { 'Content-Type': 'application/json' } });
      }
      return new Response('{}', { status: 404 });
    });
    vi.stubGlobal('fetch', fetchMock);
    const { unmount } = renderWithApp(<Badge />, { brandId: brand });
    await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('4'));
    await waitFor(() => expect(screen.getByTestId('count')).toHaveTextContent('5'));
    expect(seen).toEqual(['counts.changed']);
    act(() => unmount());
    unsubscribe();
    // One stream for the brand, one initial count and one refetch on the event.
    const paths = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://console.test').pathname);
    expect(paths.filter((p) => p === '/api/v1/events')).toHaveLength(1);
    expect(paths.filter((p) => p === '/api/v1/mail/inbox/unread')).toHaveLength(2);
  });
});
