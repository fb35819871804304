import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the fake answers the next request. */
export interface FakePlan {
  /** Text pieces streamed as Chat Completions chunks, in order. */
  chunks?: string[];
  /** Stream this many chunks, then wait for `release()` (or the client hanging up). */
  holdAfter?: number;
  /** Answer with this HTTP error status and an OpenAI error body instead of a stream. */
  status?: number;
  errorMessage?: string;
  /** Pause between chunks. */
  delayMs?: number;
  /** After streaming the chunks, send an in-stream error frame with this message instead of finishing. */
  failWith?: string;
}

export interface FakeRequest {
  body: { model?: string; stream?: boolean; messages?: Array<{ role: string; content: unknown }> };
  headers: IncomingMessage['headers'];
  /** Resolves when the client closed the connection before the stream ended. */
  closedEarly: Promise<void>;
  /** Resolves when the response was fully sent. */
  finished: Promise<void>;
}

export interface FakeOpenAI {
  /** Base URL with the version segment, as OPENAI_BASE_URL expects. */
  url: string;
  requests: FakeRequest[];
  /** Sets the plan for the following requests. */
  plan(plan: FakePlan): void;
  /** Lets a held stream continue. */
  release(): void;
  close(): Promise<void>;
}

function chunkFrame(id: string, created: number, delta: Record<string, unknown>, finish: string | null) {
  const body = { id, object: 'chat.completion.chunk', created, model: 'gpt-test', choices: [{ index: 0, delta, finish_reason: finish }] };
  return `data: ${JSON.stringify(body)}\n\n`;
}

/**
 * A small server on 127.0.0.1 speaking the OpenAI Chat Completions streaming wire format
 * (`POST /v1/chat/completions` with `stream: true` → `data: {chunk}` lines, then `data: [DONE]`).
 */
export async function startFakeOpenAI(): Promise<FakeOpenAI> {
  let current: FakePlan = { chunks: ['Hello', ' world'] };
  let releaseHeld: (() => void) | undefined;
  let held: Promise<void> = new Promise((r) => (releaseHeld = r));
  const requests: FakeRequest[] = [];

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const raw: Buffer[] = [];
    for await (const part of req) raw.push(part as Buffer);
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'Not found' } }));
      return;
    }
    let onClosedEarly!: () => void;
    let onFinished!: () => void;
    const record: FakeRequest = {
      body: JSON.parse(Buffer.concat(raw).toString() || '{}') as FakeRequest['body'],
      headers: req.headers,
      closedEarly: new Promise((r) => (onClosedEarly = r)),
      finished: new Promise((r) => (onFinished = r)),
    };
    requests.push(record);
    const plan = current;
    res.on('close', () => {
      if (!res.writableFinished) onClosedEarly();
    });
    if (plan.status) {
      res.writeHead(plan.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: plan.errorMessage ?? 'Upstream failure', type: 'invalid_request_error', code: null } }));
      onFinished();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    res.flushHeaders();
    const id = `chatcmpl-${requests.length}`;
    const created = Math.floor(Date.now() / 1000);
    res.write(chunkFrame(id, created, { role: 'assistant', content: '' }, null));
    const chunks = plan.chunks ?? [];
    for (let i = 0; i < chunks.length; i++) {
      if (plan.holdAfter !== undefined && i === plan.holdAfter) {
        await Promise.race([held, record.closedEarly]);
      }
      if (res.destroyed) return;
      res.write(chunkFrame(id, created, { content: chunks[i] }, null));
      if (plan.delayMs) await new Promise((r) => setTimeout(r, plan.delayMs));
    }
    if (res.destroyed) return;
    if (plan.failWith) {
      res.end(`data: ${JSON.stringify({ error: { message: plan.failWith, type: 'server_error', code: null } })}\n\n`);
      onFinished();
      return;
    }
    res.write(chunkFrame(id, created, {}, 'stop'));
    res.end('data: [DONE]\n\n');
    onFinished();
  }

  const server: Server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    plan(plan) {
      current = plan;
      held = new Promise((r) => (releaseHeld = r));
    },
    release() {
      releaseHeld?.();
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
