import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { BrandRole } from '@console/contract/roles';
import { fakeClock } from '../src/clock';
import { memberships } from '../src/db/schema/index';
import { buildBrand, buildBrandWithTeam, buildUser, createTestApp, loginAs, type TestApp } from './helpers/app';

const NOW = new Date('2026-11-01T12:00:00Z');
const DAY = 24 * 60 * 60_000;
const clock = fakeClock(NOW);
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t?.close());

const get = (url: string, headers?: { authorization: string }) => t.app.inject({ method: 'GET', url, headers });
const setRole = (brandId: string, userId: string, role_name: string, headers?: { authorization: string }) =>
  t.app.inject({ method: 'POST', url: `/api/v1/users/${userId}/roles?brand_id=${brandId}`, headers, payload: { role_name } });
const remove = (brandId: string, userId: string, headers?: { authorization: string }) =>
  t.app.inject({ method: 'DELETE', url: `/api/v1/support/brands/${brandId}/users/${userId}`, headers });

async function roleOf(brandId: string, userId: string) {
  const [row] = await t.ctx.db
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.brandId, brandId), eq(memberships.userId, userId)));
  return row?.role;
}

/** A member joined `daysAgo` days before the clock's start. */
async function joinedAt(brandId: string, userId: string, daysAgo: number) {
  await t.ctx.db
    .update(memberships)
    .set({ createdAt: new Date(NOW.getTime() - daysAgo * DAY) })
    .where(and(eq(memberships.brandId, brandId), eq(memberships.userId, userId)));
}

describe('GET /api/v1/users', () => {
  it('lists the team members with the fields of SPEC §3 and the 7-day trend of new members', async () => {
    const brand = await buildBrand(t.ctx);
    const other = await buildBrand(t.ctx);
    const ann = await buildUser(t.ctx, { name: 'Ann Owner', email: 'ann@team.test', memberships: [[brand.id, 'owner']] });
    const bob = await buildUser(t.ctx, { name: 'bob Viewer', email: 'bob@team.test', memberships: [[brand.id, 'viewer']] });
    const cy = await buildUser(t.ctx, { name: 'Cy Agent', email: 'cy@team.test', memberships: [[brand.id, 'agent'], [other.id, 'owner']] });
    await buildUser(t.ctx, { name: 'Dee Elsewhere', memberships: [[other.id, 'owner']] });
    await joinedAt(brand.id, ann.id, 10); // the week before
    await joinedAt(brand.id, bob.id, 2); // this week
    await joinedAt(brand.id, cy.id, 3); // this week
    const { headers } = await loginAs(t.app, bob.email);
    const res = await get(`/api/v1/users?brand_id=${brand.id}`, headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.trend).toBe(100); // 2 this week against 1 the week before
    expect(body.users.map((u: { name: string }) => u.name)).toEqual(['Ann Owner', 'bob Viewer', 'Cy Agent']);
    expect(body.users[0]).toEqual({
      id: expect.any(String),
      user_id: ann.id,
      brand_id: brand.id,
      name: 'Ann Owner',
      email: 'ann@team.test',
      role: 'owner',
      is_super_admin: false,
      created_at: new Date(NOW.getTime() - 10 * DAY).toISOString(),
    });
    expect(body.users[0].id).not.toBe(ann.id);
    expect(JSON.stringify(body)).not.toContain('password');
  });

  it('answers 401 without a token and 404 to a member of another brand', async () => {
    const team = await buildBrandWithTeam(t);
    expect((await get(`/api/v1/users?brand_id=${team.brand.id}`)).statusCode).toBe(401);
    const res = await get(`/api/v1/users?brand_id=${team.brand.id}`, team.outsider.headers);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Brand not found', code: 'NOT_FOUND' });
  });

  it('lists members of every brand for a super admin with brand_id=all, 403 for others', async () => {
    const team = await buildBrandWithTeam(t);
    const admin = await buildUser(t.ctx, { superAdmin: true });
    const { headers } = await loginAs(t.app, admin.email);
    const res = await get('/api/v1/users?brand_id=all', headers);
    expect(res.statusCode).toBe(200);
    const brands = new Set(res.json().users.map((u: { brand_id: string }) => u.brand_id));
    expect(brands.has(team.brand.id) && brands.has(team.other.id)).toBe(true);
    expect((await get('/api/v1/users?brand_id=all', team.members.owner.headers)).statusCode).toBe(403);
  });
});

