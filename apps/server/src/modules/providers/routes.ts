import { z } from 'zod';
import { BrandQuerySchema, OkSchema } from '@console/contract/common';
import { ErrorBodySchema } from '@console/contract/errors';
import {
  BrandProvidersResponseSchema,
  ConnectProviderRequestSchema,
  ConnectionIdParamsSchema,
  MarketplaceProvidersQuerySchema,
  MarketplaceProvidersResponseSchema,
  ProviderConnectionSchema,
  ProviderIdParamsSchema,
  UserProvidersQuerySchema,
  UserProvidersResponseSchema,
} from '@console/contract/providers';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { requireCaller } from '../../http/auth';
import { AppError, notFound } from '../../http/errors';
import { guardBrand, requireBrandRole } from '../../http/brand-guard';
import type { RoutePlugin } from '../../http/types';
import { renderProviderLogo } from './logo';
import {
  connectProvider,
  disconnectProvider,
  findMarketplaceProvider,
  getConnectionRow,
  listBrandProviders,
  listConnections,
  listMarketplaceProviders,
  recheckConnection,
} from './service';

/**
 * Loads a connection addressed by id and checks the caller is an admin of its brand. A connection
 * of another brand answers exactly like a missing one (ARCHITECTURE §Tenancy).
 */
async function loadConnectionAs(ctx: AppContext, request: FastifyRequest, id: string) {
  const caller = await requireCaller(ctx, request);
  const row = await getConnectionRow(ctx, id);
  try {
    await requireBrandRole(ctx, caller, row.brandId, 'admin');
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') throw notFound('Provider connection');
    throw err;
  }
  return row;
}

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

/**
 * SPEC §7 Providers: the catalog, and a brand's provider connections. Anyone signed in reads the
 * catalog; members read their brand's connections (no secrets in them); owners and admins
 * connect, re-check and disconnect (CONTRACT §Roles).
 */
export const providerRoutes: RoutePlugin = async (app, ctx) => {
  const authorizeConnection = (request: FastifyRequest, id: string) => loadConnectionAs(ctx, request, id);

  app.get(
    '/api/v1/marketplace/providers',
    {
      schema: {
        tags: ['providers'],
        summary: 'The provider catalog, paged by 50, filtered by category and search text',
        querystring: MarketplaceProvidersQuerySchema,
        response: { 200: MarketplaceProvidersResponseSchema, ...errors },
      },
    },
    async (request) => {
      await requireCaller(ctx, request);
      return listMarketplaceProviders(request.query);
    },
  );

  // Public: <img> tags send no bearer token, and a logo reveals nothing.
  app.get(
    '/api/v1/marketplace/providers/:id/logo.svg',
    {
      schema: {
        tags: ['providers'],
        summary: "A provider's logo (SVG drawn by the server)",
        security: [],
        params: ProviderIdParamsSchema,
        response: { 200: z.string(), 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const provider = findMarketplaceProvider(request.params.id);
      return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(renderProviderLogo(provider));
    },
  );

  app.post(
    '/api/v1/user/providers',
    {
      schema: {
        tags: ['providers'],
        summary: 'Connect the brand to a provider (secrets sealed; health checked; saved even when unhealthy)',
        querystring: BrandQuerySchema,
        body: ConnectProviderRequestSchema,
        response: { 201: ProviderConnectionSchema, ...errors },
      },
    },
    async (request, reply) => {
      const scope = await guardBrand(ctx, request, { role: 'admin' });
      const connection = await connectProvider(ctx, scope.brandId, request.body);
      return reply.status(201).send(connection);
    },
  );

  app.get(
    '/api/v1/user/providers',
    {
      schema: {
        tags: ['providers'],
        summary: "Provider connections of a brand, or of every brand of the caller's",
        querystring: UserProvidersQuerySchema,
        response: { 200: UserProvidersResponseSchema, ...errors },
      },
    },
    async (request) => {
      if (request.query.brand_id) {
        const scope = await guardBrand(ctx, request);
        return { providers: await listConnections(ctx, { brandId: scope.brandId, userId: scope.caller.userId }) };
      }
      const caller = await requireCaller(ctx, request);
      return { providers: await listConnections(ctx, { userId: caller.userId }) };
    },
  );

  app.post(
    '/api/v1/user/providers/:id/check',
    {
      schema: {
        tags: ['providers'],
        summary: "Re-run a connection's health check",
        params: ConnectionIdParamsSchema,
        response: { 200: ProviderConnectionSchema, ...errors },
      },
    },
    async (request) => {
      const row = await authorizeConnection(request, request.params.id);
      return recheckConnection(ctx, row);
    },
  );

  app.delete(
    '/api/v1/user/providers/:id',
    {
      schema: {
        tags: ['providers'],
        summary: 'Disconnect a provider (deletes the sealed credentials)',
        params: ConnectionIdParamsSchema,
        response: { 200: OkSchema, ...errors },
      },
    },
    async (request) => {
      const row = await authorizeConnection(request, request.params.id);
      await disconnectProvider(ctx, row);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/v1/providers',
    {
      schema: {
        tags: ['providers'],
        summary: "The brand's provider connections: name, provider_type, status",
        querystring: BrandQuerySchema,
        response: { 200: BrandProvidersResponseSchema, ...errors },
      },
    },
    async (request) => {
      const scope = await guardBrand(ctx, request);
      return { providers: await listBrandProviders(ctx, scope.brandId) };
    },
  );
};
