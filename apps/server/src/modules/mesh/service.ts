import { createHash } from 'node:crypto';
import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Count } from '@console/contract/common';
import { ONLINE_THRESHOLD_MS } from '@console/contract/limits';
import {
  DEVICE_TOKEN_PREFIX,
  HEARTBEAT_INTERVAL_MS,
  JOB_LEASE_MS,
  JOB_PAYLOAD_SCHEMAS,
  type AgentHeartbeat,
  type AgentJob,
  type AgentRegister,
  type AgentRegistered,
  type Container,
  type CreateJob,
  type Device,
  type DeviceList,
  type Job,
  type JobList,
  type JobStatus,
  type Service,
} from '@console/contract/mesh';
import type { AppContext } from '../../context';
import { randomToken } from '../../crypto/secrets';
import { countWithTrend } from '../../db/counts';
import { devices, jobs } from '../../db/schema/index';
import { brandFilter, requireBrandRole, type BrandScope } from '../../http/brand-guard';
import { AppError, badRequest, conflict, notFound, unauthorized } from '../../http/errors';
import type { Caller } from '../auth/service';
import { findBrandByApiKey } from '../brands/service';
import * as q from './queries';

type Ctx = Pick<AppContext, 'db' | 'clock' | 'keyring' | 'events'>;
type ReadCtx = Pick<AppContext, 'db' | 'clock'>;

/** The error a job gets when its device stops heartbeating while running it. */
export const LEASE_EXPIRED_ERROR = `Device stopped responding: no heartbeat for over ${JOB_LEASE_MS / 60_000} minutes while the job was running`;

// ---------- shapes ----------

/** SPEC §4: online if last seen under 5 minutes ago; never seen is offline. */
export function isOnline(lastSeen: Date | null, now: Date): boolean {
  return !!lastSeen && now.getTime() - lastSeen.getTime() < ONLINE_THRESHOLD_MS;
}

function onlineSince(now: Date) {
  return new Date(now.getTime() - ONLINE_THRESHOLD_MS);
}

export function toDevice(row: q.DeviceRow, now: Date, counts = { services: 0, containers: 0 }): Device {
  return {
    id: row.id,
    brand_id: row.brandId,
    device_name: row.name,
    device_type: row.deviceType,
    environment: row.environment,
    last_seen: row.lastSeen?.toISOString() ?? null,
    ip_address: row.ipAddress,
    status: isOnline(row.lastSeen, now) ? 'online' : 'offline',
    agent_version: row.agentVersion,
    revoked: !!row.revokedAt,
    services_count: counts.services,
    containers_count: counts.containers,
    created_at: row.createdAt.toISOString(),
  };
}

export function toJob(row: q.JobWithDevice): Job {
  return {
    id: row.id,
    brand_id: row.brandId,
    action: row.action,
    status: row.status as JobStatus,
    package_id: row.packageId,
    package_name: row.packageName,
    device_id: row.deviceId,
    device_name: row.deviceName,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    completed_at: row.completedAt?.toISOString() ?? null,
    error: row.error,
    result: row.result ?? null,
    payload: row.payload ?? {},
  };
}

async function publishJob(ctx: Pick<AppContext, 'events'>, brandId: string, jobId: string, status: JobStatus) {
  await ctx.events.publish({ type: 'job.updated', brandId, data: { job_id: jobId, status } });
}

async function publishDevice(ctx: Pick<AppContext, 'events'>, brandId: string, deviceId: string) {
  await ctx.events.publish({ type: 'device.updated', brandId, data: { device_id: deviceId } });
}

// ---------- leases ----------

/**
 * Fails every running job whose device stopped heartbeating past the lease. Runs lazily before
 * reads and claims and on a timer, so the outcome is the same on every server instance.
 */
export async function expireJobLeases(ctx: Pick<AppContext, 'db' | 'clock' | 'events'>): Promise<number> {
  const now = ctx.clock.now();
  // Reads and claims come in bursts; one sweep per second of business time is enough.
  const last = lastSweep.get(ctx.db);
  if (last !== undefined && now.getTime() - last >= 0 && now.getTime() - last < SWEEP_EVERY_MS) return 0;
  lastSweep.set(ctx.db, now.getTime());
  const expired = await q.failExpiredJobs(ctx.db, now, LEASE_EXPIRED_ERROR);
  for (const job of expired) await publishJob(ctx, job.brandId, job.id, 'failed');
  return expired.length;
}
const SWEEP_EVERY_MS = 1000;
const lastSweep = new WeakMap<object, number>();

