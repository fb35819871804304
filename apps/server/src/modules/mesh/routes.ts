import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CountSchema } from '@console/contract/common';
import { ErrorBodySchema } from '@console/contract/errors';
import {
  AgentClaimedSchema,
  AgentClaimSchema,
  AgentCompleteSchema,
  AgentFailSchema,
  AgentHeartbeatAckSchema,
  AgentHeartbeatSchema,
  AgentJobParamsSchema,
  AgentJobReportedSchema,
  AgentRegisteredSchema,
  AgentRegisterSchema,
  ContainerListSchema,
  CreateJobSchema,
  DeviceCountQuerySchema,
  DeviceListQuerySchema,
  DeviceListSchema,
  DeviceParamsSchema,
  DeviceSchema,
  JobCountQuerySchema,
  JobListQuerySchema,
  JobListSchema,
  JobSchema,
  ServiceListSchema,
} from '@console/contract/mesh';
import { bearerToken, requireCaller } from '../../http/auth';
import { guardBrand } from '../../http/brand-guard';
import type { RoutePlugin } from '../../http/types';
import {
  authenticateDevice,
  claimJobs,
  countDevices,
  countJobs,
  createJob,
  expireJobLeases,
  getJob,
  listDeviceContainers,
  listDevices,
  listDeviceServices,
  listJobs,
  recordHeartbeat,
  registerDevice,
  reportJob,
  revokeDevice,
} from './service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };
const agentErrors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };
const OptionalBrandQuerySchema = z.object({ brand_id: z.string().min(1).optional() });
/** How often a server instance sweeps expired job leases even when nobody reads (CONTRACT §Mesh agent). */
const LEASE_SWEEP_MS = 30_000;

