import { z } from 'zod';
import { IdSchema, PageQuerySchema, PaginationSchema, TimestampSchema } from './common';

/** `brand_id` query: a brand's id, or `all` for super admins; the brand guard answers 404 for anything else. */
export const BrandQueryIdSchema = z.string().min(1);
export const DeviceListQuerySchema = z.object({ brand_id: BrandQueryIdSchema });

/** SPEC §4: job statuses, pending → running → completed | failed. */
export const JOB_STATUSES = ['pending', 'running', 'completed', 'failed'] as const;
export const JobStatusSchema = z.enum(JOB_STATUSES);
export type JobStatus = z.infer<typeof JobStatusSchema>;

/** SPEC §4: job action labels. */
export const JOB_ACTIONS = ['deploy_container', 'pull_model', 'update_model', 'list_models', 'restart_service', 'start_service'] as const;
export const JobActionSchema = z.enum(JOB_ACTIONS);
export type JobAction = z.infer<typeof JobActionSchema>;

/** A running job fails when its device has not heartbeated for this long (CONTRACT §Mesh agent). */
export const JOB_LEASE_MS = 2 * 60_000;
/** The agent's default heartbeat interval. */
export const HEARTBEAT_INTERVAL_MS = 30_000;
/** Device tokens: `dt_` + 43 base64url characters. */
export const DEVICE_TOKEN_PREFIX = 'dt_';

/** Payload of each action, as the agent runs it. */
const ContainerName = z.string().regex(/^[a-zA-Z0-9][a-zA-Z0-9_.-]{0,127}$/, 'must be a container name');
const PortMapping = z.string().regex(/^(\d{1,5}:)?\d{1,5}(\/(tcp|udp))?$/, 'must be host:container');
export const DeployContainerPayloadSchema = z.object({
  image: z.string().regex(/^[a-z0-9][a-z0-9._/:@-]{0,254}$/i, 'must be an image reference'),
  name: ContainerName.optional(),
  ports: z.array(PortMapping).max(20).optional(),
  env: z.record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_.]*$/, 'must be an environment variable name'), z.string()).optional(),
});
export const ModelPayloadSchema = z.object({ model: z.string().regex(/^[a-z0-9][a-z0-9._/:-]{0,200}$/i, 'must be a model name') });
export const ServicePayloadSchema = z.object({ name: ContainerName });
export const EmptyPayloadSchema = z.object({}).passthrough();

export const JOB_PAYLOAD_SCHEMAS = {
  deploy_container: DeployContainerPayloadSchema,
  pull_model: ModelPayloadSchema,
  update_model: ModelPayloadSchema,
  list_models: EmptyPayloadSchema,
  restart_service: ServicePayloadSchema,
  start_service: ServicePayloadSchema,
} as const satisfies Record<JobAction, z.ZodType>;

/** SPEC §3 Job. `result` is whatever the agent reported (an object), `payload` the action's input. */
export const JobSchema = z.object({
  id: z.string(),
  brand_id: z.string(),
  action: z.string(),
  status: JobStatusSchema,
  package_id: z.string().nullable(),
  package_name: z.string().nullable(),
  device_id: z.string(),
  device_name: z.string().nullable(),
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
  started_at: TimestampSchema.nullable(),
  completed_at: TimestampSchema.nullable(),
  error: z.string().nullable(),
  result: z.record(z.string(), z.unknown()).nullable(),
  payload: z.record(z.string(), z.unknown()),
});
export type Job = z.infer<typeof JobSchema>;

export const JobListQuerySchema = PageQuerySchema.extend({
  brand_id: BrandQueryIdSchema,
  status: JobStatusSchema.optional(),
  device_id: IdSchema.optional(),
});
export const JobListSchema = z.object({ jobs: z.array(JobSchema), pagination: PaginationSchema });
export type JobList = z.infer<typeof JobListSchema>;

export const CreateJobSchema = z.object({
  device_id: IdSchema,
  action: JobActionSchema,
  payload: z.record(z.string(), z.unknown()).default({}),
  package_name: z.string().trim().min(1).max(200).optional(),
});
export type CreateJob = z.infer<typeof CreateJobSchema>;

