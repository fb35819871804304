import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeClock } from '../src/clock';
import { trendPercent } from '../src/db/counts';
import { tickets } from '../src/db/schema/index';
import type { AppContext } from '../src/context';
import { countOpenTickets } from '../src/modules/tickets/service';
import { buildBrand, buildBrandWithTeam, buildUser, createTestApp, loginAs, type TestApp } from './helpers/app';

const NOW = new Date('2026-11-01T12:00:00Z');
const DAY = 24 * 60 * 60_000;
const clock = fakeClock(NOW);
let t: TestApp;
let team: Awaited<ReturnType<typeof buildBrandWithTeam>>;
let superAdmin: { authorization: string };

/** A ticket created `daysAgo` days before the test clock's start. */
async function buildTicket(ctx: AppContext, brandId: string, opts: { status?: string; priority?: string | null; daysAgo?: number; subject?: string | null } = {}) {
  const at = new Date(NOW.getTime() - (opts.daysAgo ?? 0) * DAY);
  const [row] = await ctx.db
    .insert(tickets)
    .values({
      brandId,
      subject: opts.subject === undefined ? 'Robot arm stuck' : opts.subject,
      status: opts.status ?? 'open',
      priority: opts.priority === undefined ? 'medium' : opts.priority,
      customerEmail: 'customer@example.test',
      createdAt: at,
      updatedAt: at,
    })
    .returning();
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

describe('trendPercent', () => {
  it('follows CONTRACT §Lists and counts', () => {
    expect(trendPercent(3, 2)).toBe(50);
    expect(trendPercent(1, 3)).toBe(-67);
    expect(trendPercent(0, 4)).toBe(-100);
    expect(trendPercent(5, 0)).toBe(100);
    expect(trendPercent(0, 0)).toBe(0);
    expect(trendPercent(2, 2)).toBe(0);
  });
});

describe('GET /api/v1/tickets', () => {
  it('returns the page newest first with pagination.total, filtered by status', async () => {
    const brand = await buildBrand(t.ctx);
    const owner = await buildUser(t.ctx, { memberships: [[brand.id, 'viewer']] });
    const { headers } = await loginAs(t.app, owner.email);
    const a = await buildTicket(t.ctx, brand.id, { daysAgo: 3, status: 'open' });
    const b = await buildTicket(t.ctx, brand.id, { daysAgo: 1, status: 'open', priority: null, subject: null });
    const c = await buildTicket(t.ctx, brand.id, { daysAgo: 2, status: 'closed' });

    const all = await get(`/api/v1/tickets?brand_id=${brand.id}`, headers);
    expect(all.statusCode).toBe(200);
    expect(all.json().tickets.map((x: { id: string }) => x.id)).toEqual([b.id, c.id, a.id]);
    expect(all.json().pagination).toEqual({ page: 1, limit: 50, total: 3 });
    expect(all.json().tickets[0]).toEqual({
      id: b.id,
      brand_id: brand.id,
      subject: null,
      description: null,
      status: 'open',
      priority: null,
      customer_email: 'customer@example.test',
      created_at: new Date(NOW.getTime() - DAY).toISOString(),
      updated_at: new Date(NOW.getTime() - DAY).toISOString(),
    });

    const open = await get(`/api/v1/tickets?brand_id=${brand.id}&page=1&limit=1&status=open`, headers);
    expect(open.json().tickets.map((x: { id: string }) => x.id)).toEqual([b.id]);
    expect(open.json().pagination).toEqual({ page: 1, limit: 1, total: 2 });
    const page2 = await get(`/api/v1/tickets?brand_id=${brand.id}&page=2&limit=1&status=open`, headers);
    expect(page2.json().tickets.map((x: { id: string }) => x.id)).toEqual([a.id]);
  });

  it('never shows another brand\'s tickets', async () => {
    const mine = await buildTicket(t.ctx, team.brand.id);
    const theirs = await buildTicket(t.ctx, team.other.id);
    const res = await get(`/api/v1/tickets?brand_id=${team.brand.id}&limit=100`, team.members.viewer.headers);
    const ids = res.json().tickets.map((x: { id: string }) => x.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
  });

  it('should fail with 400 when limit is over 100 or status is unknown', async () => {
    const over = await get(`/api/v1/tickets?brand_id=${team.brand.id}&limit=101`, team.members.owner.headers);
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'querystring.limit' }] });
    const bad = await get(`/api/v1/tickets?brand_id=${team.brand.id}&status=lost`, team.members.owner.headers);
    expect(bad.statusCode).toBe(400);
  });

  it('answers 401 without a token and 404 to a member of another brand', async () => {
    expect((await get(`/api/v1/tickets?brand_id=${team.brand.id}`)).statusCode).toBe(401);
    const res = await get(`/api/v1/tickets?brand_id=${team.brand.id}`, team.outsider.headers);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Brand not found', code: 'NOT_FOUND' });
  });

  it('lists every brand for a super admin with brand_id=all, and refuses it to others with 403', async () => {
    const x = await buildTicket(t.ctx, team.brand.id);
    const y = await buildTicket(t.ctx, team.other.id);
    const res = await get('/api/v1/tickets?brand_id=all&limit=100', superAdmin);
    expect(res.statusCode).toBe(200);
    const ids = res.json().tickets.map((r: { id: string }) => r.id);
    expect(ids).toEqual(expect.arrayContaining([x.id, y.id]));
    expect((await get('/api/v1/tickets?brand_id=all', team.members.owner.headers)).statusCode).toBe(403);
  });
});

