import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { fakeClock } from '../src/clock';
import { domains } from '../src/db/schema/index';
import { buildBrand, buildBrandWithTeam, buildUser, createTestApp, loginAs, type TestApp } from './helpers/app';
import { startDnsServer, type TestDnsServer } from './helpers/dns-server';
import { startFakeCloudflare } from './helpers/fake-cloudflare';
import { connectProvider } from '../src/modules/providers/service';
import nodemailer from 'nodemailer';
import { createSmtpServer } from '../src/mail/inbound';
import { seedDemo } from '../src/db/seed/index';

const clock = fakeClock(new Date('2026-11-01T12:00:00Z'));
const TIMEOUT_MS = 800;
let t: TestApp;
let dns: TestDnsServer;
let team: Awaited<ReturnType<typeof buildBrandWithTeam>>;
let cloudflare: Awaited<ReturnType<typeof startFakeCloudflare>>;
const CF_TOKEN = 'cf-test-token-0123456789';

beforeAll(async () => {
  dns = await startDnsServer();
  // Records created through the fake Cloudflare API are served by the test DNS server, as a real zone would.
  const published = new Map<string, string[]>();
  cloudflare = await startFakeCloudflare({
    token: CF_TOKEN,
    zones: ['example.dev'],
    onRecordCreated: (r) => {
      published.set(r.name, [...(published.get(r.name) ?? []), r.content]);
      dns.setTxt(r.name, published.get(r.name)!);
    },
  });
  t = await createTestApp({
    clock,
    config: { DNS_SERVERS: dns.address, DNS_TIMEOUT_MS: String(TIMEOUT_MS), CLOUDFLARE_API_URL: cloudflare.baseUrl },
  });
  team = await buildBrandWithTeam(t);
});
afterAll(async () => {
  await t?.close();
  await dns?.close();
  await cloudflare?.close();
});

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
type Headers = { authorization: string };

const list = (brandId: string, headers?: Headers) => t.app.inject({ method: 'GET', url: `/api/v1/support/brands/${brandId}/domains`, headers });
const add = (brandId: string, domain: unknown, headers?: Headers) =>
  t.app.inject({ method: 'POST', url: `/api/v1/support/brands/${brandId}/domains`, headers, payload: { domain } });
const post = (id: string, action: string, headers?: Headers, payload?: object) =>
  t.app.inject({ method: 'POST', url: `/api/v1/support/domains/${id}/${action}`, headers, ...(payload ? { payload } : {}) });
const records = (id: string, headers?: Headers) => t.app.inject({ method: 'GET', url: `/api/v1/support/domains/${id}/records`, headers });
const remove = (id: string, headers?: Headers) => t.app.inject({ method: 'DELETE', url: `/api/v1/support/domains/${id}`, headers });

let counter = 0;
/** A fresh domain of the team's brand, added by its owner. */
async function addedDomain(name = `d${++counter}-${Date.now().toString(36)}.example.com`) {
  const res = await add(team.brand.id, name, team.members.owner.headers);
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; domain: string; verification_token: string };
}

/** A domain of the team's brand, verified through the test DNS server. */
async function verifiedDomain(name?: string) {
  const d = await addedDomain(name);
  dns.setTxt(`_console-verify.${d.domain}`, [d.verification_token]);
  const res = await post(d.id, 'verify', team.members.admin.headers, { method: 'txt_record' });
  expect(res.json()).toMatchObject({ verified: true });
  return d;
}

