import { z } from 'zod';
import { BrandRoleSchema } from './role-schema';

export const LoginRequestSchema = z.object({
  email: z.string().trim().min(1, 'Email is required').email('Email must be a valid email address'),
  password: z.string().min(1, 'Password is required'),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

/** SPEC §3 Brand as listed in user.brands. `apiKey` only for owners and admins. */
export const UserBrandSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: BrandRoleSchema,
  apiKey: z.string().nullable().optional(),
  domain: z.string().nullable(),
});
export type UserBrand = z.infer<typeof UserBrandSchema>;

/** SPEC §3 User and §7 users/me. `role` is `super_admin` for super admins, else `user`. */
export const MeSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  created_at: z.string(),
  role: z.enum(['super_admin', 'user']),
  roles: z.array(z.object({ name: z.string() })),
  is_super_admin: z.boolean(),
  brands: z.array(UserBrandSchema),
});
export type Me = z.infer<typeof MeSchema>;

export const LoginResponseSchema = z.object({ token: z.string(), user: MeSchema });
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.boolean(),
  smtp: z.boolean(),
});
export type Health = z.infer<typeof HealthSchema>;