// ---------- counts other modules consume ----------

/** Online, offline and all devices of a brand (`all`: every brand), by `ctx.clock` (SPEC §4). */
export async function countDevicesByState(ctx: ReadCtx, brandId: string): Promise<{ online: number; offline: number; total: number }> {
  const since = onlineSince(ctx.clock.now());
  const [row] = await ctx.db
    .select({
      online: sql<number>`count(*) filter (where ${devices.lastSeen} > ${since.toISOString()}::timestamptz)`.mapWith(Number),
      total: sql<number>`count(*)`.mapWith(Number),
    })
    .from(devices)
    .where(brandId === 'all' ? undefined : eq(devices.brandId, brandId));
  const online = row?.online ?? 0;
  const total = row?.total ?? 0;
  return { online, offline: total - online, total };
}

/** Jobs of a brand (`all`: every brand) in one status (the deployments badge counts `running`). */
export async function countJobsByStatus(ctx: Pick<AppContext, 'db'>, brandId: string, status: JobStatus): Promise<number> {
  return q.countJobs(ctx.db, brandId === 'all' ? undefined : eq(jobs.brandId, brandId), status);
}

/** CONTRACT counts for `/devices/count`: count = online devices (or `status=`), total = all, trend = devices added. */
export async function countDevices(ctx: ReadCtx, scope: BrandScope, status: 'online' | 'offline' = 'online'): Promise<Count> {
  const since = onlineSince(ctx.clock.now()).toISOString();
  const online = gt(devices.lastSeen, sql`${since}::timestamptz`);
  const counted = status === 'online' ? online : or(isNull(devices.lastSeen), lte(devices.lastSeen, sql`${since}::timestamptz`))!;
  return countWithTrend(ctx, { table: devices, brand: brandFilter(devices.brandId, scope), counted, createdAt: devices.createdAt, trendOver: 'all' });
}

/** CONTRACT counts for `/jobs/count`: count = jobs in `status` (all without it), total = all jobs, trend = jobs created. */
export async function countJobs(ctx: Pick<AppContext, 'db' | 'clock' | 'events'>, scope: BrandScope, status?: JobStatus): Promise<Count> {
  await expireJobLeases(ctx);
  return countWithTrend(ctx, {
    table: jobs,
    brand: brandFilter(jobs.brandId, scope),
    counted: status ? eq(jobs.status, status) : undefined,
    createdAt: jobs.createdAt,
    trendOver: 'all',
  });
}

// ---------- user-facing reads ----------

export async function listDevices(ctx: ReadCtx, scope: BrandScope): Promise<DeviceList> {
  const now = ctx.clock.now();
  const rows = await q.listDevices(ctx.db, brandFilter(devices.brandId, scope));
  return { devices: rows.map((r) => toDevice(r.device, now, { services: r.servicesCount, containers: r.containersCount })) };
}

/** The device if the caller may see it with `role`; another brand's device answers 404 like a missing one. */
export async function requireDevice(ctx: Pick<AppContext, 'db' | 'clock' | 'keyring'>, caller: Caller, deviceId: string, role: 'viewer' | 'editor' | 'admin' = 'viewer') {
  const device = await q.findDeviceById(ctx.db, deviceId);
  if (!device) throw notFound('Device');
  try {
    await requireBrandRole(ctx, caller, device.brandId, role);
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') throw notFound('Device');
    throw err;
  }
  return device;
}

export async function listDeviceServices(ctx: Pick<AppContext, 'db' | 'clock' | 'keyring'>, caller: Caller, deviceId: string): Promise<{ services: Service[] }> {
  const device = await requireDevice(ctx, caller, deviceId);
  return { services: await q.listServices(ctx.db, device.id) };
}

export async function listDeviceContainers(ctx: Pick<AppContext, 'db' | 'clock' | 'keyring'>, caller: Caller, deviceId: string): Promise<{ containers: Container[] }> {
  const device = await requireDevice(ctx, caller, deviceId);
  return { containers: await q.listContainers(ctx.db, device.id) };
}

export async function listJobs(
  ctx: Pick<AppContext, 'db' | 'clock' | 'events'>,
  scope: BrandScope,
  query: { page: number; limit: number; status?: JobStatus; device_id?: string },
): Promise<JobList> {
  await expireJobLeases(ctx);
  const where = and(
    brandFilter(jobs.brandId, scope),
    query.status ? eq(jobs.status, query.status) : undefined,
    query.device_id ? eq(jobs.deviceId, query.device_id) : undefined,
  );
  const { rows, total } = await q.listJobs(ctx.db, where, { limit: query.limit, offset: (query.page - 1) * query.limit });
  return { jobs: rows.map(toJob), pagination: { page: query.page, limit: query.limit, total } };
}

