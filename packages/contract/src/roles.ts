// No zod here: the web shell imports these on its first screen (schemas live in role-schema.ts).

/** CONTRACT §Roles: brand roles, strongest first. */
export const BRAND_ROLES = ['owner', 'admin', 'editor', 'agent', 'viewer'] as const;
export type BrandRole = (typeof BRAND_ROLES)[number];

/** Rank used by the brand guard: a caller needs at least the rank of the required role. */
export const ROLE_RANK: Record<BrandRole, number> = { owner: 4, admin: 3, editor: 2, agent: 2, viewer: 1 };

export function hasRole(actual: BrandRole, required: BrandRole): boolean {
  return ROLE_RANK[actual] >= ROLE_RANK[required];
}

/** SPEC §6: the label shown when a member has no role. */
export const DEFAULT_ROLE_LABEL = 'member';

/** SPEC §6: roles offered in the user detail drawer and in the invite dialog. */
export const ASSIGNABLE_ROLES = ['super_admin', 'admin', 'agent', 'viewer'] as const;
export const INVITE_ROLES = ['viewer', 'editor', 'admin'] as const;
