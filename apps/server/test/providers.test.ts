import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PROVIDER_CATEGORIES } from '@console/contract/providers';
import { fakeClock } from '../src/clock';
import { providerConnections } from '../src/db/schema/index';
import { PROVIDER_CATALOG } from '../src/data/providers';
import { getBrandLlmConnection, getDnsProviderConnection } from '../src/modules/providers/service';
import { buildBrandWithTeam, createTestApp, type TestApp } from './helpers/app';

/** A small server speaking the OpenAI models API and Cloudflare's token verify on 127.0.0.1. */
interface FakeUpstream {
  url: string;
  /** When set, every request is answered with this status. */
  forceStatus?: number;
  requests: Array<{ path: string; authorization?: string; apiKey?: string }>;
  close(): Promise<void>;
}

const GOOD_KEY = 'sk-test-0123456789abcdefghijklmnop';
const GOOD_CF_TOKEN = 'cf-token-0123456789abcdefghij';

async function startUpstream(): Promise<FakeUpstream> {
  const state = { forceStatus: undefined as number | undefined, requests: [] as FakeUpstream['requests'] };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '').split('?')[0];
    state.requests.push({ path, authorization: req.headers.authorization, apiKey: req.headers['x-api-key'] as string | undefined });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (upstream.forceStatus) return send(upstream.forceStatus, { error: { message: 'Incorrect API key provided' } });
    if (path === '/v1/models') {
      if (req.headers.authorization !== `Bearer ${GOOD_KEY}`) return send(401, { error: { message: 'Incorrect API key provided' } });
      return send(200, { object: 'list', data: [{ id: 'local-model', object: 'model', owned_by: 'test' }] });
    }
    if (path === '/v1/chat/completions' && req.method === 'POST') {
      if (req.headers.authorization !== `Bearer ${GOOD_KEY}`) return send(401, { error: { message: 'Incorrect API key provided' } });
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const piece of ['Hello from ', 'the brand endpoint']) {
        const chunk = { id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'local-model', choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] };
        res.write(`data: ${JSON.stringify(chunk)}\n\n`);
      }
      res.write(`data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'local-model', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`);
      res.end('data: [DONE]\n\n');
      return;
    }
    if (path === '/anthropic/v1/models') {
      if (req.headers['x-api-key'] !== GOOD_KEY) return send(401, { type: 'error' });
      return send(200, { data: [{ id: 'claude-test', type: 'model' }] });
    }
    if (path === '/client/v4/user/tokens/verify') {
      if (req.headers.authorization !== `Bearer ${GOOD_CF_TOKEN}`) return send(401, { success: false, errors: [{ code: 1000, message: 'Invalid API Token' }] });
      return send(200, { success: true, errors: [], messages: [], result: { id: 'tok', status: 'active' } });
    }
    send(404, { error: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const upstream: FakeUpstream = {
    url: `http://127.0.0.1:${port}`,
    get requests() {
      return state.requests;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return upstream;
}

/** Outbound calls may only reach loopback test servers (STYLE §10). */
const loopbackOnlyFetch: typeof fetch = async (input, init) => {
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
  if (url.hostname !== '127.0.0.1') throw new TypeError(`blocked outbound call to ${url.hostname}`);
  return fetch(input, init);
};

const clock = fakeClock(new Date('2026-11-10T12:00:00Z'));
let t: TestApp;
let upstream: FakeUpstream;
let team: Awaited<ReturnType<typeof buildBrandWithTeam>>;

beforeAll(async () => {
  upstream = await startUpstream();
  t = await createTestApp({ clock, fetch: loopbackOnlyFetch, config: { CLOUDFLARE_API_URL: `${upstream.url}/client/v4` } });
  team = await buildBrandWithTeam(t);
});
afterAll(async () => {
  await t?.close();
  await upstream?.close();
});

const catalog = (query: string, headers = team.members.viewer.headers) =>
  t.app.inject({ method: 'GET', url: `/api/v1/marketplace/providers${query}`, headers });

const connect = (brandId: string, payload: unknown, headers = team.members.admin.headers) =>
  t.app.inject({ method: 'POST', url: `/api/v1/user/providers?brand_id=${brandId}`, headers, payload: payload as Record<string, unknown> });

const openAiConfig = (overrides: Record<string, string> = {}) => ({
  provider_name: 'openai',
  connection_config: { api_key: GOOD_KEY, base_url: `${upstream.url}/v1`, model: 'local-model', ...overrides },
});

describe('GET /api/v1/marketplace/providers', () => {
  it('should fail with 401 without a token', async () => {
    const res = await catalog('', {} as never);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Authentication required', code: 'UNAUTHORIZED' });
  });

  it('returns the first 50 of well over 100 providers with the total', async () => {
    const res = await catalog('');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(PROVIDER_CATALOG.length).toBeGreaterThan(100);
    expect(body.total).toBe(PROVIDER_CATALOG.length);
    expect(body.providers).toHaveLength(50);
    expect(body.providers[0]).toEqual({
      id: 'cloudflare',
      name: 'Cloudflare',
      short_description: expect.any(String),
      description: expect.any(String),
      category: 'dns',
      meta_keywords: expect.stringContaining('dns,'),
      logo_url: '/api/v1/marketplace/providers/cloudflare/logo.svg',
      website: 'https://www.cloudflare.com',
    });
  });

  it('pages by offset and by page without overlap, ending with the remainder', async () => {
    const first = (await catalog('?limit=50&offset=0')).json().providers.map((p: { id: string }) => p.id);
    const second = (await catalog('?limit=50&offset=50')).json().providers.map((p: { id: string }) => p.id);
    const secondByPage = (await catalog('?page=2&limit=50')).json().providers.map((p: { id: string }) => p.id);
    expect(second).toHaveLength(50);
    expect(secondByPage).toEqual(second);
    expect(second.filter((id: string) => first.includes(id))).toEqual([]);
    const last = (await catalog('?limit=50&offset=100')).json();
    expect(last.providers).toHaveLength(Math.min(50, PROVIDER_CATALOG.length - 100));
    const rest = PROVIDER_CATALOG.length > 150 ? (await catalog('?limit=50&offset=150')).json().providers : [];
    expect(new Set([...first, ...second, ...last.providers.map((p: { id: string }) => p.id), ...rest.map((p: { id: string }) => p.id)]).size).toBe(PROVIDER_CATALOG.length);
  });

  it('counts every category with limit=1, and the counts add up to the whole catalog', async () => {
    let sum = 0;
    for (const category of PROVIDER_CATEGORIES) {
      const body = (await catalog(`?category=${category}&limit=1`)).json();
      expect(body.providers).toHaveLength(1);
      expect(body.providers[0].category).toBe(category);
      expect(body.total).toBeGreaterThanOrEqual(15);
      sum += body.total;
    }
    expect(sum).toBe(PROVIDER_CATALOG.length);
  });

  it('searches names, descriptions and keywords with q', async () => {
    const body = (await catalog('?q=postgres&limit=100')).json();
    const ids = body.providers.map((p: { id: string }) => p.id);
    expect(ids).toEqual(expect.arrayContaining(['supabase', 'neon', 'crunchy-bridge']));
    expect(ids).not.toContain('twilio');
    expect(body.total).toBe(ids.length);
    expect((await catalog('?q=openai-compatible&category=llm')).json().providers.map((p: { id: string }) => p.id)).toContain('vllm');
    expect((await catalog('?q=zzznothing')).json()).toEqual({ providers: [], total: 0 });
  });

  it('should fail with 400 for an unknown category', async () => {
    const res = await catalog('?category=payments');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'querystring.category' }] });
  });

  it('serves each logo as our own SVG with the initials, and 404 for an unknown provider', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/marketplace/providers/digitalocean/logo.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.body).toContain('>DI</text>');
    expect(res.body).toContain('fill="#0080FF"');
    expect(res.body).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
    const missing = await t.app.inject({ method: 'GET', url: '/api/v1/marketplace/providers/nope/logo.svg' });
    expect(missing.statusCode).toBe(404);
  });
});

