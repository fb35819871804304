import { OkSchema } from '@console/contract/common';
import { ErrorBodySchema } from '@console/contract/errors';
import {
  AssignRoleBodySchema,
  AssignRoleParamsSchema,
  AssignRoleQuerySchema,
  AssignRoleResponseSchema,
  RemoveMemberParamsSchema,
  UserListQuerySchema,
  UserListSchema,
} from '@console/contract/users';
import { guardBrand, type BrandScope } from '../../http/brand-guard';
import type { RoutePlugin } from '../../http/types';
import { assignRole, listTeam, removeMember } from './service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };

/** A scope for one brand (never `all`: these actions change a brand). */
function single(scope: BrandScope): Extract<BrandScope, { all: false }> {
  if (scope.all) throw new Error('unreachable: brand_id=all is refused by the guard');
  return scope;
}

/** SPEC §7 Settings and users; CONTRACT §Roles. */
export const userRoutes: RoutePlugin = async (app, ctx) => {
  app.get(
    '/api/v1/users',
    {
      schema: {
        tags: ['users'],
        summary: "The brand's team members and the 7-day trend of new members (`brand_id=all` for super admins)",
        querystring: UserListQuerySchema,
        response: { 200: UserListSchema, ...errors },
      },
    },
    async (request) => listTeam(ctx, await guardBrand(ctx, request, { allowAll: true })),
  );

  app.post(
    '/api/v1/users/:userId/roles',
    {
      schema: {
        tags: ['users'],
        summary: "Set a member's role in the brand, or grant super_admin (admins and owners; super_admin by super admins only)",
        params: AssignRoleParamsSchema,
        querystring: AssignRoleQuerySchema,
        body: AssignRoleBodySchema,
        response: { 200: AssignRoleResponseSchema, ...errors },
      },
    },
    async (request) => {
      const scope = single(await guardBrand(ctx, request, { role: 'admin' }));
      return assignRole(ctx, scope, request.params.userId, request.body.role_name);
    },
  );

  app.delete(
    '/api/v1/support/brands/:brandId/users/:userId',
    {
      schema: {
        tags: ['users'],
        summary: 'Remove a member from the brand (admins and owners; never an owner or oneself)',
        params: RemoveMemberParamsSchema,
        response: { 200: OkSchema, ...errors },
      },
    },
    async (request) => {
      const scope = single(await guardBrand(ctx, request, { role: 'admin' }));
      await removeMember(ctx, scope, request.params.userId);
      return { ok: true as const };
    },
  );
};