describe('POST /api/v1/support/brands/{brandId}/domains', () => {
  it('adds the trimmed, lower-cased name as an unverified, non-primary domain with 201', async () => {
    const res = await add(team.brand.id, '  Support.Acme-Example.COM  ', team.members.admin.headers);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      brand_id: team.brand.id,
      domain: 'support.acme-example.com',
      domain_name: 'support.acme-example.com',
      status: 'pending',
      provider: 'manual',
      verified: false,
      verified_at: null,
      is_primary: false,
      chat_email_enabled: false,
      chat_subdomain: 'chat',
      email_configured: false,
      verification_token: `console-verify=${body.id.slice(0, 8)}`,
      created_at: expect.any(String),
    });
  });

  it.each([[''], ['   '], ['localhost'], ['-bad.example.com'], ['bad_.example.com'], ['exa mple.com'], ['1.2.3.4'], ['a..b.com'], [42]])(
    'should fail with 400 when the domain is %j',
    async (domain) => {
      const res = await add(team.brand.id, domain, team.members.owner.headers);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'body.domain' }] });
    },
  );

  it('should fail with 409 when the brand already has the name', async () => {
    const d = await addedDomain();
    const res = await add(team.brand.id, d.domain.toUpperCase(), team.members.owner.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'This domain has already been added.', code: 'CONFLICT' });
  });

  it('should fail with 409 when another brand verified the name, but allows an unverified duplicate', async () => {
    const d = await verifiedDomain();
    const outsiderAdd = await add(team.other.id, d.domain, team.outsider.headers);
    expect(outsiderAdd.statusCode).toBe(409);
    expect(outsiderAdd.json()).toEqual({ error: 'This domain is already verified by another brand.', code: 'CONFLICT' });

    const pending = await addedDomain();
    expect((await add(team.other.id, pending.domain, team.outsider.headers)).statusCode).toBe(201);
  });

  it('should fail with 403 for editors, agents and viewers, 401 without a token and 404 for another brand', async () => {
    for (const role of ['editor', 'agent', 'viewer'] as const) {
      expect((await add(team.brand.id, 'roles.example.com', team.members[role].headers)).statusCode).toBe(403);
    }
    expect((await add(team.brand.id, 'roles.example.com')).statusCode).toBe(401);
    const res = await add(team.brand.id, 'roles.example.com', team.outsider.headers);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Brand not found', code: 'NOT_FOUND' });
  });
});

describe('GET /api/v1/support/brands/{brandId}/domains', () => {
  it("lists only the brand's domains to every member, primary first", async () => {
    const brand = await buildBrand(t.ctx);
    const owner = await buildUser(t.ctx, { memberships: [[brand.id, 'owner']] });
    const viewer = await buildUser(t.ctx, { memberships: [[brand.id, 'viewer']] });
    const ownerHeaders = (await loginAs(t.app, owner.email)).headers;
    const a = (await add(brand.id, 'list-a.example.org', ownerHeaders)).json();
    const b = (await add(brand.id, 'list-b.example.org', ownerHeaders)).json();
    dns.setTxt('_console-verify.list-a.example.org', [a.verification_token]);
    expect((await post(a.id, 'verify', ownerHeaders, { method: 'txt_record' })).json().domain.is_primary).toBe(true);

    const res = await list(brand.id, (await loginAs(t.app, viewer.email)).headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().domains.map((d: { id: string; is_primary: boolean; status: string }) => [d.id, d.is_primary, d.status])).toEqual([
      [a.id, true, 'verified'],
      [b.id, false, 'pending'],
    ]);
  });

  it('should fail with 401 without a token and 404 for a member of another brand or an unknown brand', async () => {
    expect((await list(team.brand.id)).statusCode).toBe(401);
    expect((await list(team.brand.id, team.outsider.headers)).statusCode).toBe(404);
    expect((await list(UNKNOWN_ID, team.members.owner.headers)).statusCode).toBe(404);
  });
});

