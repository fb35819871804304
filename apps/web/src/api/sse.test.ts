import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSessionFromStorage } from '../session/store';
import { streamSse } from './sse';

function sseResponse(chunks: string[], init: ResponseInit = {}): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' }, ...init });
}

describe('streamSse', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    localStorage.setItem('console.token', 'tok-123');
    resetSessionFromStorage();
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('delivers named events with parsed JSON data, even when split across chunks', async () => {
    fetchMock.mockResolvedValue(
      sseResponse(['event: message\ndata: {"content":"Hel', 'lo"}\n\n: ping\n\nevent: message\ndata: {"content":" world"}\n\n', 'event: end\ndata: {"message_id":"m-1"}\n\n']),
    );
    const events: [string, unknown][] = [];
    await streamSse('/core-ai/chat/stream', { body: { messages: [] }, onEvent: (event, data) => events.push([event, data]) });
    expect(events).toEqual([
      ['message', { content: 'Hello' }],
      ['message', { content: ' world' }],
      ['end', { message_id: 'm-1' }],
    ]);
  });

  it('sends a POST with the JSON body and the bearer token when a body is given', async () => {
    fetchMock.mockResolvedValue(sseResponse([]));
    await streamSse('/core-ai/chat/stream', { body: { brand_id: 'b1' }, onEvent: () => undefined });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/v1/core-ai/chat/stream');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"brand_id":"b1"}');
    expect(init?.headers).toMatchObject({ Authorization: 'Bearer tok-123', 'Content-Type': 'application/json', Accept: 'text/event-stream' });
  });

  it('uses GET with the query string when there is no body', async () => {
    fetchMock.mockResolvedValue(sseResponse([]));
    await streamSse('/events', { query: { brand_id: 'b1' }, onEvent: () => undefined });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/v1/events?brand_id=b1');
    expect(init?.method).toBe('GET');
    expect(init?.body).toBeUndefined();
  });

  it("names events without an event field 'message'", async () => {
    fetchMock.mockResolvedValue(sseResponse(['data: {"n":1}\n\n']));
    const onEvent = vi.fn();
    await streamSse('/events', { onEvent });
    expect(onEvent).toHaveBeenCalledWith('message', { n: 1 });
  });

  it('throws "HTTP error! status: <code>" on a non-2xx answer', async () => {
    fetchMock.mockResolvedValue(new Response('{"error":"nope"}', { status: 503 }));
    await expect(streamSse('/core-ai/chat/stream', { body: {}, onEvent: () => undefined })).rejects.toThrow('HTTP error! status: 503');
  });

  it('only logs data that is not JSON and keeps reading', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchMock.mockResolvedValue(sseResponse(['event: message\ndata: not json\n\nevent: end\ndata: {}\n\n']));
    const events: string[] = [];
    await streamSse('/core-ai/chat/stream', { body: {}, onEvent: (event) => events.push(event) });
    expect(events).toEqual(['end']);
    expect(log).toHaveBeenCalledTimes(1);
  });

  it('stops reading and resolves quietly when aborted', async () => {
    const encoder = new TextEncoder();
    let push: ((text: string) => void) | undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (text) => controller.enqueue(encoder.encode(text));
      },
    });
    fetchMock.mockResolvedValue(new Response(body, { status: 200 }));
    const controller = new AbortController();
    const events: unknown[] = [];
    const done = streamSse('/core-ai/chat/stream', {
      body: {},
      signal: controller.signal,
      onEvent: (_event, data) => {
        events.push(data);
        controller.abort();
      },
    });
    await vi.waitFor(() => expect(push).toBeDefined());
    push?.('event: message\ndata: {"content":"a"}\n\nevent: message\ndata: {"content":"b"}\n\n');
    await expect(done).resolves.toBeUndefined();
    expect(events).toEqual([{ content: 'a' }]);
  });

  it('resolves quietly when aborted before the answer arrives', async () => {
    const controller = new AbortController();
    fetchMock.mockImplementation((_url, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')))));
    const done = streamSse('/core-ai/chat/stream', { body: {}, signal: controller.signal, onEvent: () => undefined });
    controller.abort();
    await expect(done).resolves.toBeUndefined();
  });
});
