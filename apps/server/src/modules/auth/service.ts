import type { Me } from '@console/contract/auth';
import { LOGIN_FAILURES_PER_ACCOUNT, LOGIN_FAILURES_PER_ADDRESS, LOGIN_WINDOW_MS } from '@console/contract/limits';
import { BRAND_ROLES, hasRole, type BrandRole } from '@console/contract/roles';
import type { AppContext } from '../../context';
import { getDummyHash, verifyPassword } from '../../crypto/passwords';
import { randomToken, sha256 } from '../../crypto/secrets';
import { AppError, unauthorized } from '../../http/errors';
import { listAllBrands, listUserBrands } from '../brands/queries';
import { findPrimaryDomains } from '../brands/service';
import * as q from './queries';
import { callerTags, sessionCache, sessionTag, type CachedCaller } from './session-cache';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'keyring' | 'cache'>;

export const SESSION_TTL_MS = 30 * 24 * 60 * 60_000;

/** The signed-in caller, resolved from a bearer token once per request. */
export interface Caller {
  userId: string;
  sessionId: string;
  email: string;
  name: string;
  isSuperAdmin: boolean;
}

const INVALID_CREDENTIALS = 'Invalid email or password';

/**
 * Signs in with email and password. A wrong email and a wrong password get the same answer
 * (and take the same time); failures are counted per account and per address (CONTRACT §Rate limits).
 */
export async function login(ctx: Ctx, input: { email: string; password: string; ip: string }) {
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS);
  const accountKey = `account:${input.email.trim().toLowerCase()}`;
  const addressKey = `address:${input.ip}`;

  const [account, address] = await Promise.all([
    q.countFailuresSince(ctx.db, accountKey, since),
    q.countFailuresSince(ctx.db, addressKey, since),
  ]);
  const blocked =
    account.n >= LOGIN_FAILURES_PER_ACCOUNT ? account : address.n >= LOGIN_FAILURES_PER_ADDRESS ? address : null;
  if (blocked) {
    const retryMs = (blocked.oldest?.getTime() ?? now.getTime()) + LOGIN_WINDOW_MS - now.getTime();
    const retryAfter = Math.max(1, Math.ceil(retryMs / 1000));
    throw new AppError('RATE_LIMITED', 'Too many failed sign-in attempts. Please try again later.', undefined, {
      'retry-after': String(retryAfter),
    });
  }

  const user = await q.findUserByEmail(ctx.db, input.email.trim());
  const ok = await verifyPassword(input.password, user?.passwordHash ?? (await getDummyHash()));
  if (!user || !ok) {
    await q.recordFailures(ctx.db, [accountKey, addressKey], now);
    if (Math.random() < 0.05) await q.pruneFailures(ctx.db, since);
    throw unauthorized(INVALID_CREDENTIALS);
  }

  const token = randomToken(32);
  await q.insertSession(ctx.db, {
    userId: user.id,
    tokenHash: sha256(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
  });
  return { token, user: await getMe(ctx, user.id) };
}

export async function logout(ctx: Ctx, caller: Caller) {
  await q.revokeSession(ctx.db, caller.sessionId, ctx.clock.now());
  await sessionCache(ctx).drop(sessionTag(caller.sessionId));
}

function toCaller(row: { id: string; user: { id: string; email: string; name: string; isSuperAdmin: boolean } }): Caller {
  return { userId: row.user.id, sessionId: row.id, email: row.user.email, name: row.user.name, isSuperAdmin: row.user.isSuperAdmin };
}

/** A cached entry is used only while its session has not expired; unknown tokens are never cached. */
async function cachedCaller(ctx: Ctx, key: string, load: () => Promise<CachedCaller | undefined>) {
  const entry = await sessionCache(ctx).through(key, callerTags, load);
  return entry && entry.expiresAt > ctx.clock.now().getTime() ? entry : undefined;
}

/** Resolves a bearer token to its caller, or undefined when unknown, expired or revoked. */
export async function authenticate(ctx: Ctx, token: string): Promise<Caller | undefined> {
  if (!token || token.length > 200) return undefined;
  const hash = sha256(token);
  const entry = await cachedCaller(ctx, hash, async () => {
    const row = await q.findLiveSession(ctx.db, hash, ctx.clock.now());
    return row ? { caller: toCaller(row), expiresAt: row.expiresAt.getTime() } : undefined;
  });
  return entry?.caller;
}

/**
 * As `authenticate`, also returning the caller's membership role in `brandId` (null when not a
 * member), in one query.
 */
export async function authenticateInBrand(
  ctx: Ctx,
  token: string,
  brandId: string,
): Promise<{ caller: Caller; memberRole: string | null } | undefined> {
  if (!token || token.length > 200) return undefined;
  const hash = sha256(token);
  const entry = await cachedCaller(ctx, `${hash}:${brandId}`, async () => {
    const row = await q.findLiveSessionInBrand(ctx.db, hash, ctx.clock.now(), brandId);
    return row ? { caller: toCaller(row), expiresAt: row.expiresAt.getTime(), memberRole: row.role } : undefined;
  });
  return entry ? { caller: entry.caller, memberRole: entry.memberRole ?? null } : undefined;
}

function toRole(value: string): BrandRole {
  return (BRAND_ROLES as readonly string[]).includes(value) ? (value as BrandRole) : 'viewer';
}

/**
 * SPEC §3/§7 current user. Super admins see every brand (their own role where they are members,
 * else admin); `apiKey` is included only where the caller is owner or admin.
 */
export async function getMe(ctx: Ctx, userId: string): Promise<Me> {
  const user = await q.findUserById(ctx.db, userId);
  if (!user) throw unauthorized();
  const own = await listUserBrands(ctx.db, userId);
  let rows: { id: string; name: string; role: BrandRole; apiKeySealed: string }[] = own.map((b) => ({
    ...b,
    role: toRole(b.role),
  }));
  if (user.isSuperAdmin) {
    const mine = new Map(rows.map((r) => [r.id, r.role]));
    rows = (await listAllBrands(ctx.db)).map((b) => ({ ...b, role: mine.get(b.id) ?? 'admin' }));
  }
  const domains = await findPrimaryDomains(ctx, rows.map((r) => r.id));
  const roleNames = new Set<string>(rows.map((r) => r.role));
  if (user.isSuperAdmin) roleNames.add('super_admin');
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    created_at: user.createdAt.toISOString(),
    role: user.isSuperAdmin ? 'super_admin' : 'user',
    roles: [...roleNames].map((name) => ({ name })),
    is_super_admin: user.isSuperAdmin,
    brands: rows.map((r) => ({
      id: r.id,
      name: r.name,
      role: r.role,
      apiKey: hasRole(r.role, 'admin') ? ctx.keyring.open(r.apiKeySealed) : null,
      domain: domains.get(r.id) ?? null,
    })),
  };
}