describe('POST /api/v1/support/domains/{id}/verify', () => {
  it('answers verified false with the message, error and TXT instructions until the record is served, then verifies', async () => {
    const d = await addedDomain('verify-me.example.net');
    const before = await post(d.id, 'verify', team.members.owner.headers, { method: 'txt_record' });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({
      verified: false,
      message: 'Verification failed',
      method: 'txt_record',
      error: 'No TXT record found at _console-verify.verify-me.example.net.',
      verification_token: `console-verify=${d.id.slice(0, 8)}`,
      instructions: { type: 'TXT', name: '_console-verify.verify-me.example.net', value: `console-verify=${d.id.slice(0, 8)}` },
      domain: { id: d.id, verified: false, status: 'pending' },
    });
    expect(dns.queries).toContain('TXT _console-verify.verify-me.example.net');

    dns.setTxt('_console-verify.verify-me.example.net', ['v=something-else']);
    const wrong = await post(d.id, 'verify', team.members.owner.headers, { method: 'txt_record' });
    expect(wrong.json()).toMatchObject({
      verified: false,
      error: `The TXT records at _console-verify.verify-me.example.net do not contain console-verify=${d.id.slice(0, 8)}.`,
    });

    dns.setTxt('_console-verify.verify-me.example.net', ['v=something-else', `console-verify=${d.id.slice(0, 8)}`]);
    const after = await post(d.id, 'verify', team.members.owner.headers, { method: 'txt_record' });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({
      verified: true,
      message: 'Domain verified successfully!',
      error: null,
      domain: { id: d.id, verified: true, status: 'verified', verified_at: clock.now().toISOString() },
    });
  });

  it('gives a time-out error within the time-out when the resolver never answers', async () => {
    const d = await addedDomain();
    dns.silent(true);
    try {
      const started = performance.now();
      const res = await post(d.id, 'verify', team.members.owner.headers, { method: 'txt_record' });
      const elapsed = performance.now() - started;
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        verified: false,
        message: 'Verification failed',
        error: `DNS look-up of TXT _console-verify.${d.domain} timed out after ${TIMEOUT_MS} ms.`,
        instructions: { name: `_console-verify.${d.domain}` },
      });
      expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
      expect(elapsed).toBeLessThan(TIMEOUT_MS + 700);
    } finally {
      dns.silent(false);
    }
  });

  it('gives a resolver failure as the error when nothing listens at the DNS address', async () => {
    const closed = await startDnsServer();
    await closed.close();
    const other = await createTestApp({ config: { DNS_SERVERS: closed.address, DNS_TIMEOUT_MS: String(TIMEOUT_MS) } });
    try {
      const brand = await buildBrand(other.ctx);
      const owner = await buildUser(other.ctx, { memberships: [[brand.id, 'owner']] });
      const headers = (await loginAs(other.app, owner.email)).headers;
      const d = (await other.app.inject({ method: 'POST', url: `/api/v1/support/brands/${brand.id}/domains`, headers, payload: { domain: 'nowhere.example.com' } })).json();
      const started = performance.now();
      const res = await other.app.inject({ method: 'POST', url: `/api/v1/support/domains/${d.id}/verify`, headers, payload: { method: 'txt_record' } });
      expect(performance.now() - started).toBeLessThan(TIMEOUT_MS + 700);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ verified: false, error: expect.stringMatching(/^DNS look-up of TXT _console-verify\.nowhere\.example\.com (failed|timed out)/) });
    } finally {
      await other.close();
    }
  });

  it('should fail with 409 when another brand verified the name first', async () => {
    const name = `race-${Date.now().toString(36)}.example.com`;
    const mine = await addedDomain(name);
    const theirs = (await add(team.other.id, name, team.outsider.headers)).json();
    dns.setTxt(`_console-verify.${name}`, [mine.verification_token, theirs.verification_token]);
    expect((await post(theirs.id, 'verify', team.outsider.headers, { method: 'txt_record' })).json()).toMatchObject({ verified: true });
    const res = await post(mine.id, 'verify', team.members.owner.headers, { method: 'txt_record' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'This domain is already verified by another brand.', code: 'CONFLICT' });
  });

  it('should fail with 409 for provider_sync when the brand has no DNS provider connected', async () => {
    const d = await addedDomain();
    const res = await post(d.id, 'verify', team.members.owner.headers, { method: 'provider_sync' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'No DNS provider is connected. Connect Cloudflare in Providers, or verify with a TXT record.',
      code: 'CONFLICT',
    });
  });

  it('should fail with 400 for an unknown method', async () => {
    const d = await addedDomain();
    expect((await post(d.id, 'verify', team.members.owner.headers, { method: 'carrier_pigeon' })).statusCode).toBe(400);
  });
});

