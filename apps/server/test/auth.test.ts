import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { fakeClock } from '../src/clock';
import { sessions } from '../src/db/schema/index';
import { SESSION_TTL_MS } from '../src/modules/auth/service';
import { buildBrand, buildUser, createTestApp, loginAs, type TestApp } from './helpers/app';

const clock = fakeClock(new Date('2026-11-01T12:00:00Z'));
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t?.close());

const login = (email: string, password: string, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password }, remoteAddress: ip });

describe('POST /api/v1/auth/login', () => {
  it('returns a token and the user with brands and roles on valid credentials', async () => {
    const brand = await buildBrand(t.ctx, 'Login Brand');
    const user = await buildUser(t.ctx, { email: 'ok@example.test', name: 'Ok User', memberships: [[brand.id, 'editor']] });
    const res = await login('OK@example.test', user.password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.user).toMatchObject({
      id: user.id,
      name: 'Ok User',
      email: 'ok@example.test',
      role: 'user',
      is_super_admin: false,
      roles: [{ name: 'editor' }],
      brands: [{ id: brand.id, name: 'Login Brand', role: 'editor', apiKey: null, domain: null }],
    });
    expect(body.user).not.toHaveProperty('passwordHash');
    expect(JSON.stringify(body)).not.toContain('scrypt');
  });

  it('should fail with the same 401 answer for a wrong password and an unknown email', async () => {
    await buildUser(t.ctx, { email: 'wrongpw@example.test' });
    const wrongPassword = await login('wrongpw@example.test', 'nope-nope', '10.0.0.2');
    const unknownEmail = await login('nobody@example.test', 'nope-nope', '10.0.0.2');
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ error: 'Invalid email or password', code: 'UNAUTHORIZED' });
    expect(unknownEmail.json()).toEqual(wrongPassword.json());
  });

  it('should fail with 400 naming the field when the email is not email-shaped', async () => {
    const res = await login('not-an-email', 'x');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'body.email' }] });
  });

  it('should answer 429 with Retry-After after 10 failures for one account, even with the right password', async () => {
    const user = await buildUser(t.ctx, { email: 'limited@example.test' });
    for (let i = 0; i < 10; i++) {
      expect((await login(user.email, 'wrong', `10.1.0.${i}`)).statusCode).toBe(401);
    }
    const blocked = await login(user.email, user.password, '10.1.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('RATE_LIMITED');
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // The window slides: 15 minutes later the account can sign in again.
    clock.advance(15 * 60_000 + 1000);
    expect((await login(user.email, user.password, '10.1.1.1')).statusCode).toBe(200);
  });

  it('should answer 429 after 100 failures from one address, for any account', async () => {
    const user = await buildUser(t.ctx, { email: 'victim@example.test' });
    for (let i = 0; i < 100; i++) await login(`spray${i}@example.test`, 'wrong', '10.9.9.9');
    expect((await login(user.email, user.password, '10.9.9.9')).statusCode).toBe(429);
    // Another address is unaffected.
    expect((await login(user.email, user.password, '10.9.9.10')).statusCode).toBe(200);
  });

  it('does not count successful sign-ins', async () => {
    const user = await buildUser(t.ctx, { email: 'often@example.test' });
    for (let i = 0; i < 12; i++) expect((await login(user.email, user.password, '10.2.0.1')).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('revokes the token at logout so it no longer works', async () => {
    const user = await buildUser(t.ctx);
    const { headers } = await loginAs(t.app, user.email);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers })).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ error: 'Session expired or invalid', code: 'UNAUTHORIZED' });
  });

  it('stores only a hash of the token', async () => {
    const user = await buildUser(t.ctx);
    const { token } = await loginAs(t.app, user.email);
    const rows = await t.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).not.toBe(token);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('rejects an expired token', async () => {
    const user = await buildUser(t.ctx);
    const { headers } = await loginAs(t.app, user.email);
    clock.advance(SESSION_TTL_MS + 1000);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers })).statusCode).toBe(401);
  });

  it('answers 401 without a token and with a malformed header', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/v1/users/me' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ error: 'Authentication required', code: 'UNAUTHORIZED' });
    const bad = await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { authorization: 'Basic abc' } });
    expect(bad.statusCode).toBe(401);
  });
});

describe('GET /api/v1/users/me', () => {
  it('shows apiKey only for brands where the caller is owner or admin', async () => {
    const a = await buildBrand(t.ctx, 'A Owner');
    const b = await buildBrand(t.ctx, 'B Admin');
    const c = await buildBrand(t.ctx, 'C Viewer');
    const d = await buildBrand(t.ctx, 'D Editor');
    const user = await buildUser(t.ctx, {
      memberships: [
        [a.id, 'owner'],
        [b.id, 'admin'],
        [c.id, 'viewer'],
        [d.id, 'editor'],
      ],
    });
    const { headers } = await loginAs(t.app, user.email);
    const me = (await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers })).json();
    const byName = Object.fromEntries(me.brands.map((x: { name: string }) => [x.name, x]));
    expect(byName['A Owner'].apiKey).toBe(a.apiKey);
    expect(byName['B Admin'].apiKey).toBe(b.apiKey);
    expect(byName['C Viewer'].apiKey).toBeNull();
    expect(byName['D Editor'].apiKey).toBeNull();
    expect(me.brands.map((x: { name: string }) => x.name)).toEqual(['A Owner', 'B Admin', 'C Viewer', 'D Editor']);
    expect(a.apiKey).toMatch(/^bk_[A-Za-z0-9_-]{43}$/);
  });

  it('lists every brand for a super admin, with role super_admin', async () => {
    const admin = await buildUser(t.ctx, { superAdmin: true });
    const { headers } = await loginAs(t.app, admin.email);
    const me = (await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers })).json();
    expect(me.is_super_admin).toBe(true);
    expect(me.role).toBe('super_admin');
    expect(me.roles).toContainEqual({ name: 'super_admin' });
    expect(me.brands.length).toBeGreaterThanOrEqual(5);
    expect(me.brands.every((x: { role: string }) => x.role === 'admin')).toBe(true);
  });
});
