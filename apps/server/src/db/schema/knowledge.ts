import { sql } from 'drizzle-orm';
import { customType, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { brandIdColumn, users } from './identity';

const tsvector = customType<{ data: string }>({
  dataType() {
    return 'tsvector';
  },
});

/** SPEC §3 Knowledge article; statuses of SPEC §4 and categories of SPEC §2 (`@console/contract/knowledge`). */
export const knowledgeArticles = pgTable(
  'knowledge_articles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brandId: brandIdColumn(),
    /** Null shows as 'Untitled Article' (SPEC §2). */
    title: text('title'),
    content: text('content').notNull().default(''),
    excerpt: text('excerpt'),
    status: text('status').notNull().default('draft'),
    category: text('category').notNull(),
    views: integer('views').notNull().default(0),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /** Full-text search document: title weighs most, then the excerpt, then the content. */
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(excerpt, '')), 'B') || setweight(to_tsvector('english', content), 'C')`,
      ),
  },
  (t) => [
    index('knowledge_brand_category_updated_idx').on(t.brandId, t.category, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('knowledge_brand_updated_idx').on(t.brandId, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('knowledge_brand_status_idx').on(t.brandId, t.status),
    index('knowledge_search_idx').using('gin', t.search),
  ],
);