describe('POST /api/v1/support/domains/{id}/verify with provider_sync', () => {
  it('creates the TXT record through the connected Cloudflare account, then verifies by DNS', async () => {
    const brand = await buildBrand(t.ctx);
    const owner = await buildUser(t.ctx, { memberships: [[brand.id, 'owner']] });
    const headers = (await loginAs(t.app, owner.email)).headers;
    await connectProvider(t.ctx, brand.id, { provider_name: 'cloudflare', connection_config: { api_token: CF_TOKEN, email: 'ops@example.dev' } });
    const d = (await add(brand.id, 'sync.example.dev', headers)).json();

    const res = await post(d.id, 'verify', headers, { method: 'provider_sync' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      verified: true,
      method: 'provider_sync',
      message: 'Domain verified successfully!',
      error: null,
      domain: { id: d.id, verified: true, provider: 'cloudflare', is_primary: true },
    });
    expect(cloudflare.records).toEqual([
      expect.objectContaining({ type: 'TXT', name: '_console-verify.sync.example.dev', content: `console-verify=${d.id.slice(0, 8)}` }),
    ]);
    expect(cloudflare.requests.filter((r) => r.method === 'POST').map((r) => r.authorization)).toEqual([`Bearer ${CF_TOKEN}`]);

    // Syncing again finds the record in the zone and does not create it twice.
    expect((await post(d.id, 'verify', headers, { method: 'provider_sync' })).json().verified).toBe(true);
    expect(cloudflare.records).toHaveLength(1);
  });

  it('answers verified false with the Cloudflare reason when the zone is not in the account', async () => {
    const brand = await buildBrand(t.ctx);
    const owner = await buildUser(t.ctx, { memberships: [[brand.id, 'owner']] });
    const headers = (await loginAs(t.app, owner.email)).headers;
    await connectProvider(t.ctx, brand.id, { provider_name: 'cloudflare', connection_config: { api_token: CF_TOKEN, email: 'ops@example.dev' } });
    const d = (await add(brand.id, 'elsewhere.example.com', headers)).json();
    const res = await post(d.id, 'verify', headers, { method: 'provider_sync' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      verified: false,
      message: 'Provider sync failed',
      error: 'No Cloudflare zone for elsewhere.example.com in the connected account',
      instructions: { name: '_console-verify.elsewhere.example.com' },
    });
  });

  it('answers verified false with the Cloudflare reason when the token is refused', async () => {
    const brand = await buildBrand(t.ctx);
    const owner = await buildUser(t.ctx, { memberships: [[brand.id, 'owner']] });
    const headers = (await loginAs(t.app, owner.email)).headers;
    await connectProvider(t.ctx, brand.id, { provider_name: 'cloudflare', connection_config: { api_token: 'revoked-token', email: 'ops@example.dev' } });
    const d = (await add(brand.id, 'refused.example.dev', headers)).json();
    const res = await post(d.id, 'verify', headers, { method: 'provider_sync' });
    expect(res.json()).toMatchObject({ verified: false, error: 'Cloudflare refused the request: Authentication error' });
  });
});

describe('users/me brands', () => {
  it("carry the brand's primary verified domain as domain", async () => {
    const brand = await buildBrand(t.ctx);
    const owner = await buildUser(t.ctx, { memberships: [[brand.id, 'owner']] });
    const headers = (await loginAs(t.app, owner.email)).headers;
    const me = async () => (await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers })).json().brands[0].domain;
    const d = (await add(brand.id, 'me-primary.example.com', headers)).json();
    expect(await me()).toBeNull();
    dns.setTxt('_console-verify.me-primary.example.com', [d.verification_token]);
    await post(d.id, 'verify', headers, { method: 'txt_record' });
    expect(await me()).toBe('me-primary.example.com');
  });
});

describe('POST /api/v1/support/domains/{id}/set-primary', () => {
  it('makes the domain the one primary domain of the brand', async () => {
    const first = await verifiedDomain();
    const second = await verifiedDomain();
    const res = await post(second.id, 'set-primary', team.members.admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Domain set as primary!', domain: { id: second.id, is_primary: true } });
    const all = (await list(team.brand.id, team.members.viewer.headers)).json().domains as Array<{ id: string; is_primary: boolean }>;
    expect(all.filter((d) => d.is_primary).map((d) => d.id)).toEqual([second.id]);
    expect(all.find((d) => d.id === first.id)?.is_primary).toBe(false);
  });

  it('promotes another verified domain when the primary one is removed', async () => {
    const brand = await buildBrand(t.ctx);
    const owner = await buildUser(t.ctx, { memberships: [[brand.id, 'owner']] });
    const headers = (await loginAs(t.app, owner.email)).headers;
    const ids: string[] = [];
    for (const name of ['keep-a.example.com', 'keep-b.example.com']) {
      const d = (await add(brand.id, name, headers)).json();
      dns.setTxt(`_console-verify.${name}`, [d.verification_token]);
      await post(d.id, 'verify', headers, { method: 'txt_record' });
      ids.push(d.id);
    }
    expect((await remove(ids[0], headers)).statusCode).toBe(200);
    expect((await list(brand.id, headers)).json().domains).toMatchObject([{ id: ids[1], is_primary: true }]);
  });

  it('keeps exactly one primary when two domains of a brand without one are verified at once', async () => {
    const brand = await buildBrand(t.ctx);
    const owner = await buildUser(t.ctx, { memberships: [[brand.id, 'owner']] });
    const headers = (await loginAs(t.app, owner.email)).headers;
    const ids: string[] = [];
    for (const name of ['twin-a.example.com', 'twin-b.example.com']) {
      const d = (await add(brand.id, name, headers)).json();
      dns.setTxt(`_console-verify.${name}`, [d.verification_token]);
      ids.push(d.id);
    }
    const results = await Promise.all(ids.map((id) => post(id, 'verify', headers, { method: 'txt_record' })));
    expect(results.map((r) => [r.statusCode, r.json().verified])).toEqual([
      [200, true],
      [200, true],
    ]);
    const all = (await list(brand.id, headers)).json().domains as Array<{ is_primary: boolean; verified: boolean }>;
    expect(all.filter((d) => d.is_primary)).toHaveLength(1);
    expect(all.every((d) => d.verified)).toBe(true);
  });

  it('should fail with 409 for an unverified domain', async () => {
    const d = await addedDomain();
    const res = await post(d.id, 'set-primary', team.members.owner.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'Please verify the domain first before setting it as primary.', code: 'CONFLICT' });
  });
});

