import { BrandQuerySchema } from '@console/contract/common';
import { InvoicesQuerySchema, InvoicesResponseSchema, SubscriptionSchema, UsageSchema } from '@console/contract/billing';
import { ErrorBodySchema } from '@console/contract/errors';
import { guardBrand } from '../../http/brand-guard';
import type { RoutePlugin } from '../../http/types';
import { getSubscription, getUsage, listInvoices } from './service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

/** SPEC §7 Billing: the brand's subscription, this month's usage and its invoices; any member reads them. */
export const billingRoutes: RoutePlugin = async (app, ctx) => {
  app.get(
    '/api/v1/billing/subscription',
    {
      schema: { tags: ['billing'], summary: "The brand's plan, amount and next billing date", querystring: BrandQuerySchema, response: { 200: SubscriptionSchema, ...errors } },
    },
    async (request) => getSubscription(ctx, (await guardBrand(ctx, request)).brandId),
  );

  app.get(
    '/api/v1/billing/usage',
    {
      schema: { tags: ['billing'], summary: "This month's usage against the plan's limits", querystring: BrandQuerySchema, response: { 200: UsageSchema, ...errors } },
    },
    async (request) => getUsage(ctx, (await guardBrand(ctx, request)).brandId),
  );

  app.get(
    '/api/v1/billing/invoices',
    {
      schema: { tags: ['billing'], summary: "The brand's invoices, newest first", querystring: InvoicesQuerySchema, response: { 200: InvoicesResponseSchema, ...errors } },
    },
    async (request) => {
      const scope = await guardBrand(ctx, request);
      return { invoices: await listInvoices(ctx, scope.brandId, request.query.limit) };
    },
  );
};