/** SPEC §7 Mesh: devices, services, containers, jobs and their counts; plus the agent's API. */
export const meshRoutes: RoutePlugin = async (app, ctx) => {
  const sweep = setInterval(() => {
    expireJobLeases(ctx).catch((err: unknown) => ctx.log.warn({ err }, 'job lease sweep failed'));
  }, LEASE_SWEEP_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  // ---------- user-facing ----------

  app.get(
    '/api/v1/mesh/jobs',
    {
      schema: {
        tags: ['mesh'],
        summary: 'Deployment jobs of the brand, newest first (`brand_id=all` for super admins)',
        querystring: JobListQuerySchema,
        response: { 200: JobListSchema, ...errors },
      },
    },
    async (request) => {
      const scope = await guardBrand(ctx, request, { allowAll: true });
      const { page, limit, status, device_id } = request.query;
      return listJobs(ctx, scope, { page, limit, status, device_id });
    },
  );

  app.post(
    '/api/v1/mesh/jobs',
    {
      schema: {
        tags: ['mesh'],
        summary: 'Queue a job for one of the brand\'s devices (editors, agents and above)',
        querystring: OptionalBrandQuerySchema,
        body: CreateJobSchema.extend({ brand_id: z.string().min(1).optional() }),
        response: { 201: JobSchema, ...errors },
      },
    },
    async (request, reply) => {
      const scope = await guardBrand(ctx, request, { role: 'editor' });
      const { device_id, action, payload, package_name } = request.body;
      const job = await createJob(ctx, {
        brandId: scope.brandId,
        createdBy: scope.caller.userId,
        deviceId: device_id,
        action,
        payload,
        packageName: package_name,
      });
      return reply.status(201).send(job);
    },
  );

  app.get(
    '/api/v1/mesh/jobs/:id',
    { schema: { tags: ['mesh'], summary: 'One deployment job', params: DeviceParamsSchema, response: { 200: JobSchema, ...errors } } },
    async (request) => getJob(ctx, await requireCaller(ctx, request), request.params.id),
  );

  app.get(
    '/api/v1/jobs/count',
    {
      schema: {
        tags: ['mesh'],
        summary: 'Jobs in `status` (all without it), all jobs and the 7-day trend (the deployments badge counts running)',
        querystring: JobCountQuerySchema,
        response: { 200: CountSchema, ...errors },
      },
    },
    async (request) => {
      const scope = await guardBrand(ctx, request, { allowAll: true });
      return countJobs(ctx, scope, request.query.status);
    },
  );

  for (const path of ['/api/v1/mesh/devices', '/api/v1/devices']) {
    app.get(
      path,
      {
        schema: {
          tags: ['mesh'],
          summary: 'Devices of the brand, oldest first, with their online status (`brand_id=all` for super admins)',
          querystring: DeviceListQuerySchema,
          response: { 200: DeviceListSchema, ...errors },
        },
      },
      async (request) => listDevices(ctx, await guardBrand(ctx, request, { allowAll: true })),
    );
  }

  app.get(
    '/api/v1/devices/count',
    {
      schema: {
        tags: ['mesh'],
        summary: 'Online devices (or `status=offline`), all devices and the 7-day trend of devices added',
        querystring: DeviceCountQuerySchema,
        response: { 200: CountSchema, ...errors },
      },
    },
    async (request) => countDevices(ctx, await guardBrand(ctx, request, { allowAll: true }), request.query.status),
  );

  app.get(
    '/api/v1/mesh/devices/:id/services',
    { schema: { tags: ['mesh'], summary: 'Services the device reported', params: DeviceParamsSchema, response: { 200: ServiceListSchema, ...errors } } },
    async (request) => listDeviceServices(ctx, await requireCaller(ctx, request), request.params.id),
  );

  app.get(
    '/api/v1/mesh/devices/:id/containers',
    { schema: { tags: ['mesh'], summary: 'Containers the device reported', params: DeviceParamsSchema, response: { 200: ContainerListSchema, ...errors } } },
    async (request) => listDeviceContainers(ctx, await requireCaller(ctx, request), request.params.id),
  );

  app.post(
    '/api/v1/mesh/devices/:id/revoke',
    {
      schema: {
        tags: ['mesh'],
        summary: 'Revoke the device token (owners and admins); the agent must register again',
        params: DeviceParamsSchema,
        response: { 200: DeviceSchema, ...errors },
      },
    },
    async (request) => revokeDevice(ctx, await requireCaller(ctx, request), request.params.id),
  );

  // ---------- the agent's API (CONTRACT §Mesh agent) ----------

  const device = (request: FastifyRequest) => authenticateDevice(ctx, bearerToken(request));

  app.post(
    '/api/v1/mesh/agent/register',
    {
      schema: {
        tags: ['mesh agent'],
        summary: 'Register a device with the brand API key (X-API-Key); answers a device token',
        security: [{ brandApiKey: [] }],
        body: AgentRegisterSchema,
        response: { 201: AgentRegisteredSchema, ...agentErrors },
      },
    },
    async (request, reply) => {
      const apiKey = request.headers['x-api-key'];
      const registered = await registerDevice(ctx, { ...request.body, apiKey: typeof apiKey === 'string' ? apiKey : undefined, ip: request.ip });
      return reply.status(201).send(registered);
    },
  );

  app.post(
    '/api/v1/mesh/agent/heartbeat',
    {
      schema: {
        tags: ['mesh agent'],
        summary: 'The device is alive: its IP, services and containers (device token)',
        body: AgentHeartbeatSchema,
        response: { 200: AgentHeartbeatAckSchema, ...agentErrors },
      },
    },
    async (request) => recordHeartbeat(ctx, await device(request), request.body, request.ip),
  );

  app.post(
    '/api/v1/mesh/agent/jobs/claim',
    {
      schema: {
        tags: ['mesh agent'],
        summary: 'Claim the device\'s oldest pending jobs; they become running under a lease (device token)',
        body: AgentClaimSchema,
        response: { 200: AgentClaimedSchema, ...agentErrors },
      },
    },
    async (request) => claimJobs(ctx, await device(request), request.body.limit),
  );

  app.post(
    '/api/v1/mesh/agent/jobs/:id/complete',
    {
      schema: {
        tags: ['mesh agent'],
        summary: 'Report a running job completed with its result (device token)',
        params: AgentJobParamsSchema,
        body: AgentCompleteSchema,
        response: { 200: AgentJobReportedSchema, ...agentErrors },
      },
    },
    async (request) => reportJob(ctx, await device(request), request.params.id, { status: 'completed', result: request.body.result }),
  );

  app.post(
    '/api/v1/mesh/agent/jobs/:id/fail',
    {
      schema: {
        tags: ['mesh agent'],
        summary: 'Report a running job failed with its error (device token)',
        params: AgentJobParamsSchema,
        body: AgentFailSchema,
        response: { 200: AgentJobReportedSchema, ...agentErrors },
      },
    },
    async (request) => reportJob(ctx, await device(request), request.params.id, { status: 'failed', error: request.body.error }),
  );
};