describe('POST /api/v1/support/domains/{id}/configure-email', () => {
  it('creates MX, SPF, DKIM and DMARC records that verify once DNS serves them, keeping one sealed DKIM key', async () => {
    const d = await verifiedDomain('mail.example.org');
    const first = await post(d.id, 'configure-email', team.members.owner.headers);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.domain).toMatchObject({ id: d.id, email_configured: true });
    expect(body.message).toBe('Email DNS records created: 0 of 4 are visible in DNS. Publish the others at your DNS provider, then check again.');
    expect(body.records).toEqual([
      { purpose: 'mx', type: 'MX', name: 'mail.example.org', content: 'console.localhost', priority: 10, verified: false, checked_at: clock.now().toISOString() },
      { purpose: 'spf', type: 'TXT', name: 'mail.example.org', content: 'v=spf1 mx a:console.localhost ~all', priority: null, verified: false, checked_at: clock.now().toISOString() },
      {
        purpose: 'dkim',
        type: 'TXT',
        name: 'console._domainkey.mail.example.org',
        content: expect.stringMatching(/^v=DKIM1; k=rsa; p=MII[A-Za-z0-9+/=]{300,}$/),
        priority: null,
        verified: false,
        checked_at: clock.now().toISOString(),
      },
      { purpose: 'dmarc', type: 'TXT', name: '_dmarc.mail.example.org', content: 'v=DMARC1; p=none; rua=mailto:dmarc@mail.example.org', priority: null, verified: false, checked_at: clock.now().toISOString() },
    ]);
    const dkim = body.records[2].content as string;

    // The private key is sealed at rest and opens to the key matching the published one.
    const [row] = await t.ctx.db.select().from(domains).where(eq(domains.id, d.id));
    expect(row.dkimPrivateKeySealed).not.toContain('PRIVATE KEY');
    const { createPrivateKey, createPublicKey } = await import('node:crypto');
    const privateKey = createPrivateKey(t.ctx.keyring.open(row.dkimPrivateKeySealed!));
    expect(createPublicKey(privateKey).export({ type: 'spki', format: 'der' }).toString('base64')).toBe(dkim.split('p=')[1]);

    dns.setMx('mail.example.org', [{ exchange: 'console.localhost', priority: 10 }]);
    dns.setTxt('mail.example.org', ['google-site-verification=abc', 'v=spf1 mx a:console.localhost ~all']);
    dns.setTxt('console._domainkey.mail.example.org', [dkim]);
    dns.setTxt('_dmarc.mail.example.org', ['v=DMARC1; p=none; rua=mailto:dmarc@mail.example.org']);
    const again = await post(d.id, 'configure-email', team.members.admin.headers);
    expect(again.json().message).toBe('Email DNS configured successfully!');
    expect(again.json().records.map((r: { purpose: string; verified: boolean }) => [r.purpose, r.verified])).toEqual([
      ['mx', true],
      ['spf', true],
      ['dkim', true],
      ['dmarc', true],
    ]);
    expect(again.json().records[2].content).toBe(dkim);

    const listed = await records(d.id, team.members.viewer.headers);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().records.map((r: { purpose: string; verified: boolean }) => [r.purpose, r.verified])).toEqual([
      ['verification', true],
      ['mx', true],
      ['spf', true],
      ['dkim', true],
      ['dmarc', true],
    ]);
  });

  it('marks a record unverified again when DNS stops serving it', async () => {
    const d = await verifiedDomain('recheck.example.org');
    dns.setMx('recheck.example.org', [{ exchange: 'console.localhost.', priority: 5 }]);
    const first = await post(d.id, 'configure-email', team.members.owner.headers);
    expect(first.json().records[0]).toMatchObject({ purpose: 'mx', verified: true });
    dns.setMx('recheck.example.org', [{ exchange: 'mx.elsewhere.example', priority: 5 }]);
    const second = await post(d.id, 'configure-email', team.members.owner.headers);
    expect(second.json().records[0]).toMatchObject({ purpose: 'mx', verified: false });
  });
});