describe('POST /api/v1/user/providers', () => {
  it('should fail with 401 without a token', async () => {
    const res = await connect(team.brand.id, openAiConfig(), {} as never);
    expect(res.statusCode).toBe(401);
  });

  it('should fail with 404 for a member of another brand, exactly like a missing brand', async () => {
    const res = await connect(team.brand.id, openAiConfig(), team.outsider.headers);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Brand not found', code: 'NOT_FOUND' });
  });

  it('should fail with 403 for editors, agents and viewers', async () => {
    for (const role of ['editor', 'agent', 'viewer'] as const) {
      const res = await connect(team.brand.id, openAiConfig(), team.members[role].headers);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
  });

  const missingCases: Array<[string, Record<string, string>, string]> = [
    ['cloudflare', { email: 'ops@example.test' }, 'api_token'],
    ['cloudflare', { api_token: GOOD_CF_TOKEN }, 'email'],
    ['aws', { secret_access_key: 'secret' }, 'access_key_id'],
    ['aws', { access_key_id: 'AKIA123' }, 'secret_access_key'],
    ['digitalocean', {}, 'api_token'],
    ['gcp', { credentials_json: '{}' }, 'project_id'],
    ['gcp', { project_id: 'p-1' }, 'credentials_json'],
    ['azure', { tenant_id: 't', client_id: 'c', client_secret: 's' }, 'subscription_id'],
    ['azure', { subscription_id: 's', client_id: 'c', client_secret: 's' }, 'tenant_id'],
    ['azure', { subscription_id: 's', tenant_id: 't', client_secret: 's' }, 'client_id'],
    ['azure', { subscription_id: 's', tenant_id: 't', client_id: 'c' }, 'client_secret'],
    ['stripe', { publishable_key: 'pk_test_1' }, 'secret_key'],
    ['openai', { organization_id: 'org-1' }, 'api_key'],
    ['sendgrid', {}, 'api_key'],
    ['github', { api_key: '   ' }, 'api_key'],
  ];
  it.each(missingCases)('should fail with 400 naming the field when %s lacks a required field (%j)', async (provider, config, field) => {
    const res = await connect(team.brand.id, { provider_name: provider, connection_config: config });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: `${field} is required`,
      code: 'VALIDATION_ERROR',
      details: [{ path: `body.connection_config.${field}`, message: 'Required' }],
    });
  });

  it('should fail with 400 for an unknown provider, invalid JSON credentials or a non-http base URL', async () => {
    const unknown = await connect(team.brand.id, { provider_name: 'not-a-provider', connection_config: { api_key: 'x' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: 'Unknown provider: not-a-provider', details: [{ path: 'body.provider_name' }] });
    const badJson = await connect(team.brand.id, { provider_name: 'gcp', connection_config: { project_id: 'p', credentials_json: '{nope' } });
    expect(badJson.json()).toMatchObject({ error: 'credentials_json must be valid JSON' });
    const badUrl = await connect(team.brand.id, openAiConfig({ base_url: 'file:///etc/passwd' }));
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toMatchObject({ error: 'base_url must be an http(s) URL' });
  });

  it('saves a connection whose credentials the provider accepts as healthy, showing only masked secrets', async () => {
    const res = await connect(team.brand.id, openAiConfig({ organization_id: 'org-acme' }), team.members.owner.headers);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      brand_id: team.brand.id,
      provider_name: 'openai',
      display_name: 'OpenAI',
      provider_type: 'llm',
      health_status: 'healthy',
      health_message: null,
      last_checked_at: '2026-11-10T12:00:00.000Z',
      fields: [
        { name: 'api_key', value: '••••••••mnop', secret: true },
        { name: 'organization_id', value: 'org-acme', secret: false },
        { name: 'base_url', value: `${upstream.url}/v1`, secret: false },
        { name: 'model', value: 'local-model', secret: false },
      ],
      created_at: '2026-11-10T12:00:00.000Z',
      updated_at: '2026-11-10T12:00:00.000Z',
    });
    expect(res.body).not.toContain(GOOD_KEY);
    const seen = upstream.requests.at(-1)!;
    expect(seen).toMatchObject({ path: '/v1/models', authorization: `Bearer ${GOOD_KEY}` });
  });

  it('stores the secrets sealed: the database row never holds them in clear', async () => {
    await connect(team.brand.id, openAiConfig());
    const [row] = await t.ctx.db.select().from(providerConnections).where(eq(providerConnections.brandId, team.brand.id));
    const raw = JSON.stringify(row);
    expect(raw).not.toContain(GOOD_KEY);
    expect(raw).not.toContain('0123456789abcdefghijklmnop');
    expect(row.configSealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(JSON.parse(t.ctx.keyring.open(row.configSealed))).toMatchObject({ api_key: GOOD_KEY });
  });

  it('saves the connection as unhealthy with the reason when the provider refuses the key (201)', async () => {
    const res = await connect(team.brand.id, { provider_name: 'anthropic', connection_config: { api_key: 'sk-ant-wrong-key-000000', base_url: `${upstream.url}/anthropic` } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ provider_name: 'anthropic', health_status: 'unhealthy', health_message: 'Authentication failed (HTTP 401)' });
    expect(upstream.requests.at(-1)).toMatchObject({ path: '/anthropic/v1/models', apiKey: 'sk-ant-wrong-key-000000' });
    const ok = await connect(team.brand.id, { provider_name: 'anthropic', connection_config: { api_key: GOOD_KEY, base_url: `${upstream.url}/anthropic` } });
    expect(ok.json()).toMatchObject({ health_status: 'healthy', health_message: null });
    expect(ok.json().id).toBe(res.json().id);
  });

  it('records an unreachable provider as unhealthy, and one without a check as unknown', async () => {
    const unreachable = await connect(team.brand.id, { provider_name: 'groq', connection_config: { api_key: 'gsk_x', base_url: 'http://127.0.0.1:9/openai/v1' } });
    expect(unreachable.statusCode).toBe(201);
    expect(unreachable.json()).toMatchObject({ health_status: 'unhealthy', health_message: 'Could not reach 127.0.0.1:9' });
    const noCheck = await connect(team.brand.id, { provider_name: 'aws', connection_config: { access_key_id: 'AKIAEXAMPLE', secret_access_key: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', region: 'eu-west-1' } });
    expect(noCheck.json()).toMatchObject({
      provider_type: 'cloud',
      health_status: 'unknown',
      health_message: 'No automatic health check for this provider',
      last_checked_at: null,
      fields: [
        { name: 'access_key_id', value: '••••••••', secret: true },
        { name: 'secret_access_key', value: '••••••••EKEY', secret: true },
        { name: 'region', value: 'eu-west-1', secret: false },
      ],
    });
  });

  it('verifies a Cloudflare token against the configured API URL and hands it to domain sync decrypted', async () => {
    const res = await connect(team.brand.id, { provider_name: 'cloudflare', connection_config: { api_token: GOOD_CF_TOKEN, email: 'ops@example.test' } });
    expect(res.json()).toMatchObject({ provider_type: 'dns', health_status: 'healthy', fields: [{ name: 'api_token', value: '••••••••ghij' }, { name: 'email', value: 'ops@example.test' }] });
    expect(await getDnsProviderConnection(t.ctx, team.brand.id)).toEqual({
      provider: 'cloudflare',
      apiToken: GOOD_CF_TOKEN,
      email: 'ops@example.test',
      baseUrl: `${upstream.url}/client/v4`,
    });
    expect(await getDnsProviderConnection(t.ctx, team.other.id)).toBeUndefined();
  });
});

describe('health re-check', () => {
  it('is healthy, then unhealthy once the OpenAI-compatible server answers 401', async () => {
    const created = (await connect(team.brand.id, openAiConfig())).json();
    expect(created.health_status).toBe('healthy');
    upstream.forceStatus = 401;
    clock.advance(60_000);
    try {
      const res = await t.app.inject({ method: 'POST', url: `/api/v1/user/providers/${created.id}/check`, headers: team.members.admin.headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: created.id, health_status: 'unhealthy', health_message: 'Authentication failed (HTTP 401)', last_checked_at: '2026-11-10T12:01:00.000Z' });
      const listed = (await t.app.inject({ method: 'GET', url: `/api/v1/providers?brand_id=${team.brand.id}`, headers: team.members.viewer.headers })).json();
      expect(listed.providers.find((p: { name: string }) => p.name === 'openai')).toMatchObject({ status: 'error', health_status: 'unhealthy' });
    } finally {
      upstream.forceStatus = undefined;
    }
    const again = await t.app.inject({ method: 'POST', url: `/api/v1/user/providers/${created.id}/check`, headers: team.members.owner.headers });
    expect(again.json()).toMatchObject({ health_status: 'healthy' });
  });

  it('answers 401 without a token, 404 for another brand, 403 below admin', async () => {
    const { id } = (await connect(team.brand.id, openAiConfig())).json();
    const url = `/api/v1/user/providers/${id}/check`;
    expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(401);
    const outsider = await t.app.inject({ method: 'POST', url, headers: team.outsider.headers });
    const missing = await t.app.inject({ method: 'POST', url: '/api/v1/user/providers/00000000-0000-4000-8000-000000000000/check', headers: team.outsider.headers });
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json()).toEqual(missing.json());
    expect((await t.app.inject({ method: 'POST', url, headers: team.members.editor.headers })).statusCode).toBe(403);
  });
});

describe('GET /api/v1/user/providers and GET /api/v1/providers', () => {
  it('lists the brand connections with id, provider_name and health_status, never a secret', async () => {
    await connect(team.brand.id, openAiConfig());
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/user/providers?brand_id=${team.brand.id}`, headers: team.members.viewer.headers });
    expect(res.statusCode).toBe(200);
    const { providers } = res.json();
    expect(providers.find((p: { provider_name: string }) => p.provider_name === 'openai')).toMatchObject({ id: expect.any(String), provider_name: 'openai', health_status: 'healthy' });
    expect(res.body).not.toContain(GOOD_KEY);
    expect(res.body).not.toContain(GOOD_CF_TOKEN);
  });

  it("lists, without brand_id, the connections of every brand of the caller's and no other", async () => {
    const mine = await buildBrandWithTeam(t);
    await connect(mine.brand.id, { provider_name: 'sendgrid', connection_config: { api_key: 'SG.key-abcdefghijklmnop' } }, mine.members.owner.headers);
    await connect(mine.other.id, { provider_name: 'slack', connection_config: { api_key: 'xoxb-1' } }, mine.outsider.headers);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/user/providers', headers: mine.members.viewer.headers });
    expect(res.json().providers.map((p: { provider_name: string; brand_id: string }) => [p.provider_name, p.brand_id])).toEqual([['sendgrid', mine.brand.id]]);
  });

  it('lists the brand providers as name, provider_type and status', async () => {
    await connect(team.brand.id, openAiConfig());
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/providers?brand_id=${team.brand.id}`, headers: team.members.viewer.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().providers).toContainEqual({ id: expect.any(String), name: 'openai', display_name: 'OpenAI', provider_type: 'llm', status: 'connected', health_status: 'healthy' });
    expect(res.body).not.toContain(GOOD_KEY);
  });

  it('answers 401 without a token and 404 for a member of another brand on both lists', async () => {
    for (const path of ['/api/v1/user/providers', '/api/v1/providers']) {
      expect((await t.app.inject({ method: 'GET', url: `${path}?brand_id=${team.brand.id}` })).statusCode).toBe(401);
      const res = await t.app.inject({ method: 'GET', url: `${path}?brand_id=${team.brand.id}`, headers: team.outsider.headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Brand not found', code: 'NOT_FOUND' });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/providers' , headers: team.members.viewer.headers })).statusCode).toBe(400);
  });
});

