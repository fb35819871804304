import type { FastifyReply, FastifyRequest } from 'fastify';
import { SSE_PING_MS } from '@console/contract/limits';

/** A server-sent event stream over a hijacked reply; each write is flushed at once. */
export interface SseStream {
  send(event: string, data: unknown): void;
  comment(text: string): void;
  /** Ends the response (no-op when the client already left). */
  close(): void;
  /** True once the client disconnected or close() ran. */
  readonly closed: boolean;
  /** Aborted when the client goes away; pass to upstream requests. */
  readonly signal: AbortSignal;
}

/**
 * Starts an SSE response (CONTRACT §Chat stream, §Live events): `event:`/`data:` frames and a
 * `: ping` comment at least every 15 s while the stream is open.
 */
export function openSse(request: FastifyRequest, reply: FastifyReply, opts: { pingMs?: number; headers?: Record<string, string> } = {}): SseStream {
  const controller = new AbortController();
  let closed = false;
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    ...opts.headers,
  });
  res.flushHeaders?.();
  res.socket?.setNoDelay(true);

  const finish = () => {
    if (closed) return;
    closed = true;
    clearInterval(ping);
    controller.abort();
  };
  request.raw.on('close', finish);
  res.on('close', finish);
  res.on('error', finish);
  const ping = setInterval(() => write(': ping\n\n'), opts.pingMs ?? SSE_PING_MS);
  // The client may have left while the request was being checked.
  if (!res.socket || res.socket.destroyed) finish();

  function write(chunk: string) {
    if (closed || res.writableEnded) return;
    res.write(chunk);
    // Node corks the socket on each write and uncorks on the next tick, which waits while an
    // upstream that sent many chunks at once is still being parsed in microtasks: send it now.
    if (res.socket?.writableCorked) res.socket.uncork();
  }

  return {
    send(event, data) {
      write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    comment(text) {
      write(`: ${text.replace(/\n/g, ' ')}\n\n`);
    },
    close() {
      if (!res.writableEnded) res.end();
      finish();
    },
    get closed() {
      return closed;
    },
    get signal() {
      return controller.signal;
    },
  };
}
