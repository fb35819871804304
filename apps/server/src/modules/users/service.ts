import type { BrandRole } from '@console/contract/roles';
import { BRAND_ROLES } from '@console/contract/roles';
import type { RoleName, TeamMember, UserList } from '@console/contract/users';
import type { AppContext } from '../../context';
import { countWithTrend } from '../../db/counts';
import type { Db } from '../../db/client';
import { memberships } from '../../db/schema/index';
import { brandFilter, type BrandScope } from '../../http/brand-guard';
import { conflict, forbidden, notFound } from '../../http/errors';
import { dropCachedAccess } from '../auth/session-cache';
import * as q from './queries';

type Ctx = Pick<AppContext, 'db' | 'clock'>;

function toRole(role: string): BrandRole | null {
  return (BRAND_ROLES as readonly string[]).includes(role) ? (role as BrandRole) : null;
}

/** The API shape of a team member (SPEC §3): `id` is the membership, `user_id` the user. */
export function toTeamMember(row: q.MemberRow): TeamMember {
  return {
    id: row.id,
    user_id: row.userId,
    brand_id: row.brandId,
    name: row.name,
    email: row.email,
    role: toRole(row.role),
    is_super_admin: row.isSuperAdmin,
    created_at: row.createdAt.toISOString(),
  };
}

/** SPEC §7 `GET /users`: the brand's members, and the trend of members who joined in the last 7 days. */
export async function listTeam(ctx: Ctx, scope: BrandScope): Promise<UserList> {
  const where = brandFilter(memberships.brandId, scope);
  const [rows, counts] = await Promise.all([
    q.selectMembers(ctx.db, where),
    countWithTrend(ctx, { table: memberships, brand: where, createdAt: memberships.createdAt }),
  ]);
  return { users: rows.map(toTeamMember), trend: counts.trend };
}

async function announce(ctx: Pick<AppContext, 'events'>, brandId: string) {
  await ctx.events.publish({ type: 'counts.changed', brandId, data: { kind: 'users' } });
}

/**
 * CONTRACT §Roles: sets a member's role in the brand, or grants the system-wide super_admin flag.
 * The caller is an admin or owner (checked by the route). Only a super admin grants super_admin;
 * only an owner makes owners or changes an owner's role; the last owner cannot be demoted (409).
 */
export async function assignRole(
  ctx: Pick<AppContext, 'db' | 'events' | 'cache'>,
  scope: Extract<BrandScope, { all: false }>,
  userId: string,
  roleName: RoleName,
): Promise<TeamMember> {
  const brandId = scope.brandId;
  const result = await ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const target = await q.findMember(tx, brandId, userId);
    if (!target) throw notFound('User');
    if (roleName === 'super_admin') {
      if (!scope.caller.isSuperAdmin) throw forbidden('Only a super admin may grant super_admin');
      await q.grantSuperAdmin(tx, userId);
      return (await q.findMember(tx, brandId, userId))!;
    }
    const callerIsOwner = scope.role === 'owner';
    if (roleName === 'owner' && !callerIsOwner) throw forbidden('Only an owner may make another member an owner');
    if (target.role === 'owner' && !callerIsOwner) throw forbidden("Only an owner may change an owner's role");
    if (target.role === 'owner' && roleName !== 'owner') {
      const owners = await q.lockOwners(tx, brandId);
      if (owners.filter((id) => id !== userId).length === 0) throw conflict('The last owner of a brand cannot be demoted');
    }
    await q.updateMemberRole(tx, brandId, userId, roleName);
    return (await q.findMember(tx, brandId, userId))!;
  });
  await dropCachedAccess(ctx, userId);
  await announce(ctx, brandId);
  return toTeamMember(result);
}

/** Removes a member from the brand (admins and owners); nobody removes an owner or themself (403). */
export async function removeMember(ctx: Pick<AppContext, 'db' | 'events' | 'cache'>, scope: Extract<BrandScope, { all: false }>, userId: string) {
  const target = await q.findMember(ctx.db, scope.brandId, userId);
  if (!target) throw notFound('User');
  if (userId === scope.caller.userId) throw forbidden('You cannot remove yourself from the brand');
  if (target.role === 'owner') throw forbidden('Owners cannot be removed from the brand');
  if (!(await q.deleteMember(ctx.db, scope.brandId, userId))) throw notFound('User');
  await dropCachedAccess(ctx, userId);
  await announce(ctx, scope.brandId);
}
