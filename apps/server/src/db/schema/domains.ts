import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { brandIdColumn } from './identity';

/** SPEC §3 Domain: a brand's domain, verified by DNS, optionally primary, mail and chat enabled. */
export const domains = pgTable(
  'domains',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brandId: brandIdColumn(),
    /** Lower-case host name without a trailing dot. */
    name: text('name').notNull(),
    /** `manual`, or the DNS provider that published the verification record (`cloudflare`). */
    provider: text('provider').notNull().default('manual'),
    verifiedAt: ts('verified_at'),
    isPrimary: boolean('is_primary').notNull().default(false),
    chatEmailEnabled: boolean('chat_email_enabled').notNull().default(false),
    chatSubdomain: text('chat_subdomain').notNull().default('chat'),
    /** Set by configure-email, with the DKIM key pair (private key sealed). */
    emailConfiguredAt: ts('email_configured_at'),
    dkimPublicKey: text('dkim_public_key'),
    dkimPrivateKeySealed: text('dkim_private_key_sealed'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('domains_brand_name_idx').on(t.brandId, t.name),
    // CONTRACT §Domains: a name is verified for at most one brand.
    uniqueIndex('domains_verified_name_idx').on(t.name).where(sql`${t.verifiedAt} is not null`),
    // SPEC §4: only one domain is primary.
    uniqueIndex('domains_brand_primary_idx').on(t.brandId).where(sql`${t.isPrimary}`),
    index('domains_name_idx').on(t.name),
  ],
);

/** The email DNS records configure-email asks a brand to publish, with the last look-up result. */
export const domainDnsRecords = pgTable(
  'domain_dns_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brandId: brandIdColumn(),
    domainId: uuid('domain_id')
      .notNull()
      .references(() => domains.id, { onDelete: 'cascade' }),
    /** mx, spf, dkim or dmarc. */
    purpose: text('purpose').notNull(),
    type: text('type').notNull(),
    name: text('name').notNull(),
    content: text('content').notNull(),
    priority: integer('priority'),
    verified: boolean('verified').notNull().default(false),
    checkedAt: ts('checked_at'),
  },
  (t) => [index('domain_dns_records_brand_domain_idx').on(t.brandId, t.domainId), uniqueIndex('domain_dns_records_domain_purpose_idx').on(t.domainId, t.purpose)],
);
