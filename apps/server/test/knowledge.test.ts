import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeClock } from '../src/clock';
import { knowledgeArticles } from '../src/db/schema/index';
import type { AppContext } from '../src/context';
import { searchKnowledge } from '../src/modules/knowledge/service';
import { buildBrand, buildBrandWithTeam, buildUser, createTestApp, loginAs, type TestApp } from './helpers/app';

const NOW = new Date('2026-11-01T12:00:00Z');
const DAY = 24 * 60 * 60_000;
const clock = fakeClock(NOW);
let t: TestApp;
let team: Awaited<ReturnType<typeof buildBrandWithTeam>>;
let superAdmin: { authorization: string };

async function buildArticle(
  ctx: AppContext,
  brandId: string,
  opts: { title?: string | null; content?: string; status?: string; category?: string; daysAgo?: number; tags?: string[]; excerpt?: string | null } = {},
) {
  const at = new Date(NOW.getTime() - (opts.daysAgo ?? 0) * DAY);
  const [row] = await ctx.db
    .insert(knowledgeArticles)
    .values({
      brandId,
      title: opts.title === undefined ? 'Getting started' : opts.title,
      content: opts.content ?? 'Plug in the controller and power it on.',
      excerpt: opts.excerpt === undefined ? 'How to begin' : opts.excerpt,
      status: opts.status ?? 'published',
      category: opts.category ?? 'getting-started',
      tags: opts.tags ?? [],
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: knowledgeArticles.id });
  return row;
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  team = await buildBrandWithTeam(t);
  const admin = await buildUser(t.ctx, { superAdmin: true });
  superAdmin = (await loginAs(t.app, admin.email)).headers;
});
afterAll(() => t?.close());

const get = (url: string, headers?: { authorization: string }) => t.app.inject({ method: 'GET', url, headers });
const ids = (body: { articles: Array<{ id: string }> }) => body.articles.map((a) => a.id);

