import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { fakeClock } from '../src/clock';
import { testConfig } from '../src/config';
import type { AppContext } from '../src/context';
import { openDb, type DbClient } from '../src/db/client';
import { sessions } from '../src/db/schema/index';
import type { App } from '../src/http/types';
import { SESSION_TTL_MS } from '../src/modules/auth/service';
import { sessionCache } from '../src/modules/auth/session-cache';
import { addMember } from '../src/modules/brands/service';
import { buildBrand, buildBrandWithTeam, buildUser, createTestApp, loginAs, TEST_SECRET_KEY, type TestApp } from './helpers/app';
import { testDatabaseUrl } from './helpers/db';

// Sessions, memberships and the brand of each conversation are served from per-instance caches
// (ARCHITECTURE §Caches): every change to them must still take effect on the very next request.

const clock = fakeClock();
let t: TestApp;
let team: Awaited<ReturnType<typeof buildBrandWithTeam>>;

beforeAll(async () => {
  t = await createTestApp({ clock });
  team = await buildBrandWithTeam(t);
});
afterAll(async () => {
  await t?.close();
});

const listUsers = (app: App, brandId: string, headers: Record<string, string>) =>
  app.inject({ method: 'GET', url: `/api/v1/users?brand_id=${brandId}`, headers });
const setRole = (app: App, brandId: string, userId: string, role: string, headers: Record<string, string>) =>
  app.inject({ method: 'POST', url: `/api/v1/users/${userId}/roles?brand_id=${brandId}`, headers, payload: { role_name: role } });

const newConversation = async (app: App, brandId: string, headers: Record<string, string>) =>
  (await app.inject({ method: 'POST', url: `/api/v1/conversations?brand_id=${brandId}`, headers, payload: {} })).json().id as string;
/** Streams need a real socket: the app listens on a free port the first time. */
async function streamInto(app: App, brandId: string, conversationId: string, headers: Record<string, string>) {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const res = await fetch(`http://127.0.0.1:${port}/api/v1/core-ai/chat/stream`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ brand_id: brandId, conversation_id: conversationId, messages: [{ role: 'user', content: 'Hello' }] }),
  });
  const body = await res.text();
  return { statusCode: res.status, body, json: () => JSON.parse(body) as unknown };
}
const deleteConversation = (app: App, brandId: string, id: string, headers: Record<string, string>) =>
  app.inject({ method: 'DELETE', url: `/api/v1/conversations/${id}?brand_id=${brandId}`, headers });

async function signedInMember(role: 'admin' | 'editor' | 'viewer', brandId = team.brand.id) {
  const user = await buildUser(t.ctx, { memberships: [[brandId, role]] });
  return { ...user, headers: (await loginAs(t.app, user.email)).headers };
}

