import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { createServer, type AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../src/db/client';
import { buildBrandWithTeam, createTestApp, type TestApp } from './helpers/app';
import { startFakeOpenAI, type FakeOpenAI } from './helpers/fake-openai';

let fake: FakeOpenAI;
let t: TestApp;
let base: string;
let team: Awaited<ReturnType<typeof buildBrandWithTeam>>;

beforeAll(async () => {
  fake = await startFakeOpenAI();
  t = await createTestApp({ config: { AI_MODEL: 'openai:gpt-test', OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.url } });
  base = await listen(t);
  team = await buildBrandWithTeam(t);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** A live SSE stream read over a real socket: events arrive one by one as the server flushes them. */
async function openStream(body: unknown, headers: Record<string, string> = team.members.viewer.headers, signal?: AbortSignal, at = base) {
  const res = await fetch(`${at}/api/v1/core-ai/chat/stream`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal,
  });
  const queue: EventSourceMessage[] = [];
  let wake: (() => void) | undefined;
  let done = false;
  const parser = createParser({
    onEvent(e) {
      queue.push(e);
      wake?.();
    },
  });
  void (async () => {
    if (!res.body || !res.headers.get('content-type')?.includes('text/event-stream')) return;
    const decoder = new TextDecoder();
    try {
      for await (const bytes of res.body) parser.feed(decoder.decode(bytes as Uint8Array, { stream: true }));
    } catch {
      // aborted by the test
    } finally {
      done = true;
      wake?.();
    }
  })();
  return {
    res,
    /** The next event, waiting for it to arrive. */
    async next(): Promise<EventSourceMessage | undefined> {
      while (queue.length === 0 && !done) await new Promise<void>((r) => (wake = r));
      return queue.shift();
    },
    async rest(): Promise<EventSourceMessage[]> {
      const all: EventSourceMessage[] = [];
      for (let e = await this.next(); e; e = await this.next()) all.push(e);
      return all;
    },
  };
}

async function newConversation(headers = team.members.viewer.headers, brandId = team.brand.id) {
  const res = await fetch(`${base}/api/v1/conversations?brand_id=${brandId}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: '{}' });
  return ((await res.json()) as { id: string }).id;
}

async function messagesOf(conversationId: string) {
  const res = await fetch(`${base}/api/v1/conversations/${conversationId}?brand_id=${team.brand.id}`, { headers: team.members.viewer.headers });
  return ((await res.json()) as { messages: Array<{ id: string; role: string; content: string; metadata: Record<string, unknown> }> }).messages;
}

async function listen(app: TestApp) {
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
}

const userAsks = (content: string) => [{ role: 'user', content }];

describe('POST /api/v1/core-ai/chat/stream through an OpenAI-compatible upstream', () => {
  it('relays each chunk in order before the upstream finishes, then saves the reply and ends with its id', async () => {
    const conversationId = await newConversation();
    fake.plan({ chunks: ['The ', 'gripper ', 'resets ', 'after ', 'ten seconds.'], holdAfter: 3 });
    const stream = await openStream({ brand_id: team.brand.id, conversation_id: conversationId, messages: userAsks('How do I reset the gripper?') });
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');

    // Three chunks reach us while the upstream is still holding the rest back.
    const early = [await stream.next(), await stream.next(), await stream.next()];
    expect(early.map((e) => [e?.event, JSON.parse(e!.data)])).toEqual([
      ['message', { content: 'The ' }],
      ['message', { content: 'gripper ' }],
      ['message', { content: 'resets ' }],
    ]);
    const request = fake.requests.at(-1)!;
    let upstreamFinished = false;
    void request.finished.then(() => (upstreamFinished = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(upstreamFinished).toBe(false);

    fake.release();
    const rest = await stream.rest();
    expect(rest.slice(0, 2).map((e) => JSON.parse(e.data))).toEqual([{ content: 'after ' }, { content: 'ten seconds.' }]);
    const end = rest.at(-1)!;
    expect(end.event).toBe('end');
    expect(rest).toHaveLength(3);

    // The upstream got the conversation in Chat Completions form.
    expect(request.body).toMatchObject({ model: 'gpt-test', stream: true, messages: [{ role: 'user', content: 'How do I reset the gripper?' }] });
    expect(request.headers.authorization).toBe('Bearer sk-test');

    const saved = (await messagesOf(conversationId)).at(-1)!;
    expect(JSON.parse(end.data)).toEqual({ message_id: saved.id });
    expect(saved).toMatchObject({ role: 'assistant', content: 'The gripper resets after ten seconds.', metadata: { model: 'openai:gpt-test' } });
    expect(saved.metadata).not.toHaveProperty('interrupted');
  });

  it('streams statelessly without conversation_id: end carries a null message id and nothing is saved', async () => {
    fake.plan({ chunks: ['Just ', 'text'] });
    const before = rowsOf<{ n: number }>(await t.ctx.db.execute(sql`select count(*)::int as n from messages`))[0].n;
    const stream = await openStream({ brand_id: team.brand.id, messages: userAsks('Hi') });
    const events = await stream.rest();
    expect(events.map((e) => [e.event, JSON.parse(e.data)])).toEqual([
      ['message', { content: 'Just ' }],
      ['message', { content: 'text' }],
      ['end', { message_id: null }],
    ]);
    expect(rowsOf<{ n: number }>(await t.ctx.db.execute(sql`select count(*)::int as n from messages`))[0].n).toBe(before);
  });

  it('saves the partial reply marked interrupted and closes the upstream connection when the client stops', async () => {
    const conversationId = await newConversation();
    fake.plan({ chunks: ['Partial ', 'answer ', 'never sent'], holdAfter: 2 });
    const abort = new AbortController();
    const stream = await openStream(
      { brand_id: team.brand.id, conversation_id: conversationId, messages: userAsks('Tell me a long story') },
      team.members.viewer.headers,
      abort.signal,
    );
    expect(JSON.parse((await stream.next())!.data)).toEqual({ content: 'Partial ' });
    expect(JSON.parse((await stream.next())!.data)).toEqual({ content: 'answer ' });
    const request = fake.requests.at(-1)!;
    abort.abort();

    // The upstream request is cancelled: the fake sees its connection closed before the stream ended.
    await expect(Promise.race([request.closedEarly.then(() => 'closed'), new Promise((r) => setTimeout(() => r('still open'), 3000))])).resolves.toBe('closed');
    await expect.poll(async () => (await messagesOf(conversationId)).filter((m) => m.role === 'assistant'), { timeout: 3000 }).toEqual([
      expect.objectContaining({ content: 'Partial answer ', metadata: { model: 'openai:gpt-test', interrupted: true } }),
    ]);
  });

  it('turns an upstream error into an error event carrying the provider’s reason', async () => {
    const conversationId = await newConversation();
    fake.plan({ status: 401, errorMessage: 'Incorrect API key provided: sk-test.' });
    const stream = await openStream({ brand_id: team.brand.id, conversation_id: conversationId, messages: userAsks('Hello?') });
    expect(stream.res.status).toBe(200);
    const events = await stream.rest();
    expect(events.map((e) => [e.event, JSON.parse(e.data)])).toEqual([['error', { error: 'Incorrect API key provided: sk-test.' }]]);
    expect((await messagesOf(conversationId)).filter((m) => m.role === 'assistant')).toEqual([]);
  });

  it('keeps the text streamed before a mid-stream upstream error, marked interrupted, and sends the reason', async () => {
    const conversationId = await newConversation();
    fake.plan({ chunks: ['Half ', 'an answer'], failWith: 'The server had an error while processing your request.' });
    const stream = await openStream({ brand_id: team.brand.id, conversation_id: conversationId, messages: userAsks('Go on') });
    const events = await stream.rest();
    expect(events.map((e) => [e.event, JSON.parse(e.data)])).toEqual([
      ['message', { content: 'Half ' }],
      ['message', { content: 'an answer' }],
      ['error', { error: 'The server had an error while processing your request.' }],
    ]);
    expect((await messagesOf(conversationId)).filter((m) => m.role === 'assistant')).toEqual([
      expect.objectContaining({
        content: 'Half an answer',
        metadata: { model: 'openai:gpt-test', interrupted: true, error: 'The server had an error while processing your request.' },
      }),
    ]);
  });

  it('reports an unreachable upstream as an error event', async () => {
    // A port that was just free: nothing listens there.
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const closedPort = (probe.address() as AddressInfo).port;
    await new Promise<void>((r) => probe.close(() => r()));
    const dead = await createTestApp({ config: { AI_MODEL: 'openai:gpt-test', OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: `http://127.0.0.1:${closedPort}/v1` } });
    try {
      const deadTeam = await buildBrandWithTeam(dead);
      const stream = await openStream({ brand_id: deadTeam.brand.id, messages: userAsks('Anyone there?') }, deadTeam.members.viewer.headers, undefined, await listen(dead));
      expect(stream.res.status).toBe(200);
      const events = await stream.rest();
      expect(events).toHaveLength(1);
      expect(events[0].event).toBe('error');
      expect(JSON.parse(events[0].data).error).toMatch(/^Cannot connect to API: .*ECONNREFUSED/);
    } finally {
      await dead.close();
    }
  });
});