describe('GET /api/v1/tickets/count', () => {
  let brandId: string;
  let headers: { authorization: string };
  beforeAll(async () => {
    const brand = await buildBrand(t.ctx);
    brandId = brand.id;
    const viewer = await buildUser(t.ctx, { memberships: [[brand.id, 'viewer']] });
    headers = (await loginAs(t.app, viewer.email)).headers;
    // Open: 3 in the last 7 days, 2 in the 7 days before, 1 older.
    for (const d of [1, 2, 3, 8, 9, 20]) await buildTicket(t.ctx, brandId, { status: 'open', daysAgo: d });
    await buildTicket(t.ctx, brandId, { status: 'pending', daysAgo: 1 });
    await buildTicket(t.ctx, brandId, { status: 'resolved', daysAgo: 10 });
    await buildTicket(t.ctx, brandId, { status: 'closed', daysAgo: 20 });
  });

  it('counts open tickets against all tickets with the 7-day trend of open tickets', async () => {
    const res = await get(`/api/v1/tickets/count?brand_id=${brandId}`, headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ count: 6, total: 9, trend: 50 });
  });

  it('counts only the given status with status=', async () => {
    expect((await get(`/api/v1/tickets/count?brand_id=${brandId}&status=pending`, headers)).json()).toEqual({ count: 1, total: 9, trend: 100 });
    expect((await get(`/api/v1/tickets/count?brand_id=${brandId}&status=resolved`, headers)).json()).toEqual({ count: 1, total: 9, trend: -100 });
    expect((await get(`/api/v1/tickets/count?brand_id=${brandId}&status=closed`, headers)).json()).toEqual({ count: 1, total: 9, trend: 0 });
  });

  it('moves the trend window with the clock', async () => {
    clock.advance(7 * DAY);
    try {
      // Now the 3 recent open tickets are the previous week and nothing is new.
      expect((await get(`/api/v1/tickets/count?brand_id=${brandId}`, headers)).json()).toEqual({ count: 6, total: 9, trend: -100 });
    } finally {
      clock.set(NOW);
    }
  });

  it('gives countOpenTickets the same open count', async () => {
    expect(await countOpenTickets(t.ctx, brandId)).toBe(6);
  });

  it('aggregates every brand for a super admin with brand_id=all', async () => {
    const res = await get('/api/v1/tickets/count?brand_id=all', superAdmin);
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBeGreaterThanOrEqual(9);
    expect(res.json().count).toBeGreaterThanOrEqual(6);
  });

  it('answers 401 without a token and 404 to a member of another brand', async () => {
    expect((await get(`/api/v1/tickets/count?brand_id=${brandId}`)).statusCode).toBe(401);
    expect((await get(`/api/v1/tickets/count?brand_id=${brandId}`, team.outsider.headers)).statusCode).toBe(404);
  });
});

