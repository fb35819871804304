import { pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { brandIdColumn } from './identity';

/**
 * A brand's connection to a catalog provider (SPEC §3 Provider connection). The whole
 * connection_config is kept sealed (AES-256-GCM); `fields_masked` is what the API may show.
 */
export const providerConnections = pgTable(
  'provider_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brandId: brandIdColumn(),
    /** The catalog id, e.g. `cloudflare`, `openai`. */
    providerName: text('provider_name').notNull(),
    providerType: text('provider_type').notNull(),
    configSealed: text('config_sealed').notNull(),
    /** JSON array of `{name, value, secret}` with secrets masked. */
    fieldsMasked: text('fields_masked').notNull(),
    healthStatus: text('health_status').notNull().default('unknown'),
    healthMessage: text('health_message'),
    lastCheckedAt: ts('last_checked_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [uniqueIndex('provider_connections_brand_provider_idx').on(t.brandId, t.providerName)],
);