describe('GET /api/v1/support/domains/{id}/records', () => {
  it('lists the verification TXT record of an unconfigured domain', async () => {
    const d = await addedDomain();
    const res = await records(d.id, team.members.viewer.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      records: [
        { purpose: 'verification', type: 'TXT', name: `_console-verify.${d.domain}`, content: d.verification_token, priority: null, verified: false, checked_at: null },
      ],
    });
  });
});

describe('POST /api/v1/support/domains/{id}/enable-chat', () => {
  it('should fail with 409 and the SPEC message on an unverified domain', async () => {
    const d = await addedDomain();
    const res = await post(d.id, 'enable-chat', team.members.owner.headers, { chat_subdomain: 'chat' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'Please verify the domain first before enabling chat email.', code: 'CONFLICT' });
  });

  it('enables chat email on a verified domain and returns the address format', async () => {
    const d = await verifiedDomain();
    const res = await post(d.id, 'enable-chat', team.members.admin.headers, { chat_subdomain: 'chat' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Chat email enabled!',
      email_format: `{conversation_id}@chat.${d.domain}`,
      domain: { id: d.id, chat_email_enabled: true, chat_subdomain: 'chat' },
    });
  });
});

describe('DELETE /api/v1/support/domains/{id}', () => {
  it('removes the domain for an admin', async () => {
    const d = await addedDomain();
    const res = await remove(d.id, team.members.admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await records(d.id, team.members.owner.headers)).statusCode).toBe(404);
  });
});

describe('permissions and tenancy of the domain routes', () => {
  const routes: Array<[string, (id: string, h?: Headers) => ReturnType<typeof remove>, boolean]> = [
    ['DELETE', (id, h) => remove(id, h), true],
    ['records', (id, h) => records(id, h), false],
    ['set-primary', (id, h) => post(id, 'set-primary', h), true],
    ['configure-email', (id, h) => post(id, 'configure-email', h), true],
    ['verify', (id, h) => post(id, 'verify', h, { method: 'txt_record' }), true],
    ['enable-chat', (id, h) => post(id, 'enable-chat', h, { chat_subdomain: 'chat' }), true],
  ];

  it.each(routes)('%s: 401 without a token, 404 for another brand or an unknown id', async (_name, call) => {
    const d = await addedDomain();
    expect((await call(d.id)).statusCode).toBe(401);
    const foreign = await call(d.id, team.outsider.headers);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: 'Domain not found', code: 'NOT_FOUND' });
    expect((await call(UNKNOWN_ID, team.members.owner.headers)).json()).toEqual(foreign.json());
  });

  it.each(routes)('%s: editors, agents and viewers may only read', async (_name, call, changes) => {
    const d = await verifiedDomain();
    for (const role of ['editor', 'agent', 'viewer'] as const) {
      const res = await call(d.id, team.members[role].headers);
      expect(res.statusCode).toBe(changes ? 403 : 200);
    }
  });
});

