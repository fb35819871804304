import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTICLE_STATUSES, KNOWLEDGE_CATEGORIES } from '@console/contract/knowledge';
import { TICKET_PRIORITIES, TICKET_STATUSES } from '@console/contract/tickets';
import { fakeClock } from '../src/clock';
import { seedDemo } from '../src/db/seed/index';
import { createTestApp, loginAs, type TestApp } from './helpers/app';

const clock = fakeClock(new Date('2026-11-01T12:00:00Z'));
let t: TestApp;
let demo: { authorization: string };
let brands: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ clock });
  const seeded = await seedDemo(t.ctx);
  brands = seeded.brands;
  demo = (await loginAs(t.app, 'demo@example.com', 'demo1234')).headers;
}, 120_000);
afterAll(() => t?.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: demo });

describe('the demo brands feed the overview dashboard', () => {
  it.each(['Acme Robotics', 'Globex Support', 'Initech'])('%s has open tickets with a non-zero trend, and members', async (name) => {
    const id = brands[name];
    const count = await get(`/api/v1/tickets/count?brand_id=${id}`);
    expect(count.statusCode).toBe(200);
    expect(count.json().count).toBeGreaterThan(0);
    expect(count.json().total).toBeGreaterThan(count.json().count);
    expect(count.json().trend).not.toBe(0);
    const users = await get(`/api/v1/users?brand_id=${id}`);
    expect(users.statusCode).toBe(200);
    expect(users.json().users.length).toBeGreaterThanOrEqual(3);
    // Members joined on different days, so the Team Members trend reflects real join dates.
    const joined = new Set(users.json().users.map((u: { created_at: string }) => u.created_at.slice(0, 10)));
    expect(joined.size).toBeGreaterThan(1);
    // The badge call: the open tickets total from a one-row page.
    const badge = await get(`/api/v1/tickets?brand_id=${id}&limit=1&status=open`);
    expect(badge.json().pagination.total).toBe(count.json().count);
  });

  it.each(['Acme Robotics', 'Globex Support', 'Initech'])('%s has tickets of every status and priority over 30 days', async (name) => {
    const list = (await get(`/api/v1/tickets?brand_id=${brands[name]}&limit=100`)).json();
    const statuses = new Set(list.tickets.map((x: { status: string }) => x.status));
    const priorities = new Set(list.tickets.map((x: { priority: string | null }) => x.priority));
    expect([...statuses].sort()).toEqual([...TICKET_STATUSES].sort());
    for (const p of TICKET_PRIORITIES) expect(priorities.has(p)).toBe(true);
    const oldest = Math.min(...list.tickets.map((x: { created_at: string }) => Date.parse(x.created_at)));
    expect(clock.now().getTime() - oldest).toBeGreaterThan(14 * 24 * 60 * 60_000);
    expect(clock.now().getTime() - oldest).toBeLessThanOrEqual(31 * 24 * 60 * 60_000);
  });

  it.each(['Acme Robotics', 'Globex Support', 'Initech'])('%s has articles in every category and status, with tags and pending ones', async (name) => {
    const list = (await get(`/api/v1/support/knowledge?brand_id=${brands[name]}`)).json();
    for (const c of KNOWLEDGE_CATEGORIES) expect(list.category_counts[c]).toBeGreaterThan(0);
    const statuses = new Set(list.articles.map((a: { status: string }) => a.status));
    expect([...statuses].sort()).toEqual([...ARTICLE_STATUSES].sort());
    expect(list.articles.some((a: { tags: string[] }) => a.tags.length > 3)).toBe(true);
    const pending = (await get(`/api/v1/knowledge/count?brand_id=${brands[name]}&status=pending`)).json();
    expect(pending.count).toBeGreaterThan(0);
  });
});