describe('DELETE /api/v1/user/providers/{id}', () => {
  it('answers 401 without a token, 404 for another brand, 403 below admin, then disconnects for an admin', async () => {
    const { id } = (await connect(team.brand.id, { provider_name: 'twilio', connection_config: { api_key: 'twilio-key-0123456789' } })).json();
    const url = `/api/v1/user/providers/${id}`;
    expect((await t.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    const outsider = await t.app.inject({ method: 'DELETE', url, headers: team.outsider.headers });
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json()).toEqual({ error: 'Provider connection not found', code: 'NOT_FOUND' });
    expect((await t.app.inject({ method: 'DELETE', url, headers: team.members.viewer.headers })).statusCode).toBe(403);
    const res = await t.app.inject({ method: 'DELETE', url, headers: team.members.admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const rows = await t.ctx.db.select().from(providerConnections).where(eq(providerConnections.id, id));
    expect(rows).toEqual([]);
    expect((await t.app.inject({ method: 'DELETE', url, headers: team.members.admin.headers })).statusCode).toBe(404);
  });
});

describe('getBrandLlmConnection', () => {
  it("gives the chat the brand's connected OpenAI-compatible endpoint, decrypted, and nothing for other brands", async () => {
    const fresh = await buildBrandWithTeam(t);
    expect(await getBrandLlmConnection(t.ctx, fresh.brand.id)).toBeUndefined();
    await connect(fresh.brand.id, { provider_name: 'vllm', connection_config: { api_key: GOOD_KEY, base_url: `${upstream.url}/v1`, model: 'local-model' } }, fresh.members.admin.headers);
    expect(await getBrandLlmConnection(t.ctx, fresh.brand.id)).toEqual({ provider: 'openai', apiKey: GOOD_KEY, baseUrl: `${upstream.url}/v1`, model: 'local-model' });
    expect(await getBrandLlmConnection(t.ctx, fresh.other.id)).toBeUndefined();
  });

  it('makes the chat stream from the connected OpenAI-compatible endpoint instead of the built-in assistant', async () => {
    const fresh = await buildBrandWithTeam(t);
    // Streams need a real socket.
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const chat = async () => {
      const res = await fetch(`${base}/api/v1/core-ai/chat/stream`, {
        method: 'POST',
        headers: { ...fresh.members.viewer.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ brand_id: fresh.brand.id, messages: [{ role: 'user', content: 'Say hello' }] }),
      });
      return { statusCode: res.status, body: await res.text() };
    };
    const before = await chat();
    expect(before.body).toContain('event: end');
    expect(before.body).not.toContain('the brand endpoint');
    // The choice of model is cached per brand: connecting and disconnecting must apply at once.
    const connected = await connect(fresh.brand.id, { provider_name: 'llama-cpp', connection_config: { api_key: GOOD_KEY, base_url: `${upstream.url}/v1`, model: 'local-model' } }, fresh.members.admin.headers);
    const res = await chat();
    expect(res.statusCode).toBe(200);
    const pieces = [...res.body.matchAll(/event: message\ndata: (.*)\n/g)].map((m) => JSON.parse(m[1]).content as string);
    expect(pieces.join('')).toBe('Hello from the brand endpoint');
    expect(upstream.requests.at(-1)).toMatchObject({ path: '/v1/chat/completions', authorization: `Bearer ${GOOD_KEY}` });
    const requests = upstream.requests.length;
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/v1/user/providers/${connected.json().id}`, headers: fresh.members.admin.headers });
    expect(removed.statusCode).toBe(200);
    const after = await chat();
    expect(after.body).toContain('event: end');
    expect(after.body).not.toContain('the brand endpoint');
    expect(upstream.requests.length).toBe(requests);
  });

  it('prefers a healthy LLM connection over an unhealthy one and ignores non-LLM providers', async () => {
    const fresh = await buildBrandWithTeam(t);
    await connect(fresh.brand.id, { provider_name: 'anthropic', connection_config: { api_key: GOOD_KEY, base_url: `${upstream.url}/anthropic` } }, fresh.members.admin.headers);
    await connect(fresh.brand.id, { provider_name: 'groq', connection_config: { api_key: 'bad', base_url: `${upstream.url}/v1` } }, fresh.members.admin.headers);
    await connect(fresh.brand.id, { provider_name: 'sendgrid', connection_config: { api_key: 'SG.x' } }, fresh.members.admin.headers);
    expect(await getBrandLlmConnection(t.ctx, fresh.brand.id)).toEqual({
      provider: 'anthropic',
      apiKey: GOOD_KEY,
      baseUrl: `${upstream.url}/anthropic/v1`,
      model: 'claude-sonnet-4-5',
    });
  });
});
