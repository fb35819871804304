import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    isSuperAdmin: boolean('is_super_admin').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`)],
);

export const brands = pgTable('brands', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** HMAC of the API key (lookup); the key itself is only kept sealed. */
  apiKeyIndex: text('api_key_index').notNull().unique(),
  apiKeySealed: text('api_key_sealed').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** The owning brand of a brand-scoped row; its rows go when the brand goes. */
export const brandIdColumn = () =>
  uuid('brand_id')
    .notNull()
    .references(() => brands.id, { onDelete: 'cascade' });

export const memberships = pgTable(
  'memberships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('memberships_brand_user_idx').on(t.brandId, t.userId), index('memberships_user_idx').on(t.userId)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Failed sign-ins, counted per account and per address over a sliding window (CONTRACT §Rate limits). */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('login_failures_key_time_idx').on(t.key, t.createdAt)],
);

/** Live events too large for a NOTIFY payload, fetched by id on every instance (events/bus.ts). */
export const eventsOutbox = pgTable('events_outbox', {
  id: uuid('id').primaryKey(),
  payload: text('payload').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
