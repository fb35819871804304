import type { BrandRole } from '@console/contract/roles';
import { buildApp, type AppDeps } from '../../src/app';
import { testConfig, type Config } from '../../src/config';
import type { AppContext } from '../../src/context';
import type { App, RoutePlugin } from '../../src/http/types';
import { hashPassword } from '../../src/crypto/passwords';
import { users } from '../../src/db/schema/index';
import { addMember, createBrand } from '../../src/modules/brands/service';
import { openTestDb } from './db';

export const TEST_SECRET_KEY = 'test-secret-key-0123456789abcdef0123456789';

export interface TestApp {
  app: App;
  ctx: AppContext;
  /** The PostgreSQL URL of this file's database, when running on PostgreSQL. */
  databaseUrl?: string;
  close(): Promise<void>;
}

/** The whole app on a fresh database of its own (STYLE §10). */
export async function createTestApp(
  opts: {
    config?: Partial<Record<keyof Config, string>>;
    /** Extra routes for a test (e.g. exercising the brand guard directly). */
    register?: RoutePlugin;
  } & Partial<Omit<AppDeps, 'config' | 'db' | 'secretKey'>> = {},
): Promise<TestApp> {
  const { client, url, drop } = await openTestDb();
  const { config, register, ...deps } = opts;
  const { app, ctx } = await buildApp({ config: testConfig(config), db: client, secretKey: TEST_SECRET_KEY, ...deps });
  if (register) await app.register(async (scope) => register(scope as App, ctx));
  await app.ready();
  return {
    app,
    ctx,
    databaseUrl: url,
    async close() {
      await app.close();
      await drop();
    },
  };
}

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

/** A brand with a fresh API key. */
export async function buildBrand(ctx: AppContext, name = `Brand ${unique()}`) {
  const { brand, apiKey } = await createBrand(ctx, { name });
  return { ...brand, apiKey };
}

const passwordHashes = new Map<string, Promise<string>>();

/** A user, optionally a member of brands with roles. Password defaults to 'password123'. */
export async function buildUser(
  ctx: AppContext,
  opts: { email?: string; name?: string; password?: string; superAdmin?: boolean; memberships?: Array<[string, BrandRole]> } = {},
) {
  const password = opts.password ?? 'password123';
  if (!passwordHashes.has(password)) passwordHashes.set(password, hashPassword(password));
  const [user] = await ctx.db
    .insert(users)
    .values({
      name: opts.name ?? 'Test User',
      email: opts.email ?? `user-${unique()}@example.test`,
      passwordHash: await passwordHashes.get(password)!,
      isSuperAdmin: !!opts.superAdmin,
    })
    .returning();
  for (const [brandId, role] of opts.memberships ?? []) await addMember(ctx, { brandId, userId: user.id, role });
  return { ...user, password };
}

/** Signs in through the API and returns the bearer headers. */
export async function loginAs(app: App, email: string, password = 'password123') {
  const res = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed for ${email}: ${res.statusCode} ${res.body}`);
  const token = res.json().token as string;
  return { token, headers: { authorization: `Bearer ${token}` } };
}

/** A brand with one member per role, each signed in; plus an outsider from another brand. */
export async function buildBrandWithTeam(t: TestApp) {
  const brand = await buildBrand(t.ctx);
  const other = await buildBrand(t.ctx);
  const roles: BrandRole[] = ['owner', 'admin', 'editor', 'agent', 'viewer'];
  const members = {} as Record<BrandRole, { id: string; email: string; headers: { authorization: string } }>;
  for (const role of roles) {
    const u = await buildUser(t.ctx, { memberships: [[brand.id, role]] });
    members[role] = { id: u.id, email: u.email, headers: (await loginAs(t.app, u.email)).headers };
  }
  const o = await buildUser(t.ctx, { memberships: [[other.id, 'owner']] });
  const outsider = { id: o.id, email: o.email, headers: (await loginAs(t.app, o.email)).headers };
  return { brand, other, members, outsider };
}