export async function getJob(ctx: Ctx, caller: Caller, jobId: string): Promise<Job> {
  await expireJobLeases(ctx);
  const job = await q.findJobWithDevice(ctx.db, jobId);
  if (!job) throw notFound('Job');
  try {
    await requireBrandRole(ctx, caller, job.brandId, 'viewer');
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') throw notFound('Job');
    throw err;
  }
  return toJob(job);
}

// ---------- job creation ----------

/** Checks an action's payload (what the agent will run); 400 naming the field when it is wrong. */
export function validateJobPayload(action: CreateJob['action'], payload: unknown) {
  const parsed = JOB_PAYLOAD_SCHEMAS[action].safeParse(payload);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => ({ path: ['body', 'payload', ...i.path.map(String)].join('.'), message: i.message }));
    throw badRequest(`Invalid body.payload for ${action}: ${details[0]?.path} ${details[0]?.message}`, details);
  }
  return parsed.data as Record<string, unknown>;
}

/** Queues a job for one of the brand's devices (API clients: editors, agents and above). */
export async function createJob(
  ctx: Ctx,
  input: { brandId: string; createdBy: string | null; deviceId: string; action: CreateJob['action']; payload: unknown; packageId?: string; packageName?: string },
): Promise<Job> {
  const device = await q.findDeviceById(ctx.db, input.deviceId);
  if (!device || device.brandId !== input.brandId) throw notFound('Device');
  const payload = validateJobPayload(input.action, input.payload);
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .insert(jobs)
    .values({
      brandId: input.brandId,
      deviceId: device.id,
      action: input.action,
      status: 'pending',
      payload,
      packageId: input.packageId ?? null,
      packageName: input.packageName ?? null,
      createdBy: input.createdBy,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await publishJob(ctx, row.brandId, row.id, 'pending');
  return toJob({ ...row, deviceName: device.name });
}

// ---------- devices: registration, tokens, heartbeats ----------

/**
 * Registers a device with the brand API key and returns a fresh device token. A device of the same
 * name in the brand is the same machine registering again: it keeps its id and history, gets one
 * more token, and a revocation is lifted (the API key holder decided so). The token is stored as
 * an HMAC index and sealed, never in clear.
 */
export async function registerDevice(ctx: Ctx, input: AgentRegister & { apiKey: string | undefined; ip: string }): Promise<AgentRegistered> {
  const brand = input.apiKey ? await findBrandByApiKey(ctx, input.apiKey) : undefined;
  if (!brand || brand.id !== input.brand_id) throw unauthorized('Invalid API key for this brand');
  const token = DEVICE_TOKEN_PREFIX + randomToken(32);
  const now = ctx.clock.now();
  // Registering again keeps the type and environment shown in the console unless the agent sets them.
  const values = {
    ...(input.device_type ? { deviceType: input.device_type } : {}),
    ...(input.environment ? { environment: input.environment } : {}),
    ...(input.agent_version ? { agentVersion: input.agent_version } : {}),
    ipAddress: input.ip,
    revokedAt: null,
    lastSeen: now,
    updatedAt: now,
  };
  const [row] = await ctx.db
    .insert(devices)
    .values({ brandId: brand.id, name: input.name, createdAt: now, deviceType: 'server', ...values })
    .onConflictDoUpdate({ target: [devices.brandId, devices.name], set: values })
    .returning();
  await q.addDeviceToken(ctx.db, { brandId: row.brandId, deviceId: row.id, tokenIndex: ctx.keyring.index(token), tokenSealed: ctx.keyring.seal(token), now });
  await publishDevice(ctx, row.brandId, row.id);
  return { device_id: row.id, token, heartbeat_interval_ms: HEARTBEAT_INTERVAL_MS };
}

/** The device a device token belongs to, or 401 (unknown or revoked token). */
export async function authenticateDevice(ctx: Pick<AppContext, 'db' | 'keyring'>, token: string | undefined) {
  if (!token || !token.startsWith(DEVICE_TOKEN_PREFIX) || token.length > 200) throw unauthorized('Device token required');
  const device = await q.findDeviceByTokenIndex(ctx.db, ctx.keyring.index(token));
  if (!device) throw unauthorized('Device token is invalid or revoked');
  return device;
}

/** Revokes every token of the device (admins): its agents can no longer heartbeat, claim or report. */
export async function revokeDevice(ctx: Ctx, caller: Caller, deviceId: string): Promise<Device> {
  const device = await requireDevice(ctx, caller, deviceId, 'admin');
  const now = ctx.clock.now();
  await q.revokeDeviceTokens(ctx.db, device.id, now);
  const [row] = await ctx.db.update(devices).set({ revokedAt: now, updatedAt: now }).where(eq(devices.id, device.id)).returning();
  await publishDevice(ctx, row.brandId, row.id);
  return toDevice(row, now);
}

function inventoryHash(body: AgentHeartbeat, ip: string | null) {
  const services = [...body.services].sort((a, b) => a.name.localeCompare(b.name));
  const containers = [...body.containers].sort((a, b) => a.name.localeCompare(b.name));
  return createHash('sha256').update(JSON.stringify({ services, containers, ip })).digest('base64url');
}

/**
 * A heartbeat: the device is seen now, reports its IP, services and containers, and extends the
 * lease of the jobs it is running. `device.updated` is published only when something visible changed.
 */
export async function recordHeartbeat(ctx: Ctx, device: q.DeviceRow, body: AgentHeartbeat, requestIp: string) {
  const now = ctx.clock.now();
  const ip = body.ip_address ?? requestIp;
  const hash = inventoryHash(body, ip);
  const changed = hash !== device.inventoryHash;
  const wasOnline = isOnline(device.lastSeen, now);
  if (changed) await q.replaceInventory(ctx.db, device, body.services, body.containers);
  await q.recordSeen(ctx.db, {
    deviceId: device.id,
    now,
    ip,
    inventoryHash: hash,
    agentVersion: body.agent_version ?? device.agentVersion,
    changed,
    leaseUntil: new Date(now.getTime() + JOB_LEASE_MS),
  });
  if (changed || !wasOnline) await publishDevice(ctx, device.brandId, device.id);
  return { device_id: device.id, server_time: now.toISOString() };
}

/** Any agent call proves the device alive; written at most every few seconds to spare the database. */
async function touchDevice(ctx: Ctx, device: q.DeviceRow, now: Date) {
  if (device.lastSeen && now.getTime() - device.lastSeen.getTime() < TOUCH_EVERY_MS) return;
  await ctx.db.update(devices).set({ lastSeen: now }).where(eq(devices.id, device.id));
  if (!isOnline(device.lastSeen, now)) await publishDevice(ctx, device.brandId, device.id);
}
const TOUCH_EVERY_MS = 5_000;

/** Claims the device's oldest pending jobs (FOR UPDATE SKIP LOCKED) and marks them running under a lease. */
export async function claimJobs(ctx: Ctx, device: q.DeviceRow, limit: number): Promise<{ jobs: AgentJob[] }> {
  await expireJobLeases(ctx);
  const now = ctx.clock.now();
  const claimed = await q.claimPendingJobs(ctx.db, device.id, limit, now, new Date(now.getTime() + JOB_LEASE_MS));
  await touchDevice(ctx, device, now);
  for (const job of claimed) await publishJob(ctx, job.brand_id, job.id, 'running');
  return {
    jobs: claimed.map((j) => ({
      id: j.id,
      action: j.action,
      payload: j.payload,
      package_name: j.package_name,
      lease_expires_at: new Date(j.lease_expires_at).toISOString(),
    })),
  };
}

/** The agent reports a job's outcome; only a job this device is running can finish, exactly once. */
export async function reportJob(
  ctx: Ctx,
  device: q.DeviceRow,
  jobId: string,
  outcome: { status: 'completed'; result: Record<string, unknown> } | { status: 'failed'; error: string },
): Promise<{ id: string; status: JobStatus }> {
  const now = ctx.clock.now();
  const row = await q.finishJob(ctx.db, {
    id: jobId,
    deviceId: device.id,
    status: outcome.status,
    result: outcome.status === 'completed' ? outcome.result : undefined,
    error: outcome.status === 'failed' ? outcome.error : undefined,
    now,
  });
  if (!row) {
    const existing = await q.findJobWithDevice(ctx.db, jobId);
    if (!existing || existing.deviceId !== device.id) throw notFound('Job');
    throw conflict(`Job is ${existing.status}, not running`);
  }
  await touchDevice(ctx, device, now);
  await publishJob(ctx, row.brandId, row.id, row.status as JobStatus);
  return { id: row.id, status: row.status as JobStatus };
}