describe('POST /api/v1/users/:userId/roles', () => {
  it.each(['owner', 'admin'] as const)('lets an %s set admin, agent and viewer roles', async (role) => {
    const team = await buildBrandWithTeam(t);
    const target = team.members.viewer.id;
    for (const next of ['agent', 'admin', 'viewer'] as const) {
      const res = await setRole(team.brand.id, target, next, team.members[role].headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ user_id: target, brand_id: team.brand.id, role: next, is_super_admin: false });
      expect(await roleOf(team.brand.id, target)).toBe(next);
    }
  });

  it.each(['editor', 'agent', 'viewer'] as const)('should fail with 403 for a %s and leave the role unchanged', async (role) => {
    const team = await buildBrandWithTeam(t);
    const res = await setRole(team.brand.id, team.members.viewer.id, 'admin', team.members[role].headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
    expect(await roleOf(team.brand.id, team.members.viewer.id)).toBe('viewer');
  });

  it('lets only a super admin grant super_admin', async () => {
    const team = await buildBrandWithTeam(t);
    const byOwner = await setRole(team.brand.id, team.members.agent.id, 'super_admin', team.members.owner.headers);
    expect(byOwner.statusCode).toBe(403);
    expect(byOwner.json()).toEqual({ error: 'Only a super admin may grant super_admin', code: 'FORBIDDEN' });

    const admin = await buildUser(t.ctx, { superAdmin: true });
    const { headers } = await loginAs(t.app, admin.email);
    const res = await setRole(team.brand.id, team.members.agent.id, 'super_admin', headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user_id: team.members.agent.id, role: 'agent', is_super_admin: true });
    const me = await get('/api/v1/users/me', team.members.agent.headers);
    expect(me.json().is_super_admin).toBe(true);
  });

  it("lets only an owner make owners or change an owner's role", async () => {
    const team = await buildBrandWithTeam(t);
    expect((await setRole(team.brand.id, team.members.viewer.id, 'owner', team.members.admin.headers)).statusCode).toBe(403);
    expect((await setRole(team.brand.id, team.members.owner.id, 'viewer', team.members.admin.headers)).statusCode).toBe(403);
    expect(await roleOf(team.brand.id, team.members.owner.id)).toBe('owner');
    const promoted = await setRole(team.brand.id, team.members.viewer.id, 'owner', team.members.owner.headers);
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().role).toBe('owner');
  });

  it('should fail with 409 when demoting the last owner, and allow it once another owner exists', async () => {
    const team = await buildBrandWithTeam(t);
    const last = await setRole(team.brand.id, team.members.owner.id, 'admin', team.members.owner.headers);
    expect(last.statusCode).toBe(409);
    expect(last.json()).toEqual({ error: 'The last owner of a brand cannot be demoted', code: 'CONFLICT' });
    expect(await roleOf(team.brand.id, team.members.owner.id)).toBe('owner');

    await setRole(team.brand.id, team.members.admin.id, 'owner', team.members.owner.headers);
    const ok = await setRole(team.brand.id, team.members.owner.id, 'admin', team.members.owner.headers);
    expect(ok.statusCode).toBe(200);
    expect(await roleOf(team.brand.id, team.members.owner.id)).toBe('admin');
  });

  it('should fail with 404 for a user who is not a member of the brand', async () => {
    const team = await buildBrandWithTeam(t);
    const res = await setRole(team.brand.id, team.outsider.id, 'viewer', team.members.owner.headers);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'User not found', code: 'NOT_FOUND' });
  });

  it('should fail with 400 for an unknown role name', async () => {
    const team = await buildBrandWithTeam(t);
    const res = await setRole(team.brand.id, team.members.viewer.id, 'emperor', team.members.owner.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'body.role_name' }] });
  });

  it('answers 401 without a token and 404 to a member of another brand', async () => {
    const team = await buildBrandWithTeam(t);
    expect((await setRole(team.brand.id, team.members.viewer.id, 'agent')).statusCode).toBe(401);
    expect((await setRole(team.brand.id, team.members.viewer.id, 'agent', team.outsider.headers)).statusCode).toBe(404);
    expect(await roleOf(team.brand.id, team.members.viewer.id)).toBe('viewer');
  });
});

describe('DELETE /api/v1/support/brands/:brandId/users/:userId', () => {
  it.each(['owner', 'admin'] as const)('lets an %s remove a member, who then loses access', async (role) => {
    const team = await buildBrandWithTeam(t);
    const res = await remove(team.brand.id, team.members.editor.id, team.members[role].headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await roleOf(team.brand.id, team.members.editor.id)).toBeUndefined();
    expect((await get(`/api/v1/users?brand_id=${team.brand.id}`, team.members.editor.headers)).statusCode).toBe(404);
  });

  it.each(['editor', 'agent', 'viewer'] as const)('should fail with 403 for a %s', async (role) => {
    const team = await buildBrandWithTeam(t);
    const target: BrandRole = role === 'viewer' ? 'agent' : 'viewer';
    const res = await remove(team.brand.id, team.members[target].id, team.members[role].headers);
    expect(res.statusCode).toBe(403);
    expect(await roleOf(team.brand.id, team.members[target].id)).toBe(target);
  });

  it('should fail with 403 when removing an owner or oneself', async () => {
    const team = await buildBrandWithTeam(t);
    const owner = await remove(team.brand.id, team.members.owner.id, team.members.admin.headers);
    expect(owner.statusCode).toBe(403);
    expect(owner.json()).toEqual({ error: 'Owners cannot be removed from the brand', code: 'FORBIDDEN' });
    const self = await remove(team.brand.id, team.members.admin.id, team.members.admin.headers);
    expect(self.statusCode).toBe(403);
    expect(self.json()).toEqual({ error: 'You cannot remove yourself from the brand', code: 'FORBIDDEN' });
    expect((await remove(team.brand.id, team.members.owner.id, team.members.owner.headers)).statusCode).toBe(403);
    expect(await roleOf(team.brand.id, team.members.owner.id)).toBe('owner');
    expect(await roleOf(team.brand.id, team.members.admin.id)).toBe('admin');
  });

  it('should fail with 404 for a user who is not a member', async () => {
    const team = await buildBrandWithTeam(t);
    expect((await remove(team.brand.id, team.outsider.id, team.members.owner.headers)).statusCode).toBe(404);
  });

  it('answers 401 without a token and 404 to a member of another brand', async () => {
    const team = await buildBrandWithTeam(t);
    expect((await remove(team.brand.id, team.members.viewer.id)).statusCode).toBe(401);
    expect((await remove(team.brand.id, team.members.viewer.id, team.outsider.headers)).statusCode).toBe(404);
    expect(await roleOf(team.brand.id, team.members.viewer.id)).toBe('viewer');
  });
});
