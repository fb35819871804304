import { z } from 'zod';
import { IdSchema, PaginationSchema, TimestampSchema } from './common';
import { MAX_PAGE_LIMIT } from './limits';

/** SPEC §2 Marketplace category tabs (`all` is the tab showing every category). */
export const PACKAGE_CATEGORIES = ['ai', 'infrastructure', 'database', 'security', 'monitoring'] as const;
export const PackageCategorySchema = z.enum(PACKAGE_CATEGORIES);
export type PackageCategory = z.infer<typeof PackageCategorySchema>;

/** How a package is installed: a container image (deploy_container) or an Ollama model (pull_model). */
export const PackageKindSchema = z.enum(['container', 'model']);
export type PackageKind = z.infer<typeof PackageKindSchema>;

/** SPEC §3 Marketplace package. `version` defaults to 1.0.0 (SPEC §9); `size` is display text. */
export const PackageSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  version: z.string(),
  downloads: z.number(),
  category: PackageCategorySchema,
  size: z.string(),
  kind: PackageKindSchema,
  /** The image reference or model tag the install job deploys. */
  source: z.string(),
});
export type Package = z.infer<typeof PackageSchema>;

export const PackageListQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  category: z.union([PackageCategorySchema, z.literal('all')]).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).default(MAX_PAGE_LIMIT),
});
export const PackageListSchema = z.object({
  packages: z.array(PackageSchema),
  pagination: PaginationSchema,
  /** The whole catalog's size and per category, for the header and the tabs. */
  catalog_total: z.number(),
  category_counts: z.record(z.string(), z.number()),
});
export type PackageList = z.infer<typeof PackageListSchema>;

export const PackageParamsSchema = z.object({ id: z.string().min(1).max(100) });
export const InstallPackageSchema = z.object({ device_id: IdSchema });

/** SPEC §3 Installed package: a package whose install job completed on the device. */
export const InstalledPackageSchema = z.object({
  package_id: z.string(),
  device_id: z.string(),
  job_id: z.string(),
  installed_at: TimestampSchema,
});
export const InstalledQuerySchema = z.object({ device_id: IdSchema });
export const InstalledListSchema = z.object({ installed: z.array(InstalledPackageSchema) });