describe('POST /api/v1/core-ai/chat/stream refusals (JSON, before any stream starts)', () => {
  const inject = (payload: unknown, headers: Record<string, string> = team.members.viewer.headers) =>
    t.app.inject({ method: 'POST', url: '/api/v1/core-ai/chat/stream', headers, payload: payload as Record<string, unknown> });

  it('should fail with 400 naming the field when messages are missing or empty', async () => {
    const missing = await inject({ brand_id: team.brand.id });
    expect(missing.statusCode).toBe(400);
    expect(missing.headers['content-type']).toContain('application/json');
    expect(missing.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'body.messages' }] });
    expect((await inject({ brand_id: team.brand.id, messages: [] })).statusCode).toBe(400);
    expect((await inject({ brand_id: team.brand.id, messages: [{ role: 'wizard', content: 'x' }] })).statusCode).toBe(400);
  });

  it('should fail with 400 when brand_id is missing', async () => {
    const res = await inject({ messages: userAsks('x') });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'body.brand_id' }] });
  });

  it('should fail with 401 without a token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/core-ai/chat/stream', payload: { brand_id: team.brand.id, messages: userAsks('x') } });
    expect(res.statusCode).toBe(401);
  });

  it('should fail with 404 for a member of another brand', async () => {
    const res = await inject({ brand_id: team.brand.id, messages: userAsks('x') }, team.outsider.headers);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Brand not found', code: 'NOT_FOUND' });
  });

  it('should fail with 404 for a conversation of another brand, and not call the upstream', async () => {
    const theirs = await newConversation(team.outsider.headers, team.other.id);
    const calls = fake.requests.length;
    const res = await inject({ brand_id: team.brand.id, conversation_id: theirs, messages: userAsks('x') });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Conversation not found', code: 'NOT_FOUND' });
    expect(fake.requests.length).toBe(calls);
  });
});