describe('GET /api/v1/support/knowledge', () => {
  let brandId: string;
  let headers: { authorization: string };
  const a: Record<string, string> = {};
  beforeAll(async () => {
    const brand = await buildBrand(t.ctx);
    brandId = brand.id;
    const viewer = await buildUser(t.ctx, { memberships: [[brand.id, 'viewer']] });
    headers = (await loginAs(t.app, viewer.email)).headers;
    a.reset = (await buildArticle(t.ctx, brandId, { title: 'Resetting the robot arm', content: 'Hold the reset button for ten seconds until the LED blinks.', category: 'troubleshooting', daysAgo: 1, tags: ['arm', 'reset'] })).id;
    a.api = (await buildArticle(t.ctx, brandId, { title: 'Authentication API', content: 'Send the API key in the X-API-Key header.', category: 'api-docs', daysAgo: 2 })).id;
    a.start = (await buildArticle(t.ctx, brandId, { title: 'Unboxing', content: 'Remove the robot from its crate.', category: 'getting-started', daysAgo: 3, status: 'draft' })).id;
    a.tut = (await buildArticle(t.ctx, brandId, { title: 'Teaching a pick-and-place path', content: 'Record waypoints with the teach pendant.', category: 'tutorials', daysAgo: 4, status: 'pending' })).id;
    a.start2 = (await buildArticle(t.ctx, brandId, { title: null, content: 'Calibrate sensors before the first run.', category: 'getting-started', daysAgo: 5, excerpt: null })).id;
  });

  it('lists every article newest update first with per-category counts', async () => {
    const res = await get(`/api/v1/support/knowledge?brand_id=${brandId}`, headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(ids(body)).toEqual([a.reset, a.api, a.start, a.tut, a.start2]);
    expect(body.category_counts).toEqual({ all: 5, 'getting-started': 2, troubleshooting: 1, 'api-docs': 1, tutorials: 1 });
    expect(body.pagination).toEqual({ page: 1, limit: 100, total: 5 });
    expect(body.articles[0]).toEqual({
      id: a.reset,
      brand_id: brandId,
      title: 'Resetting the robot arm',
      content: 'Hold the reset button for ten seconds until the LED blinks.',
      excerpt: 'How to begin',
      status: 'published',
      category: 'troubleshooting',
      views: 0,
      tags: ['arm', 'reset'],
      created_at: new Date(NOW.getTime() - DAY).toISOString(),
      updated_at: new Date(NOW.getTime() - DAY).toISOString(),
    });
    expect(body.articles[4]).toMatchObject({ title: null, excerpt: null });
  });

  it('filters by category and keeps the counts of every category', async () => {
    const res = await get(`/api/v1/support/knowledge?brand_id=${brandId}&category=getting-started`, headers);
    expect(ids(res.json())).toEqual([a.start, a.start2]);
    expect(res.json().pagination.total).toBe(2);
    expect(res.json().category_counts.all).toBe(5);
  });

  it('searches title and content with full-text search, stemming and prefixes, best match first', async () => {
    const byContent = await get(`/api/v1/support/knowledge?brand_id=${brandId}&q=waypoint`, headers);
    expect(ids(byContent.json())).toEqual([a.tut]);
    const stemmed = await get(`/api/v1/support/knowledge?brand_id=${brandId}&q=${encodeURIComponent('reset buttons')}`, headers);
    expect(ids(stemmed.json())).toEqual([a.reset]);
    const prefix = await get(`/api/v1/support/knowledge?brand_id=${brandId}&q=calib`, headers);
    expect(ids(prefix.json())).toEqual([a.start2]);
    // "robot" is in a title (weighted higher) and in a content.
    const ranked = await get(`/api/v1/support/knowledge?brand_id=${brandId}&q=robot`, headers);
    expect(ids(ranked.json())).toEqual([a.reset, a.start]);
    expect(ranked.json().category_counts).toEqual({ all: 2, 'getting-started': 1, troubleshooting: 1, 'api-docs': 0, tutorials: 0 });
    // Every word must match; websearch syntax is honoured.
    const both = await get(`/api/v1/support/knowledge?brand_id=${brandId}&q=${encodeURIComponent('robot crate')}`, headers);
    expect(ids(both.json())).toEqual([a.start]);
    const excluded = await get(`/api/v1/support/knowledge?brand_id=${brandId}&q=${encodeURIComponent('robot -arm')}`, headers);
    expect(ids(excluded.json())).toEqual([a.start]);
    const phrase = await get(`/api/v1/support/knowledge?brand_id=${brandId}&q=${encodeURIComponent('"teach pendant"')}`, headers);
    expect(ids(phrase.json())).toEqual([a.tut]);
    const none = await get(`/api/v1/support/knowledge?brand_id=${brandId}&q=submarine`, headers);
    expect(none.json()).toMatchObject({ articles: [], pagination: { total: 0 } });
    const punctuation = await get(`/api/v1/support/knowledge?brand_id=${brandId}&q=${encodeURIComponent('&&!')}`, headers);
    expect(punctuation.statusCode).toBe(200);
    expect(punctuation.json().articles).toEqual([]);
  });

  it('answers 401 without a token and 404 to a member of another brand', async () => {
    expect((await get(`/api/v1/support/knowledge?brand_id=${brandId}`)).statusCode).toBe(401);
    expect((await get(`/api/v1/support/knowledge?brand_id=${brandId}`, team.outsider.headers)).statusCode).toBe(404);
  });

  it('lists every brand for a super admin with brand_id=all only', async () => {
    const res = await get('/api/v1/support/knowledge?brand_id=all', superAdmin);
    expect(res.statusCode).toBe(200);
    expect(ids(res.json())).toEqual(expect.arrayContaining([a.reset, a.api]));
    expect((await get('/api/v1/support/knowledge?brand_id=all', headers)).statusCode).toBe(403);
  });
});

describe('searchKnowledge', () => {
  it('finds published articles of the one brand only, best first', async () => {
    const brand = await buildBrand(t.ctx);
    const other = await buildBrand(t.ctx);
    const best = await buildArticle(t.ctx, brand.id, { title: 'Battery replacement', content: 'Swap the battery pack.', excerpt: null });
    await buildArticle(t.ctx, brand.id, { title: 'Charging', content: 'The battery charges in two hours.' });
    await buildArticle(t.ctx, brand.id, { title: 'Battery draft', status: 'draft' });
    await buildArticle(t.ctx, other.id, { title: 'Battery elsewhere' });
    const found = await searchKnowledge(t.ctx, brand.id, 'battery');
    expect(found.map((f) => f.title)).toEqual(['Battery replacement', 'Charging']);
    expect(found[0]).toEqual({ id: best.id, title: 'Battery replacement', excerpt: 'Swap the battery pack.', category: 'getting-started', content: 'Swap the battery pack.' });
    expect(await searchKnowledge(t.ctx, brand.id, 'battery', 1)).toHaveLength(1);
    // A question matches on any of its words, the best article first.
    const asked = await searchKnowledge(t.ctx, brand.id, 'How do I swap the battery pack?');
    expect(asked.map((f) => f.title)).toEqual(['Battery replacement', 'Charging']);
    expect(await searchKnowledge(t.ctx, brand.id, '   ')).toEqual([]);
  });
});

describe('GET /api/v1/knowledge/count', () => {
  it('counts one status against all articles, with the 7-day trend', async () => {
    const brand = await buildBrand(t.ctx);
    const viewer = await buildUser(t.ctx, { memberships: [[brand.id, 'viewer']] });
    const { headers } = await loginAs(t.app, viewer.email);
    for (const d of [1, 2]) await buildArticle(t.ctx, brand.id, { status: 'pending', daysAgo: d });
    await buildArticle(t.ctx, brand.id, { status: 'pending', daysAgo: 9 });
    await buildArticle(t.ctx, brand.id, { status: 'published', daysAgo: 9 });
    const pending = await get(`/api/v1/knowledge/count?brand_id=${brand.id}&status=pending`, headers);
    expect(pending.statusCode).toBe(200);
    expect(pending.json()).toEqual({ count: 3, total: 4, trend: 100 });
    expect((await get(`/api/v1/knowledge/count?brand_id=${brand.id}`, headers)).json()).toEqual({ count: 4, total: 4, trend: 0 });
    expect((await get(`/api/v1/knowledge/count?brand_id=${brand.id}&status=archived`, headers)).json()).toEqual({ count: 0, total: 4, trend: 0 });
  });

  it('answers 401 without a token and 404 to a member of another brand', async () => {
    expect((await get(`/api/v1/knowledge/count?brand_id=${team.brand.id}&status=pending`)).statusCode).toBe(401);
    expect((await get(`/api/v1/knowledge/count?brand_id=${team.brand.id}&status=pending`, team.outsider.headers)).statusCode).toBe(404);
  });
});

describe('writing articles', () => {
  const payload = { title: 'Firmware update', content: 'Download the image and flash it.', category: 'tutorials', tags: ['firmware', 'update', 'firmware'] };

  it.each(['owner', 'admin', 'editor', 'agent'] as const)('lets a %s create, update and delete an article', async (role) => {
    const { headers } = team.members[role];
    const created = await t.app.inject({ method: 'POST', url: `/api/v1/support/knowledge?brand_id=${team.brand.id}`, headers, payload });
    expect(created.statusCode).toBe(201);
    const article = created.json();
    expect(article).toMatchObject({
      brand_id: team.brand.id,
      title: 'Firmware update',
      status: 'draft',
      category: 'tutorials',
      tags: ['firmware', 'update'],
      excerpt: 'Download the image and flash it.',
      views: 0,
    });

    const updated = await t.app.inject({ method: 'PATCH', url: `/api/v1/support/knowledge/${article.id}`, headers, payload: { status: 'published', title: 'Firmware updates' } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id: article.id, status: 'published', title: 'Firmware updates', content: payload.content });
    // The search document follows the edit.
    const found = await get(`/api/v1/support/knowledge?brand_id=${team.brand.id}&q=flash`, team.members.viewer.headers);
    expect(ids(found.json())).toContain(article.id);

    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/v1/support/knowledge/${article.id}`, headers });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ ok: true });
    expect((await get(`/api/v1/support/knowledge/${article.id}`, headers)).statusCode).toBe(404);
  });

  it('counts a view each time an article is read', async () => {
    const art = await buildArticle(t.ctx, team.brand.id);
    await get(`/api/v1/support/knowledge/${art.id}`, team.members.viewer.headers);
    const second = await get(`/api/v1/support/knowledge/${art.id}`, team.members.viewer.headers);
    expect(second.statusCode).toBe(200);
    expect(second.json().views).toBe(2);
  });

  it('should fail with 403 for a viewer on create, update and delete', async () => {
    const art = await buildArticle(t.ctx, team.brand.id);
    const { headers } = team.members.viewer;
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/support/knowledge?brand_id=${team.brand.id}`, headers, payload })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/v1/support/knowledge/${art.id}`, headers, payload: { status: 'archived' } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/support/knowledge/${art.id}`, headers })).statusCode).toBe(403);
    expect((await get(`/api/v1/support/knowledge/${art.id}`, headers)).json().status).toBe('published');
  });

  it("answers another brand's article like a missing one (404), and 401 without a token", async () => {
    const art = await buildArticle(t.ctx, team.brand.id);
    const { headers } = team.outsider;
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/support/knowledge?brand_id=${team.brand.id}`, headers, payload })).statusCode).toBe(404);
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: `/api/v1/support/knowledge/${art.id}`, headers, ...(method === 'PATCH' ? { payload: { status: 'archived' } } : {}) });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Article not found', code: 'NOT_FOUND' });
      const anon = await t.app.inject({ method, url: `/api/v1/support/knowledge/${art.id}`, ...(method === 'PATCH' ? { payload: { status: 'archived' } } : {}) });
      expect(anon.statusCode).toBe(401);
    }
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/support/knowledge?brand_id=${team.brand.id}`, payload })).statusCode).toBe(401);
  });

  it('should fail with 400 naming the field for an unknown category', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/support/knowledge?brand_id=${team.brand.id}`,
      headers: team.members.owner.headers,
      payload: { ...payload, category: 'gossip' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'body.category' }] });
  });
});
