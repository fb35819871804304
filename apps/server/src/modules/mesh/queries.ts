import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/client';
import { deviceContainers, deviceServices, deviceTokens, devices, jobs } from '../../db/schema/index';

export type DeviceRow = typeof devices.$inferSelect;
export type JobRow = typeof jobs.$inferSelect;
export type JobWithDevice = JobRow & { deviceName: string | null };

export async function findDeviceById(db: Db, id: string) {
  const [row] = await db.select().from(devices).where(eq(devices.id, id)).limit(1);
  return row;
}

/** The device a live (not revoked) token belongs to. */
export async function findDeviceByTokenIndex(db: Db, tokenIndex: string) {
  const [row] = await db
    .select({ device: devices })
    .from(deviceTokens)
    .innerJoin(devices, eq(devices.id, deviceTokens.deviceId))
    .where(and(eq(deviceTokens.tokenIndex, tokenIndex), isNull(deviceTokens.revokedAt)))
    .limit(1);
  return row?.device;
}

/** Keeps this many live tokens per device; registering beyond it revokes the oldest. */
export const MAX_LIVE_TOKENS = 10;

export async function addDeviceToken(db: Db, input: { brandId: string; deviceId: string; tokenIndex: string; tokenSealed: string; now: Date }) {
  const { now, ...token } = input;
  await db.insert(deviceTokens).values({ ...token, createdAt: now });
  await db.execute(sql`
    update device_tokens set revoked_at = ${input.now.toISOString()}::timestamptz
    where device_id = ${input.deviceId} and revoked_at is null and id not in (
      select id from device_tokens where device_id = ${input.deviceId} and revoked_at is null
      order by created_at desc, id desc limit ${MAX_LIVE_TOKENS})`);
}

export async function revokeDeviceTokens(db: Db, deviceId: string, now: Date) {
  await db.update(deviceTokens).set({ revokedAt: now }).where(and(eq(deviceTokens.deviceId, deviceId), isNull(deviceTokens.revokedAt)));
}

export async function findDeviceByName(db: Db, brandId: string, name: string) {
  const [row] = await db
    .select()
    .from(devices)
    .where(and(eq(devices.brandId, brandId), eq(devices.name, name)))
    .limit(1);
  return row;
}

/** Devices with how many services and containers each reported, oldest first (SPEC §4: the first is the install target). */
export async function listDevices(db: Db, brand: SQL | undefined) {
  return db
    .select({
      device: devices,
      servicesCount: sql<number>`(select count(*) from device_services s where s.device_id = "devices"."id")`.mapWith(Number),
      containersCount: sql<number>`(select count(*) from device_containers c where c.device_id = "devices"."id")`.mapWith(Number),
    })
    .from(devices)
    .where(brand)
    .orderBy(asc(devices.createdAt), asc(devices.id));
}

export async function listServices(db: Db, deviceId: string) {
  return db
    .select({ name: deviceServices.name, port: deviceServices.port })
    .from(deviceServices)
    .where(eq(deviceServices.deviceId, deviceId))
    .orderBy(asc(deviceServices.name));
}

export async function listContainers(db: Db, deviceId: string) {
  return db
    .select({ name: deviceContainers.name, image: deviceContainers.image, status: deviceContainers.status })
    .from(deviceContainers)
    .where(eq(deviceContainers.deviceId, deviceId))
    .orderBy(asc(deviceContainers.name));
}

/** Replaces the device's reported services and containers (one heartbeat's inventory). */
export async function replaceInventory(
  db: Db,
  device: { id: string; brandId: string },
  services: Array<{ name: string; port: number | null }>,
  containers: Array<{ name: string; image: string; status: string }>,
) {
  await db.transaction(async (tx) => {
    await tx.delete(deviceServices).where(eq(deviceServices.deviceId, device.id));
    await tx.delete(deviceContainers).where(eq(deviceContainers.deviceId, device.id));
    if (services.length) {
      await tx.insert(deviceServices).values(services.map((s) => ({ ...s, deviceId: device.id, brandId: device.brandId })));
    }
    if (containers.length) {
      await tx.insert(deviceContainers).values(containers.map((c) => ({ ...c, deviceId: device.id, brandId: device.brandId })));
    }
  });
}

const jobColumns = { job: jobs, deviceName: devices.name };

export async function listJobs(
  db: Db,
  where: SQL | undefined,
  page: { limit: number; offset: number },
): Promise<{ rows: JobWithDevice[]; total: number }> {
  const [rows, [totalRow]] = await Promise.all([
    db
      .select(jobColumns)
      .from(jobs)
      .leftJoin(devices, eq(devices.id, jobs.deviceId))
      .where(where)
      .orderBy(desc(jobs.createdAt), desc(jobs.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(jobs).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r.job, deviceName: r.deviceName })), total: Number(totalRow?.n ?? 0) };
}

