import { ErrorBodySchema } from '@console/contract/errors';
import {
  InstalledListSchema,
  InstalledQuerySchema,
  InstallPackageSchema,
  PackageListQuerySchema,
  PackageListSchema,
  PackageParamsSchema,
  PackageSchema,
} from '@console/contract/marketplace';
import { JobSchema } from '@console/contract/mesh';
import { requireCaller } from '../../http/auth';
import type { RoutePlugin } from '../../http/types';
import { findPackage, installPackage, listInstalled, listPackages } from './service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

/** SPEC §7 Billing and marketplace: the package catalog, installed packages and install. */
export const marketplaceRoutes: RoutePlugin = async (app, ctx) => {
  app.get(
    '/api/v1/marketplace/packages',
    {
      schema: {
        tags: ['marketplace'],
        summary: 'The package catalog: search, category, paged (any signed-in user)',
        querystring: PackageListQuerySchema,
        response: { 200: PackageListSchema, ...errors },
      },
    },
    async (request) => {
      await requireCaller(ctx, request);
      return listPackages(request.query);
    },
  );

  app.get(
    '/api/v1/marketplace/packages/:id',
    { schema: { tags: ['marketplace'], summary: 'One catalog package', params: PackageParamsSchema, response: { 200: PackageSchema, ...errors } } },
    async (request) => {
      await requireCaller(ctx, request);
      return findPackage(request.params.id);
    },
  );

  app.get(
    '/api/v1/marketplace/installed',
    {
      schema: {
        tags: ['marketplace'],
        summary: 'Packages installed on a device (their install job completed)',
        querystring: InstalledQuerySchema,
        response: { 200: InstalledListSchema, ...errors },
      },
    },
    async (request) => listInstalled(ctx, await requireCaller(ctx, request), request.query.device_id),
  );

  app.post(
    '/api/v1/marketplace/packages/:id/install',
    {
      schema: {
        tags: ['marketplace'],
        summary: 'Install a package on a device: queues a deploy_container or pull_model job (editors, agents and above)',
        params: PackageParamsSchema,
        body: InstallPackageSchema,
        response: { 201: JobSchema, ...errors },
      },
    },
    async (request, reply) => {
      const job = await installPackage(ctx, await requireCaller(ctx, request), request.params.id, request.body.device_id);
      return reply.status(201).send(job);
    },
  );
};
