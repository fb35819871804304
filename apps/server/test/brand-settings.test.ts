import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findBrandByApiKey } from '../src/modules/brands/service';
import { buildBrandWithTeam, buildUser, createTestApp, loginAs, type TestApp } from './helpers/app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const regenerate = (brandId: string, headers?: { authorization: string }) =>
  t.app.inject({ method: 'POST', url: `/api/v1/support/brands/${brandId}/regenerate-key`, headers });

describe('POST /api/v1/support/brands/:brandId/regenerate-key', () => {
  it('gives the owner a new key; the old key stops working at once', async () => {
    const team = await buildBrandWithTeam(t);
    const old = team.brand.apiKey;
    expect((await findBrandByApiKey(t.ctx, old))?.id).toBe(team.brand.id);

    const res = await regenerate(team.brand.id, team.members.owner.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ id: team.brand.id, name: team.brand.name, apiKey: expect.stringMatching(/^bk_[A-Za-z0-9_-]{43}$/) });
    expect(body.apiKey).not.toBe(old);
    expect(await findBrandByApiKey(t.ctx, old)).toBeUndefined();
    expect((await findBrandByApiKey(t.ctx, body.apiKey))?.id).toBe(team.brand.id);

    // The refetched user shows the new key (SPEC §7: the user is then refetched).
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: team.members.owner.headers });
    expect(me.json().brands.find((b: { id: string }) => b.id === team.brand.id).apiKey).toBe(body.apiKey);
  });

  it.each(['admin', 'editor', 'agent', 'viewer'] as const)('should fail with 403 for a %s and keep the key', async (role) => {
    const team = await buildBrandWithTeam(t);
    const res = await regenerate(team.brand.id, team.members[role].headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
    expect((await findBrandByApiKey(t.ctx, team.brand.apiKey))?.id).toBe(team.brand.id);
  });

  it('should fail with 403 for a super admin who is not an owner of the brand', async () => {
    const team = await buildBrandWithTeam(t);
    const admin = await buildUser(t.ctx, { superAdmin: true });
    const { headers } = await loginAs(t.app, admin.email);
    expect((await regenerate(team.brand.id, headers)).statusCode).toBe(403);
  });

  it('answers 401 without a token and 404 to a member of another brand', async () => {
    const team = await buildBrandWithTeam(t);
    expect((await regenerate(team.brand.id)).statusCode).toBe(401);
    const res = await regenerate(team.brand.id, team.outsider.headers);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Brand not found', code: 'NOT_FOUND' });
    expect((await regenerate('00000000-0000-4000-8000-000000000000', team.members.owner.headers)).statusCode).toBe(404);
    expect((await findBrandByApiKey(t.ctx, team.brand.apiKey))?.id).toBe(team.brand.id);
  });
});