export async function findJobWithDevice(db: Db, id: string): Promise<JobWithDevice | undefined> {
  const [row] = await db.select(jobColumns).from(jobs).leftJoin(devices, eq(devices.id, jobs.deviceId)).where(eq(jobs.id, id)).limit(1);
  return row ? { ...row.job, deviceName: row.deviceName } : undefined;
}

/**
 * Claims up to `limit` of the device's oldest pending jobs. `FOR UPDATE SKIP LOCKED` makes
 * concurrent claims (several agents, several server instances) take disjoint jobs, so none runs twice.
 */
export async function claimPendingJobs(db: Db, deviceId: string, limit: number, now: Date, leaseUntil: Date) {
  const result = await db.execute(sql`
    update jobs set status = 'running', started_at = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz,
      lease_expires_at = ${leaseUntil.toISOString()}::timestamptz, error = null, result = null
    where id in (
      select id from jobs where device_id = ${deviceId} and status = 'pending'
      order by created_at, id limit ${limit}
      for update skip locked
    )
    returning id, brand_id, action, payload, package_name, lease_expires_at, created_at`);
  return rowsOf<{
    id: string;
    brand_id: string;
    action: string;
    payload: unknown;
    package_name: string | null;
    lease_expires_at: string | Date;
    created_at: string | Date;
  }>(result).sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime());
}

/** Fails running jobs whose lease ran out; returns them so the caller can publish the change. */
export async function failExpiredJobs(db: Db, now: Date, error: string) {
  return db
    .update(jobs)
    .set({ status: 'failed', error, updatedAt: now, completedAt: now, leaseExpiresAt: null })
    .where(and(eq(jobs.status, 'running'), sql`${jobs.leaseExpiresAt} < ${now.toISOString()}::timestamptz`))
    .returning({ id: jobs.id, brandId: jobs.brandId });
}

/** A heartbeat in one round trip: the device is seen now, and the leases of its running jobs extend. */
export async function recordSeen(
  db: Db,
  input: { deviceId: string; now: Date; ip: string; inventoryHash: string; agentVersion: string | null; changed: boolean; leaseUntil: Date },
) {
  const now = input.now.toISOString();
  await db.execute(sql`
    with seen as (
      update devices set last_seen = ${now}::timestamptz, ip_address = ${input.ip}, inventory_hash = ${input.inventoryHash},
        agent_version = ${input.agentVersion}, updated_at = case when ${input.changed} then ${now}::timestamptz else updated_at end
      where id = ${input.deviceId} returning id
    )
    update jobs set lease_expires_at = ${input.leaseUntil.toISOString()}::timestamptz
    where device_id in (select id from seen) and status = 'running'`);
}

/** A heartbeat extends the lease of every job the device is running. */
export async function extendLeases(db: Db, deviceId: string, leaseUntil: Date) {
  await db
    .update(jobs)
    .set({ leaseExpiresAt: leaseUntil })
    .where(and(eq(jobs.deviceId, deviceId), eq(jobs.status, 'running')));
}

/** Finishes a running job of this device; undefined when it is not running (or not this device's). */
export async function finishJob(
  db: Db,
  input: { id: string; deviceId: string; status: 'completed' | 'failed'; result?: Record<string, unknown>; error?: string; now: Date },
) {
  const [row] = await db
    .update(jobs)
    .set({
      status: input.status,
      result: input.result ?? null,
      error: input.error ?? null,
      updatedAt: input.now,
      completedAt: input.now,
      leaseExpiresAt: null,
    })
    .where(and(eq(jobs.id, input.id), eq(jobs.deviceId, input.deviceId), eq(jobs.status, 'running')))
    .returning();
  return row;
}

/** The packages whose install job completed on the device, latest install first per package. */
export async function listInstalledPackages(db: Db, deviceId: string) {
  const result = await db.execute(sql`
    select distinct on (package_id) package_id, id as job_id, device_id, completed_at
    from jobs
    where device_id = ${deviceId} and status = 'completed' and package_id is not null
    order by package_id, completed_at desc`);
  return rowsOf<{ package_id: string; job_id: string; device_id: string; completed_at: string | Date }>(result);
}

export async function countJobs(db: Db, brand: SQL | undefined, status?: string) {
  const [row] = await db
    .select({ n: count() })
    .from(jobs)
    .where(and(brand, status ? eq(jobs.status, status) : undefined));
  return Number(row?.n ?? 0);
}

export async function deviceIdsOf(db: Db, ids: string[]) {
  if (!ids.length) return [];
  return db.select({ id: devices.id, brandId: devices.brandId }).from(devices).where(inArray(devices.id, ids));
}
