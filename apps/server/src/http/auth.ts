import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { authenticate, authenticateInBrand, type Caller } from '../modules/auth/service';
import { unauthorized } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    caller?: Caller;
  }
}

/** Reads `Authorization: Bearer <token>`; returns the token or undefined. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** The signed-in caller of this request, or 401. Resolved once and cached on the request. */
export async function requireCaller(ctx: Pick<AppContext, 'db' | 'clock' | 'keyring' | 'cache'>, request: FastifyRequest): Promise<Caller> {
  if (request.caller) return request.caller;
  const token = bearerToken(request);
  if (!token) throw unauthorized();
  const caller = await authenticate(ctx, token);
  if (!caller) throw unauthorized('Session expired or invalid');
  request.caller = caller;
  return caller;
}

/**
 * The caller and their membership role in `brandId` (null: not a member), in one query when the
 * request is not authenticated yet. 401 without a valid token.
 */
export async function requireCallerInBrand(
  ctx: Pick<AppContext, 'db' | 'clock' | 'keyring' | 'cache'>,
  request: FastifyRequest,
  brandId: string,
): Promise<{ caller: Caller; memberRole: string | null | undefined }> {
  if (request.caller) return { caller: request.caller, memberRole: undefined };
  const token = bearerToken(request);
  if (!token) throw unauthorized();
  const found = await authenticateInBrand(ctx, token, brandId);
  if (!found) throw unauthorized('Session expired or invalid');
  request.caller = found.caller;
  return found;
}

/** `/api/v1` routes reachable without a bearer token (they check their own credentials, if any). */
const PUBLIC_ROUTES = new Set(['/api/v1/auth/login', '/api/v1/mesh/agent/register', '/api/v1/marketplace/providers/:id/logo.svg']);

/**
 * Answers 401 to a call without a bearer token before its input is validated, so an anonymous
 * caller learns nothing from validation errors. The session itself is checked by the route.
 */
export function registerBearerGate(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const route = request.routeOptions.url;
    if (!route || !route.startsWith('/api/v1/') || PUBLIC_ROUTES.has(route)) return;
    if (!bearerToken(request)) throw unauthorized();
  });
}