describe('chat email through the SMTP listener', () => {
  it('delivers mail to {conversation id}@chat.<verified domain> into the conversation and shows that address', async () => {
    const smtp = createSmtpServer(t.ctx);
    await smtp.listen(0, '127.0.0.1');
    try {
      const d = await verifiedDomain('chat-mail.example.com');
      await post(d.id, 'set-primary', team.members.owner.headers);
      const headers = team.members.editor.headers;
      const created = await t.app.inject({ method: 'POST', url: `/api/v1/conversations?brand_id=${team.brand.id}`, headers, payload: { title: 'Mail me' } });
      const conversationId = created.json().id as string;

      // Before chat email is enabled, the banner shows the fallback and the listener refuses the domain.
      const before = await t.app.inject({ method: 'GET', url: `/api/v1/conversations/${conversationId}?brand_id=${team.brand.id}`, headers });
      expect(before.json().email_address).toBe(`${conversationId}@chat.console.localhost`);
      const transport = nodemailer.createTransport({ host: '127.0.0.1', port: smtp.port!, secure: false, ignoreTLS: true, connectionTimeout: 5000 });
      await expect(
        transport.sendMail({ from: 'customer@sender.example', to: `${conversationId}@chat.chat-mail.example.com`, subject: 'Hi', text: 'Too early' }),
      ).rejects.toMatchObject({ responseCode: 550 });

      expect((await post(d.id, 'enable-chat', team.members.owner.headers, { chat_subdomain: 'chat' })).statusCode).toBe(200);
      const after = await t.app.inject({ method: 'GET', url: `/api/v1/conversations/${conversationId}?brand_id=${team.brand.id}`, headers });
      expect(after.json().email_address).toBe(`${conversationId}@chat.chat-mail.example.com`);

      await transport.sendMail({ from: 'customer@sender.example', to: `${conversationId}@chat.chat-mail.example.com`, subject: 'Hi', text: 'Hello from email' });
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/conversations/${conversationId}?brand_id=${team.brand.id}`, headers });
      expect(res.json().messages).toEqual([
        expect.objectContaining({ role: 'user', source: 'email', content: 'Hello from email', metadata: expect.objectContaining({ from_email: 'customer@sender.example' }) }),
      ]);
    } finally {
      await smtp.close();
    }
  });
});

describe('brand mail through the SMTP listener', () => {
  it('files mail to any address at a verified domain with email DNS configured in that brand inbox', async () => {
    const smtp = createSmtpServer(t.ctx);
    await smtp.listen(0, '127.0.0.1');
    try {
      const d = await verifiedDomain('inbox-mail.example.com');
      const transport = nodemailer.createTransport({ host: '127.0.0.1', port: smtp.port!, secure: false, ignoreTLS: true, connectionTimeout: 5000 });
      const mail = { from: 'buyer@sender.example', to: 'sales@inbox-mail.example.com', subject: 'Quote', text: 'Please send a quote.' };
      await expect(transport.sendMail(mail)).rejects.toMatchObject({ responseCode: 550 });

      expect((await post(d.id, 'configure-email', team.members.owner.headers)).statusCode).toBe(200);
      await transport.sendMail(mail);
      const inbox = await t.app.inject({
        method: 'GET',
        url: '/api/mail/inbox?folder=inbox',
        headers: { 'x-api-key': team.brand.apiKey, 'x-brand-id': team.brand.id },
      });
      expect(inbox.statusCode).toBe(200);
      expect(inbox.json().emails).toEqual([expect.objectContaining({ from: 'buyer@sender.example', subject: 'Quote' })]);
    } finally {
      await smtp.close();
    }
  });
});

describe('demo data', () => {
  it('gives every demo brand a verified primary domain and an unverified one', async () => {
    const demo = await createTestApp({ clock, config: { DNS_SERVERS: dns.address, DNS_TIMEOUT_MS: String(TIMEOUT_MS) } });
    try {
      await seedDemo(demo.ctx);
      const { headers } = await loginAs(demo.app, 'demo@example.com', 'demo1234');
      const me = (await demo.app.inject({ method: 'GET', url: '/api/v1/users/me', headers })).json();
      expect(me.brands.map((b: { name: string; domain: string }) => [b.name, b.domain])).toEqual([
        ['Acme Robotics', 'acme-robotics.example'],
        ['Globex Support', 'globex-support.example'],
        ['Initech', 'initech.example'],
      ]);
      for (const brand of me.brands as Array<{ id: string }>) {
        const res = await demo.app.inject({ method: 'GET', url: `/api/v1/support/brands/${brand.id}/domains`, headers });
        expect(res.json().domains.map((d: { status: string; is_primary: boolean }) => [d.status, d.is_primary])).toEqual([
          ['verified', true],
          ['pending', false],
        ]);
      }
      const acme = (await demo.app.inject({ method: 'GET', url: `/api/v1/support/brands/${me.brands[0].id}/domains`, headers })).json().domains[0];
      const recs = (await demo.app.inject({ method: 'GET', url: `/api/v1/support/domains/${acme.id}/records`, headers })).json().records;
      expect(recs.map((r: { purpose: string }) => r.purpose)).toEqual(['verification', 'mx', 'spf', 'dkim', 'dmarc']);
    } finally {
      await demo.close();
    }
  });
});