export const JobCountQuerySchema = z.object({ brand_id: BrandQueryIdSchema, status: JobStatusSchema.optional() });

/** SPEC §3 Device; `status` derives from `last_seen` (SPEC §4: online under 5 minutes). */
export const DeviceSchema = z.object({
  id: z.string(),
  brand_id: z.string(),
  device_name: z.string(),
  device_type: z.string().nullable(),
  environment: z.string().nullable(),
  last_seen: TimestampSchema.nullable(),
  ip_address: z.string().nullable(),
  status: z.enum(['online', 'offline']),
  agent_version: z.string().nullable(),
  revoked: z.boolean(),
  services_count: z.number(),
  containers_count: z.number(),
  created_at: TimestampSchema,
});
export type Device = z.infer<typeof DeviceSchema>;
export const DeviceListSchema = z.object({ devices: z.array(DeviceSchema) });
export type DeviceList = z.infer<typeof DeviceListSchema>;

export const DeviceCountQuerySchema = z.object({ brand_id: BrandQueryIdSchema, status: z.enum(['online', 'offline']).optional() });

/** SPEC §3 Service and Container. */
export const ServiceSchema = z.object({ name: z.string(), port: z.number().nullable() });
export type Service = z.infer<typeof ServiceSchema>;
export const ContainerSchema = z.object({ name: z.string(), image: z.string(), status: z.string() });
export type Container = z.infer<typeof ContainerSchema>;
export const ServiceListSchema = z.object({ services: z.array(ServiceSchema) });
export const ContainerListSchema = z.object({ containers: z.array(ContainerSchema) });

export const DeviceParamsSchema = z.object({ id: IdSchema });

// ---- Agent API (CONTRACT §Mesh agent): the device's own door into the mesh service. ----

export const AgentRegisterSchema = z.object({
  brand_id: IdSchema,
  name: z.string().trim().min(1).max(100),
  device_type: z.string().trim().min(1).max(50).optional(),
  environment: z.string().trim().min(1).max(50).optional(),
  agent_version: z.string().max(50).optional(),
});
export type AgentRegister = z.infer<typeof AgentRegisterSchema>;
export const AgentRegisteredSchema = z.object({
  device_id: z.string(),
  token: z.string(),
  heartbeat_interval_ms: z.number(),
});
export type AgentRegistered = z.infer<typeof AgentRegisteredSchema>;

export const AgentHeartbeatSchema = z.object({
  ip_address: z.string().max(64).optional(),
  agent_version: z.string().max(50).optional(),
  services: z.array(z.object({ name: z.string().min(1).max(200), port: z.number().int().min(0).max(65535).nullable() })).max(500).default([]),
  containers: z
    .array(z.object({ name: z.string().min(1).max(200), image: z.string().max(300), status: z.string().max(200) }))
    .max(500)
    .default([]),
});
export type AgentHeartbeat = z.infer<typeof AgentHeartbeatSchema>;
export const AgentHeartbeatAckSchema = z.object({ device_id: z.string(), server_time: TimestampSchema });

export const AgentClaimSchema = z.object({ limit: z.number().int().min(1).max(10).default(1) });
/** A claimed job as the agent sees it; the agent validates `payload` against JOB_PAYLOAD_SCHEMAS itself. */
export const AgentJobSchema = z.object({
  id: z.string(),
  action: z.string(),
  payload: z.unknown(),
  package_name: z.string().nullable(),
  lease_expires_at: TimestampSchema,
});
export type AgentJob = z.infer<typeof AgentJobSchema>;
export const AgentClaimedSchema = z.object({ jobs: z.array(AgentJobSchema) });

export const AgentCompleteSchema = z.object({ result: z.record(z.string(), z.unknown()).default({}) });
export const AgentFailSchema = z.object({ error: z.string().trim().min(1).max(4000) });
export const AgentJobParamsSchema = z.object({ id: IdSchema });
export const AgentJobReportedSchema = z.object({ id: z.string(), status: JobStatusSchema });
