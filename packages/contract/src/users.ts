import { z } from 'zod';
import { BrandRoleSchema } from './role-schema';

/** SPEC §3 Team member: `id` is the membership id, `user_id` the user's. */
export const TeamMemberSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  brand_id: z.string(),
  name: z.string(),
  email: z.string(),
  role: BrandRoleSchema.nullable(),
  is_super_admin: z.boolean(),
  created_at: z.string(),
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;

export const UserListQuerySchema = z.object({ brand_id: z.string().min(1) });

/** `GET /api/v1/users?brand_id`: trend = members who joined in the last 7 days against the 7 before. */
export const UserListSchema = z.object({ users: z.array(TeamMemberSchema), trend: z.number() });
export type UserList = z.infer<typeof UserListSchema>;

/** CONTRACT §Roles: role names `POST /api/v1/users/{userId}/roles` accepts. */
export const ROLE_NAMES = ['super_admin', 'owner', 'admin', 'editor', 'agent', 'viewer'] as const;
export const RoleNameSchema = z.enum(ROLE_NAMES);
export type RoleName = z.infer<typeof RoleNameSchema>;

export const AssignRoleParamsSchema = z.object({ userId: z.uuid() });
export const AssignRoleQuerySchema = z.object({ brand_id: z.string().min(1) });
export const AssignRoleBodySchema = z.object({ role_name: RoleNameSchema });
export type AssignRoleBody = z.infer<typeof AssignRoleBodySchema>;

/** The member after the change (`is_super_admin` reflects a super_admin grant). */
export const AssignRoleResponseSchema = TeamMemberSchema;

export const RemoveMemberParamsSchema = z.object({ brandId: z.string().min(1), userId: z.uuid() });
