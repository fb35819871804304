import { LoginRequestSchema, LoginResponseSchema, MeSchema } from '@console/contract/auth';
import { ErrorBodySchema } from '@console/contract/errors';
import { OkSchema } from '@console/contract/common';
import { requireCaller } from '../../http/auth';
import type { RoutePlugin } from '../../http/types';
import { getMe, login, logout } from './service';

export const authRoutes: RoutePlugin = async (app, ctx) => {
  app.post(
    '/api/v1/auth/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        body: LoginRequestSchema,
        response: { 200: LoginResponseSchema, 401: ErrorBodySchema, 429: ErrorBodySchema },
      },
    },
    async (request) => login(ctx, { ...request.body, ip: request.ip }),
  );

  app.post(
    '/api/v1/auth/logout',
    { schema: { tags: ['auth'], summary: 'Revoke the current session token', response: { 200: OkSchema } } },
    async (request) => {
      await logout(ctx, await requireCaller(ctx, request));
      return { ok: true as const };
    },
  );

  app.get(
    '/api/v1/users/me',
    { schema: { tags: ['auth'], summary: 'The signed-in user with their brands', response: { 200: MeSchema } } },
    async (request) => getMe(ctx, (await requireCaller(ctx, request)).userId),
  );
};