describe('POST /api/v1/tickets', () => {
  const payload = { subject: 'Gripper calibration', priority: 'high', customer_email: 'buyer@example.test', description: 'It drifts.' };

  it.each(['owner', 'admin', 'editor', 'agent'] as const)('lets a %s open a ticket (201 with the ticket)', async (role) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/tickets?brand_id=${team.brand.id}`,
      headers: team.members[role].headers,
      payload,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ ...payload, brand_id: team.brand.id, status: 'open', created_at: NOW.toISOString() });
    const list = await get(`/api/v1/tickets?brand_id=${team.brand.id}&limit=100`, team.members.viewer.headers);
    expect(list.json().tickets.map((x: { id: string }) => x.id)).toContain(res.json().id);
  });

  it('accepts brand_id in the body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/tickets', headers: team.members.agent.headers, payload: { ...payload, brand_id: team.brand.id } });
    expect(res.statusCode).toBe(201);
    expect(res.json().brand_id).toBe(team.brand.id);
  });

  it('should fail with 403 for a viewer', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/tickets?brand_id=${team.brand.id}`, headers: team.members.viewer.headers, payload });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
  });

  it('should fail with 400 naming the field for an unknown priority', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/tickets?brand_id=${team.brand.id}`,
      headers: team.members.owner.headers,
      payload: { ...payload, priority: 'whenever' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'body.priority' }] });
  });

  it('answers 401 without a token and 404 to a member of another brand', async () => {
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/tickets?brand_id=${team.brand.id}`, payload })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/tickets?brand_id=${team.brand.id}`, headers: team.outsider.headers, payload });
    expect(res.statusCode).toBe(404);
  });
});

describe('PATCH /api/v1/tickets/:id', () => {
  it.each(['owner', 'admin', 'editor', 'agent'] as const)('lets a %s change status and priority', async (role) => {
    const ticket = await buildTicket(t.ctx, team.brand.id);
    clock.advance(60_000);
    try {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/tickets/${ticket.id}`,
        headers: team.members[role].headers,
        payload: { status: 'resolved', priority: 'urgent' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: ticket.id, status: 'resolved', priority: 'urgent', updated_at: new Date(NOW.getTime() + 60_000).toISOString() });
      const again = await get(`/api/v1/tickets/${ticket.id}`, team.members.viewer.headers);
      expect(again.json().status).toBe('resolved');
    } finally {
      clock.set(NOW);
    }
  });

  it('should fail with 403 for a viewer and leave the ticket unchanged', async () => {
    const ticket = await buildTicket(t.ctx, team.brand.id);
    const res = await t.app.inject({ method: 'PATCH', url: `/api/v1/tickets/${ticket.id}`, headers: team.members.viewer.headers, payload: { status: 'closed' } });
    expect(res.statusCode).toBe(403);
    expect((await get(`/api/v1/tickets/${ticket.id}`, team.members.viewer.headers)).json().status).toBe('open');
  });

  it("answers another brand's ticket exactly like a missing one (404)", async () => {
    const ticket = await buildTicket(t.ctx, team.brand.id);
    const theirs = await t.app.inject({ method: 'PATCH', url: `/api/v1/tickets/${ticket.id}`, headers: team.outsider.headers, payload: { status: 'closed' } });
    const missing = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/tickets/00000000-0000-4000-8000-000000000000',
      headers: team.outsider.headers,
      payload: { status: 'closed' },
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(missing.json());
    expect(theirs.json()).toEqual({ error: 'Ticket not found', code: 'NOT_FOUND' });
    expect((await get(`/api/v1/tickets/${ticket.id}`, team.outsider.headers)).statusCode).toBe(404);
  });

  it('should fail with 400 for an empty change and 401 without a token', async () => {
    const ticket = await buildTicket(t.ctx, team.brand.id);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/v1/tickets/${ticket.id}`, headers: team.members.owner.headers, payload: {} })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/v1/tickets/${ticket.id}`, payload: { status: 'closed' } })).statusCode).toBe(401);
    expect((await get(`/api/v1/tickets/${ticket.id}`)).statusCode).toBe(401);
  });
});