describe('the built-in assistant (no model configured)', () => {
  it('answers from the brand’s knowledge base, naming the matching article, and says how to connect a model', async () => {
    const plain = await createTestApp();
    try {
      const plainTeam = await buildBrandWithTeam(plain);
      const insert = (brandId: string, title: string, content: string, status = 'published') =>
        plain.ctx.db.execute(sql`
          insert into knowledge_articles (brand_id, title, content, excerpt, status, category)
          values (${brandId}, ${title}, ${content}, ${content.slice(0, 120)}, ${status}, 'troubleshooting')`);
      await insert(plainTeam.brand.id, 'Resetting the gripper controller', 'Hold the gripper reset button for ten seconds until the LED blinks blue.');
      await insert(plainTeam.brand.id, 'Billing cycles explained', 'Invoices are issued on the first day of every month.');
      await insert(plainTeam.brand.id, 'Gripper draft notes', 'Unpublished gripper notes.', 'draft');
      await insert(plainTeam.other.id, 'Other brand gripper guide', 'Gripper guide of another brand.');
      const conversationId = (
        await plain.app.inject({ method: 'POST', url: `/api/v1/conversations?brand_id=${plainTeam.brand.id}`, headers: plainTeam.members.viewer.headers })
      ).json().id as string;

      const stream = await openStream(
        { brand_id: plainTeam.brand.id, conversation_id: conversationId, messages: userAsks('How can I reset the gripper?') },
        plainTeam.members.viewer.headers,
        undefined,
        await listen(plain),
      );
      expect(stream.res.status).toBe(200);
      const events = await stream.rest();
      const chunks = events.filter((e) => e.event === 'message');
      expect(chunks.length).toBeGreaterThan(10);
      const text = chunks.map((e) => (JSON.parse(e.data) as { content: string }).content).join('');
      expect(text).toContain('Resetting the gripper controller');
      expect(text).toContain('Hold the gripper reset button for ten seconds');
      expect(text).not.toContain('Billing cycles explained');
      expect(text).not.toContain('Gripper draft notes');
      expect(text).not.toContain('Other brand gripper guide');
      expect(text).toContain('No AI model is connected');
      expect(text).toContain('Providers panel');
      expect(text).toMatch(/Open tickets: \*\*0\*\*/);
      expect(text).toContain('Devices: **0 online**, 0 offline (0 devices in all)');
      expect(text).toContain('Running deployment jobs: **0**');

      const end = events.at(-1)!;
      expect(end.event).toBe('end');
      const detail = (
        await plain.app.inject({ method: 'GET', url: `/api/v1/conversations/${conversationId}?brand_id=${plainTeam.brand.id}`, headers: plainTeam.members.viewer.headers })
      ).json();
      expect(detail.messages).toEqual([
        expect.objectContaining({ id: JSON.parse(end.data).message_id, role: 'assistant', content: text, metadata: { model: 'builtin' } }),
      ]);
      // Only the reply was posted to this conversation, so there is no user message to name it after.
      expect(detail.title).toBe('New Chat');
    } finally {
      await plain.close();
    }
  });
});

