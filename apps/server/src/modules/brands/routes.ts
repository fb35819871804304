import { RegenerateKeyResponseSchema, BrandParamsSchema } from '@console/contract/brands';
import { ErrorBodySchema } from '@console/contract/errors';
import { guardBrand } from '../../http/brand-guard';
import { notFound } from '../../http/errors';
import type { RoutePlugin } from '../../http/types';
import { findBrandById } from './queries';
import { rotateApiKey } from './service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

/** Brand settings (SPEC §2 Settings panel): the API key. Domains and providers have their own modules. */
export const brandSettingsRoutes: RoutePlugin = async (app, ctx) => {
  app.post(
    '/api/v1/support/brands/:brandId/regenerate-key',
    {
      schema: {
        tags: ['brands'],
        summary: "Replace the brand's API key (owners only); the old key stops working at once",
        params: BrandParamsSchema,
        response: { 200: RegenerateKeyResponseSchema, ...errors },
      },
    },
    async (request) => {
      const scope = await guardBrand(ctx, request, { role: 'owner' });
      const brand = await findBrandById(ctx.db, scope.brandId);
      if (!brand) throw notFound('Brand');
      const apiKey = await rotateApiKey(ctx, brand.id);
      return { id: brand.id, name: brand.name, apiKey };
    },
  );
};
