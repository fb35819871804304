import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { brandIdColumn, brands, users } from './identity';

/** SPEC §3 Ticket; statuses and priorities of SPEC §4 (`@console/contract/tickets`). */
export const tickets = pgTable(
  'tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brandId: brandIdColumn(),
    /** Null shows as 'No subject' (SPEC §2). */
    subject: text('subject'),
    description: text('description'),
    status: text('status').notNull().default('open'),
    /** Null shows as 'normal' (SPEC §2). */
    priority: text('priority'),
    customerEmail: text('customer_email'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // The list (newest first, optionally one status) and the counts of 100,000-ticket brands.
    index('tickets_brand_status_created_idx').on(t.brandId, t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('tickets_brand_created_idx').on(t.brandId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // brand_id=all lists for super admins.
    index('tickets_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);