describe('model choice', () => {
  it("uses the brand's own LLM connection ahead of the built-in assistant", async () => {
    const plain = await createTestApp();
    try {
      const plainTeam = await buildBrandWithTeam(plain);
      const connect = await plain.app.inject({
        method: 'POST',
        url: `/api/v1/user/providers?brand_id=${plainTeam.brand.id}`,
        headers: plainTeam.members.admin.headers,
        payload: { provider_name: 'openai', connection_config: { api_key: 'sk-brand-key', base_url: fake.url } },
      });
      expect(connect.statusCode).toBe(201);
      fake.plan({ chunks: ['From ', 'the brand model'] });
      const calls = fake.requests.length;
      const stream = await openStream(
        { brand_id: plainTeam.brand.id, messages: userAsks('Which model are you?') },
        plainTeam.members.viewer.headers,
        undefined,
        await listen(plain),
      );
      const events = await stream.rest();
      expect(events.map((e) => [e.event, JSON.parse(e.data)])).toEqual([
        ['message', { content: 'From ' }],
        ['message', { content: 'the brand model' }],
        ['end', { message_id: null }],
      ]);
      expect(fake.requests.length).toBe(calls + 1);
      expect(fake.requests.at(-1)!.headers.authorization).toBe('Bearer sk-brand-key');
    } finally {
      await plain.close();
    }
  });
});
