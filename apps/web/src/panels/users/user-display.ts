import { DEFAULT_ROLE_LABEL, type BrandRole } from '@console/contract/roles';
import type { TeamMember } from '@console/contract/users';

/** SPEC §5, §6 and §8 texts of the Users panel. */
export const USER_TEXT = {
  removeConfirm: 'Are you sure you want to remove this user from the brand?',
  removeFailed: 'Failed to remove user. Please try again.',
  roleFailed: 'Failed to update role. Please try again.',
  loadFailed: 'Failed to load users. Please try again.',
  inviteSoon: 'Invite functionality coming soon!',
  noBrand: 'No brand selected',
  empty: 'No team members yet',
} as const;

/** SPEC §6: roles assignable in the detail drawer, with their descriptions. */
export const ASSIGNABLE_ROLE_OPTIONS = [
  { value: 'super_admin', label: 'Super Admin', description: 'Full system access' },
  { value: 'admin', label: 'Admin', description: 'Brand administration' },
  { value: 'agent', label: 'Agent', description: 'Support agent' },
  { value: 'viewer', label: 'Viewer', description: 'Read-only access' },
] as const;

/** SPEC §6: roles offered in the invite dialog. */
export const INVITE_ROLE_OPTIONS = ['viewer', 'editor', 'admin'] as const;

export function roleLabel(member: Pick<TeamMember, 'role'>): string {
  return member.role || DEFAULT_ROLE_LABEL;
}

/** SPEC §2: totals for members, owners and admins. */
export function teamTotals(members: ReadonlyArray<Pick<TeamMember, 'role'>>) {
  return {
    members: members.length,
    owners: members.filter((m) => m.role === 'owner').length,
    admins: members.filter((m) => m.role === 'admin').length,
  };
}

/** SPEC §6: owners and admins see Invite and remove. */
export function canManageTeam(role: BrandRole | null | undefined): boolean {
  return role === 'owner' || role === 'admin';
}

/** SPEC §6: the remove button is hidden for oneself and for owners. */
export function canRemove(viewerRole: BrandRole | null | undefined, member: Pick<TeamMember, 'user_id' | 'role'>, myUserId: string | undefined): boolean {
  return canManageTeam(viewerRole) && member.user_id !== myUserId && member.role !== 'owner';
}

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '?') + (parts.length > 1 ? parts[parts.length - 1][0] : '')).toUpperCase();
}
