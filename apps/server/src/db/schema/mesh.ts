import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { brandIdColumn, users } from './identity';

/** SPEC §3 Device: a machine running the mesh agent. */
export const devices = pgTable(
  'devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brandId: brandIdColumn(),
    name: text('name').notNull(),
    deviceType: text('device_type'),
    /** Null shows as 'Production' (SPEC §2). */
    environment: text('environment'),
    ipAddress: text('ip_address'),
    agentVersion: text('agent_version'),
    /** Set when an admin revoked the device's tokens; registering again with the API key clears it. */
    revokedAt: ts('revoked_at'),
    /** Null: never seen (SPEC §4 'Never'). */
    lastSeen: ts('last_seen'),
    /** Fingerprint of the last reported inventory, to publish device.updated only on change. */
    inventoryHash: text('inventory_hash'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('devices_brand_name_idx').on(t.brandId, t.name),
    index('devices_brand_created_idx').on(t.brandId, t.createdAt),
    index('devices_brand_last_seen_idx').on(t.brandId, t.lastSeen),
  ],
);

/**
 * Device tokens the agent authenticates with: kept only as an HMAC index (look-up) and sealed,
 * never in clear. A device may have several live tokens (agents sharing one device); revoking
 * the device revokes them all.
 */
export const deviceTokens = pgTable(
  'device_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brandId: brandIdColumn(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    tokenIndex: text('token_index').notNull().unique(),
    tokenSealed: text('token_sealed').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [index('device_tokens_brand_device_idx').on(t.brandId, t.deviceId, t.createdAt)],
);

/** SPEC §3 Service: what the device's last heartbeat reported listening. */
export const deviceServices = pgTable(
  'device_services',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brandId: brandIdColumn(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    port: integer('port'),
  },
  (t) => [index('device_services_brand_device_idx').on(t.brandId, t.deviceId)],
);

/** SPEC §3 Container: what the device's last heartbeat reported deployed. */
export const deviceContainers = pgTable(
  'device_containers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brandId: brandIdColumn(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    image: text('image').notNull(),
    status: text('status').notNull(),
  },
  (t) => [index('device_containers_brand_device_idx').on(t.brandId, t.deviceId)],
);

/**
 * SPEC §3 Job: pending → running → completed | failed. Agents claim with FOR UPDATE SKIP LOCKED;
 * a running job whose device stops heartbeating past `lease_expires_at` fails.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brandId: brandIdColumn(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    status: text('status').notNull().default('pending'),
    packageId: text('package_id'),
    packageName: text('package_name'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    result: jsonb('result').$type<Record<string, unknown>>(),
    error: text('error'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    startedAt: ts('started_at'),
    completedAt: ts('completed_at'),
    leaseExpiresAt: ts('lease_expires_at'),
  },
  (t) => [
    index('jobs_brand_created_idx').on(t.brandId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('jobs_brand_status_idx').on(t.brandId, t.status),
    // The claim: a device's oldest pending jobs.
    index('jobs_device_status_created_idx').on(t.deviceId, t.status, t.createdAt),
    // The lease sweep.
    index('jobs_status_lease_idx').on(t.status, t.leaseExpiresAt),
    index('jobs_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);
