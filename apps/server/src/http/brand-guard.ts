import type { FastifyRequest } from 'fastify';
import { SQL, eq, type Column } from 'drizzle-orm';
import { BRAND_ROLES, hasRole, type BrandRole } from '@console/contract/roles';
import type { AppContext } from '../context';
import type { Caller } from '../modules/auth/service';
import { findBrandById, findMembership } from '../modules/brands/queries';
import { requireCaller, requireCallerInBrand } from './auth';
import { AppError, forbidden, notFound } from './errors';

/** The brand a request acts on, resolved by the server from the caller's membership. */
export type BrandScope =
  | { all: false; brandId: string; role: BrandRole; caller: Caller }
  | { all: true; brandId: 'all'; role: 'admin'; caller: Caller };

export interface GuardOptions {
  /** Minimum role; a member below it gets 403. Default viewer (any member). */
  role?: BrandRole;
  /** Accept `brand_id=all` (super admins only; read-only lists and counts). */
  allowAll?: boolean;
}

type Ctx = Pick<AppContext, 'db' | 'clock' | 'keyring'>;
/** The guard also authenticates, through the session cache. */
type GuardCtx = Ctx & Pick<AppContext, 'cache'>;

/**
 * The caller's role in a brand: the membership role; a super admin who is not a member acts as
 * admin. Not a member: 404, exactly as a brand that does not exist (ARCHITECTURE §Tenancy).
 */
export async function resolveBrandRole(
  ctx: Ctx,
  caller: Caller,
  brandId: string,
  /** The membership role when already known (null: not a member); looked up when undefined. */
  knownRole?: string | null,
): Promise<BrandRole> {
  const memberRole = knownRole === undefined ? ((await findMembership(ctx.db, caller.userId, brandId))?.role ?? null) : knownRole;
  if (memberRole !== null) {
    const role = (BRAND_ROLES as readonly string[]).includes(memberRole) ? (memberRole as BrandRole) : 'viewer';
    return caller.isSuperAdmin && !hasRole(role, 'admin') ? 'admin' : role;
  }
  if (caller.isSuperAdmin && (await findBrandById(ctx.db, brandId))) return 'admin';
  throw notFound('Brand');
}

/** Checks the caller may act on `brandId` with at least `role`; 404 for non-members, 403 below the role. */
export async function requireBrandRole(ctx: Ctx, caller: Caller, brandId: string, role: BrandRole = 'viewer', knownRole?: string | null) {
  const actual = await resolveBrandRole(ctx, caller, brandId, knownRole);
  if (!hasRole(actual, role)) throw forbidden();
  return actual;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The brand guard: authenticates, reads `brand_id` (query, path param `brandId`, or body), checks
 * membership and role, once per request.
 */
export async function guardBrand(ctx: GuardCtx, request: FastifyRequest, opts: GuardOptions = {}): Promise<BrandScope> {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const params = (request.params ?? {}) as Record<string, unknown>;
  const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
  const raw = params.brandId ?? query.brand_id ?? body.brand_id;
  if (typeof raw !== 'string' || raw === '') {
    await requireCaller(ctx, request);
    throw new AppError('VALIDATION_ERROR', 'brand_id is required', [{ path: 'querystring.brand_id', message: 'Required' }]);
  }
  if (raw === 'all' || !UUID.test(raw)) {
    const caller = await requireCaller(ctx, request);
    if (raw !== 'all') throw notFound('Brand');
    if (!opts.allowAll) throw new AppError('BAD_REQUEST', 'brand_id=all is not accepted here');
    if (!caller.isSuperAdmin) throw forbidden('Only super admins may view all brands');
    return { all: true, brandId: 'all', role: 'admin', caller };
  }
  // Session, user and membership in one round trip: this runs on almost every request.
  const { caller, memberRole } = await requireCallerInBrand(ctx, request, raw);
  const role = await requireBrandRole(ctx, caller, raw, opts.role ?? 'viewer', memberRole);
  return { all: false, brandId: raw, role, caller };
}

/** The brand filter every brand-data query applies; undefined (no filter) for `all`. */
export function brandFilter(column: Column, scope: BrandScope): SQL | undefined {
  return scope.all ? undefined : eq(column, scope.brandId);
}
