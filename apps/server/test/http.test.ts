import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrandQuerySchema } from '@console/contract/common';
import { guardBrand } from '../src/http/brand-guard';
import { BODY_LIMIT } from '../src/app';
import { buildBrand, buildUser, createTestApp, loginAs, type TestApp } from './helpers/app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    // Routes exercising the real brand guard through HTTP.
    register: async (app, ctx) => {
      app.get('/api/v1/test/read', { schema: { querystring: BrandQuerySchema } }, async (req) => {
        const scope = await guardBrand(ctx, req, { allowAll: true });
        return { brandId: scope.brandId, role: scope.role };
      });
      app.post('/api/v1/test/admin-action', { schema: { querystring: BrandQuerySchema } }, async (req) => {
        const scope = await guardBrand(ctx, req, { role: 'admin' });
        return { brandId: scope.brandId, role: scope.role };
      });
      app.get('/api/v1/test/boom', async () => {
        throw new Error('select * from secret_table failed at /src/thing.ts:12');
      });
    },
  });
});
afterAll(() => t?.close());

describe('error shape', () => {
  it('answers unknown routes with 404 JSON, with or without a token', async () => {
    const user = await buildUser(t.ctx);
    const { headers } = await loginAs(t.app, user.email);
    for (const h of [{}, headers]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/does-not-exist', headers: h });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Route GET /api/v1/does-not-exist not found', code: 'NOT_FOUND' });
    }
  });

  it('answers invalid JSON with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Request body is not valid JSON', code: 'BAD_REQUEST' });
  });

  it('answers an oversize body with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(BODY_LIMIT) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' });
  });

  it('hides the text of a 500 error', async () => {
    const user = await buildUser(t.ctx);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/test/boom', headers: (await loginAs(t.app, user.email)).headers });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 'Internal server error', code: 'INTERNAL' });
    expect(res.body).not.toContain('secret_table');
  });

  it('sets security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});

describe('bearer gate', () => {
  it('answers 401 before validating the body when no token is sent, and 400 with a token', async () => {
    const brand = await buildBrand(t.ctx);
    const user = await buildUser(t.ctx, { memberships: [[brand.id, 'owner']] });
    const url = `/api/v1/tickets?brand_id=${brand.id}`;
    const anonymous = await t.app.inject({ method: 'POST', url, payload: { subject: 42 } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: 'Authentication required', code: 'UNAUTHORIZED' });
    const signedIn = await t.app.inject({ method: 'POST', url, payload: { subject: 42 }, headers: (await loginAs(t.app, user.email)).headers });
    expect(signedIn.statusCode).toBe(400);
  });

  it('leaves sign-in, agent registration and provider logos open to their own checks', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: {} })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/mesh/agent/register', payload: {} })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/marketplace/providers/cloudflare/logo.svg' })).statusCode).toBe(200);
  });
});

describe('GET /api/health', () => {
  it('reports the database and smtp without authentication', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: true, smtp: true });
  });
});

describe('OpenAPI', () => {
  it('serves the document at /api/docs/json with the auth routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/v1/auth/login', '/api/v1/users/me', '/api/health']));
  });

  it('serves browsable docs at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('swagger');
  });
});

describe('brand guard', () => {
  it('answers 401 without a token', async () => {
    const brand = await buildBrand(t.ctx);
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/test/read?brand_id=${brand.id}` });
    expect(res.statusCode).toBe(401);
  });

  it('lets a member read with their role', async () => {
    const brand = await buildBrand(t.ctx);
    const user = await buildUser(t.ctx, { memberships: [[brand.id, 'viewer']] });
    const { headers } = await loginAs(t.app, user.email);
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/test/read?brand_id=${brand.id}`, headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ brandId: brand.id, role: 'viewer' });
  });

  it("answers 404 for another brand's id, exactly as for a brand that does not exist", async () => {
    const mine = await buildBrand(t.ctx);
    const other = await buildBrand(t.ctx);
    const user = await buildUser(t.ctx, { memberships: [[mine.id, 'owner']] });
    const { headers } = await loginAs(t.app, user.email);
    const theirs = await t.app.inject({ method: 'GET', url: `/api/v1/test/read?brand_id=${other.id}`, headers });
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/v1/test/read?brand_id=00000000-0000-4000-8000-000000000000`,
      headers,
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ error: 'Brand not found', code: 'NOT_FOUND' });
    expect(missing.json()).toEqual(theirs.json());
  });

  it('answers 403 to a member below the required role, and lets an admin act', async () => {
    const brand = await buildBrand(t.ctx);
    const editor = await buildUser(t.ctx, { memberships: [[brand.id, 'editor']] });
    const admin = await buildUser(t.ctx, { memberships: [[brand.id, 'admin']] });
    const e = await t.app.inject({ method: 'POST', url: `/api/v1/test/admin-action?brand_id=${brand.id}`, headers: (await loginAs(t.app, editor.email)).headers });
    expect(e.statusCode).toBe(403);
    expect(e.json().code).toBe('FORBIDDEN');
    const a = await t.app.inject({ method: 'POST', url: `/api/v1/test/admin-action?brand_id=${brand.id}`, headers: (await loginAs(t.app, admin.email)).headers });
    expect(a.statusCode).toBe(200);
  });

  it('accepts brand_id=all for super admins only', async () => {
    const brand = await buildBrand(t.ctx);
    const owner = await buildUser(t.ctx, { memberships: [[brand.id, 'owner']] });
    const admin = await buildUser(t.ctx, { superAdmin: true });
    const asOwner = await t.app.inject({ method: 'GET', url: '/api/v1/test/read?brand_id=all', headers: (await loginAs(t.app, owner.email)).headers });
    expect(asOwner.statusCode).toBe(403);
    const adminHeaders = (await loginAs(t.app, admin.email)).headers;
    const asAdmin = await t.app.inject({ method: 'GET', url: '/api/v1/test/read?brand_id=all', headers: adminHeaders });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json()).toEqual({ brandId: 'all', role: 'admin' });
    // A super admin also reaches any single brand.
    const one = await t.app.inject({ method: 'GET', url: `/api/v1/test/read?brand_id=${brand.id}`, headers: adminHeaders });
    expect(one.json()).toEqual({ brandId: brand.id, role: 'admin' });
  });

  it('answers 400 when brand_id is missing or malformed', async () => {
    const user = await buildUser(t.ctx);
    const { headers } = await loginAs(t.app, user.email);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/test/read', headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
  });
});
