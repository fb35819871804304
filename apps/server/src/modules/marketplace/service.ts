import type { InstalledPackageSchema, Package, PackageList } from '@console/contract/marketplace';
import type { z } from 'zod';
import type { Job } from '@console/contract/mesh';
import type { AppContext } from '../../context';
import { CATALOG, installPayloadFor } from '../../data/packages';
import { notFound } from '../../http/errors';
import type { Caller } from '../auth/service';
import { listInstalledPackages } from '../mesh/queries';
import { createJob, requireDevice } from '../mesh/service';

const byId = new Map(CATALOG.map((p) => [p.id, p]));
const categoryCounts = CATALOG.reduce<Record<string, number>>((acc, p) => ({ ...acc, [p.category]: (acc[p.category] ?? 0) + 1 }), {});

/** The marketplace catalog, filtered by a search over name, description and source and by category. */
export function listPackages(query: { search?: string; category?: string; page: number; limit: number }): PackageList {
  const terms = (query.search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const matches = CATALOG.filter(
    (p) =>
      (!query.category || query.category === 'all' || p.category === query.category) &&
      terms.every((t) => `${p.name} ${p.description} ${p.source} ${p.category}`.toLowerCase().includes(t)),
  );
  const start = (query.page - 1) * query.limit;
  return {
    packages: matches.slice(start, start + query.limit),
    pagination: { page: query.page, limit: query.limit, total: matches.length },
    catalog_total: CATALOG.length,
    category_counts: categoryCounts,
  };
}

export function findPackage(id: string): Package {
  const pkg = byId.get(id);
  if (!pkg) throw notFound('Package');
  return pkg;
}

/**
 * SPEC §7 install: queues a `deploy_container` job (container images) or a `pull_model` job
 * (Ollama models) for the device; editors, agents and above of the device's brand.
 */
export async function installPackage(
  ctx: Pick<AppContext, 'db' | 'clock' | 'keyring' | 'events'>,
  caller: Caller,
  packageId: string,
  deviceId: string,
): Promise<Job> {
  const pkg = findPackage(packageId);
  const device = await requireDevice(ctx, caller, deviceId, 'editor');
  const { action, payload } = installPayloadFor(pkg);
  return createJob(ctx, {
    brandId: device.brandId,
    createdBy: caller.userId,
    deviceId: device.id,
    action,
    payload,
    packageId: pkg.id,
    packageName: pkg.name,
  });
}

/** SPEC §3 Installed package: packages whose install job completed on the device. */
export async function listInstalled(
  ctx: Pick<AppContext, 'db' | 'clock' | 'keyring'>,
  caller: Caller,
  deviceId: string,
): Promise<{ installed: z.infer<typeof InstalledPackageSchema>[] }> {
  const device = await requireDevice(ctx, caller, deviceId);
  const rows = await listInstalledPackages(ctx.db, device.id);
  return {
    installed: rows.map((r) => ({
      package_id: r.package_id,
      device_id: r.device_id,
      job_id: r.job_id,
      installed_at: new Date(r.completed_at).toISOString(),
    })),
  };
}