describe('the session cache', () => {
  it('serves a repeated request without looking the session up again', async () => {
    const user = await signedInMember('viewer');
    expect((await listUsers(t.app, team.brand.id, user.headers)).statusCode).toBe(200);
    const cached = sessionCache(t.ctx).size;
    // The row is gone, yet the next request is answered from the cache: nothing touched the row
    // through the application, so nothing dropped the entry (changes by hand wait for the TTL).
    await t.ctx.db.update(sessions).set({ revokedAt: clock.now() }).where(sql`${sessions.userId} = ${user.id}`);
    expect((await listUsers(t.app, team.brand.id, user.headers)).statusCode).toBe(200);
    expect(sessionCache(t.ctx).size).toBe(cached);
    clock.advance(61_000);
    expect((await listUsers(t.app, team.brand.id, user.headers)).statusCode).toBe(401);
  });

  it('refuses a token at once after sign-out', async () => {
    const user = await signedInMember('viewer');
    expect((await listUsers(t.app, team.brand.id, user.headers)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: user.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: user.headers })).statusCode).toBe(200);
    expect((await listUsers(t.app, team.brand.id, user.headers)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: user.headers })).statusCode).toBe(401);
  });

  it('keeps the other sessions of a user who signs out elsewhere', async () => {
    const user = await signedInMember('viewer');
    const second = (await loginAs(t.app, user.email)).headers;
    expect((await listUsers(t.app, team.brand.id, second)).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: user.headers });
    expect((await listUsers(t.app, team.brand.id, second)).statusCode).toBe(200);
  });

  it('answers 404 at once to a member removed from the brand', async () => {
    const user = await signedInMember('viewer');
    expect((await listUsers(t.app, team.brand.id, user.headers)).statusCode).toBe(200);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/support/brands/${team.brand.id}/users/${user.id}`,
      headers: team.members.owner.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect((await listUsers(t.app, team.brand.id, user.headers)).statusCode).toBe(404);
  });

  it('applies a lower role at once', async () => {
    const admin = await signedInMember('admin');
    const target = await signedInMember('viewer');
    expect((await setRole(t.app, team.brand.id, target.id, 'agent', admin.headers)).statusCode).toBe(200);
    expect((await setRole(t.app, team.brand.id, admin.id, 'viewer', team.members.owner.headers)).statusCode).toBe(200);
    expect((await setRole(t.app, team.brand.id, target.id, 'editor', admin.headers)).statusCode).toBe(403);
  });

  it('lets a new member in at once, though the refusal was cached', async () => {
    const brand = await buildBrand(t.ctx);
    const user = await signedInMember('viewer');
    expect((await listUsers(t.app, brand.id, user.headers)).statusCode).toBe(404);
    await addMember(t.ctx, { brandId: brand.id, userId: user.id, role: 'viewer' });
    expect((await listUsers(t.app, brand.id, user.headers)).statusCode).toBe(200);
  });

  it('gives a new super admin every brand at once', async () => {
    const user = await signedInMember('viewer');
    expect((await listUsers(t.app, 'all', user.headers)).statusCode).toBe(403);
    expect((await listUsers(t.app, team.other.id, user.headers)).statusCode).toBe(404);
    const superAdmin = await buildUser(t.ctx, { superAdmin: true, memberships: [[team.brand.id, 'owner']] });
    const granted = await setRole(t.app, team.brand.id, user.id, 'super_admin', (await loginAs(t.app, superAdmin.email)).headers);
    expect(granted.statusCode).toBe(200);
    expect((await listUsers(t.app, 'all', user.headers)).statusCode).toBe(200);
    expect((await listUsers(t.app, team.other.id, user.headers)).statusCode).toBe(200);
  });

  it('refuses a stream into a conversation deleted a moment ago, and one of another brand', async () => {
    const owner = team.members.owner.headers;
    const id = await newConversation(t.app, team.brand.id, owner);
    const streamed = await streamInto(t.app, team.brand.id, id, owner);
    expect(streamed.statusCode).toBe(200);
    expect(streamed.body).toContain('event: end');
    expect((await streamInto(t.app, team.other.id, id, team.outsider.headers)).statusCode).toBe(404);
    expect((await deleteConversation(t.app, team.brand.id, id, owner)).statusCode).toBe(200);
    const refused = await streamInto(t.app, team.brand.id, id, owner);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ error: 'Conversation not found', code: 'NOT_FOUND' });
  });

  // Last: it moves the clock past every session made so far.
  it('refuses a session once it expires, even while cached', async () => {
    const user = await signedInMember('viewer');
    expect((await listUsers(t.app, team.brand.id, user.headers)).statusCode).toBe(200);
    clock.advance(SESSION_TTL_MS + 1);
    expect((await listUsers(t.app, team.brand.id, user.headers)).statusCode).toBe(401);
  });
});

const onPostgres = testDatabaseUrl() !== undefined;

describe.runIf(onPostgres)('the session cache across instances on PostgreSQL', () => {
  let pg: TestApp;
  let second: { app: App; ctx: AppContext; db: DbClient };
  let pgTeam: Awaited<ReturnType<typeof buildBrandWithTeam>>;

  beforeAll(async () => {
    pg = await createTestApp();
    pgTeam = await buildBrandWithTeam(pg);
    const db = await openDb({ databaseUrl: pg.databaseUrl });
    const built = await buildApp({ config: testConfig(), db, secretKey: TEST_SECRET_KEY });
    await built.app.ready();
    second = { ...built, db };
  });
  afterAll(async () => {
    await second?.app.close();
    await second?.db.close();
    await pg?.close();
  });

  /** Polls until `status` answers, failing after `ms`: a drop travels by NOTIFY, within milliseconds. */
  async function eventually(status: () => Promise<number>, expected: number, ms = 2000) {
    const start = Date.now();
    let last = await status();
    while (last !== expected && Date.now() - start < ms) {
      await new Promise((r) => setTimeout(r, 5));
      last = await status();
    }
    return last;
  }

  it('refuses on one instance a token signed out on the other', async () => {
    const { headers } = await loginAs(pg.app, pgTeam.members.viewer.email);
    expect((await listUsers(second.app, pgTeam.brand.id, headers)).statusCode).toBe(200);
    await pg.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers });
    expect(await eventually(async () => (await listUsers(second.app, pgTeam.brand.id, headers)).statusCode, 401)).toBe(401);
  });

  it('answers 404 on one instance to a member removed on the other', async () => {
    const user = await buildUser(pg.ctx, { memberships: [[pgTeam.brand.id, 'viewer']] });
    const { headers } = await loginAs(pg.app, user.email);
    expect((await listUsers(second.app, pgTeam.brand.id, headers)).statusCode).toBe(200);
    await pg.app.inject({ method: 'DELETE', url: `/api/v1/support/brands/${pgTeam.brand.id}/users/${user.id}`, headers: pgTeam.members.owner.headers });
    expect(await eventually(async () => (await listUsers(second.app, pgTeam.brand.id, headers)).statusCode, 404)).toBe(404);
  });

  it('refuses on one instance a stream into a conversation deleted on the other', async () => {
    const owner = pgTeam.members.owner.headers;
    const id = await newConversation(pg.app, pgTeam.brand.id, owner);
    expect((await streamInto(second.app, pgTeam.brand.id, id, owner)).statusCode).toBe(200);
    expect((await deleteConversation(pg.app, pgTeam.brand.id, id, owner)).statusCode).toBe(200);
    expect(await eventually(async () => (await streamInto(second.app, pgTeam.brand.id, id, owner)).statusCode, 404)).toBe(404);
  });

  it('stops caching while its LISTEN connection is down, and listens again once it is back', async () => {
    const user = await buildUser(pg.ctx, { memberships: [[pgTeam.brand.id, 'viewer']] });
    const { headers } = await loginAs(pg.app, user.email);
    expect((await listUsers(second.app, pgTeam.brand.id, headers)).statusCode).toBe(200);
    // Cut the second instance's LISTEN connection from the server side.
    await pg.ctx.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and query ilike 'LISTEN%'`);
    await eventually(async () => (second.db.listening ? 1 : 0), 0);
    // A change nobody announced (by hand) is seen at once: nothing is served from the cache now.
    await pg.ctx.db.update(sessions).set({ revokedAt: new Date() }).where(sql`${sessions.userId} = ${user.id}`);
    expect((await listUsers(second.app, pgTeam.brand.id, headers)).statusCode).toBe(401);
    // Back again: drops from the other instance arrive once more.
    expect(await eventually(async () => (second.db.listening ? 1 : 0), 1, 5000)).toBe(1);
    const again = await loginAs(pg.app, pgTeam.members.agent.email);
    expect((await listUsers(second.app, pgTeam.brand.id, again.headers)).statusCode).toBe(200);
    await pg.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: again.headers });
    expect(await eventually(async () => (await listUsers(second.app, pgTeam.brand.id, again.headers)).statusCode, 401)).toBe(401);
  });
});
