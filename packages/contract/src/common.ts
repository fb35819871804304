import { z } from 'zod';
import { MAX_PAGE_LIMIT } from './limits';

export const IdSchema = z.uuid();
export const TimestampSchema = z.string();

/** `brand_id` query: a brand's UUID, or `all` for super admins on read-only lists and counts. */
export const BrandIdSchema = z.union([z.uuid(), z.literal('all')]);
export const BrandQuerySchema = z.object({ brand_id: BrandIdSchema });
export type BrandQuery = z.infer<typeof BrandQuerySchema>;

export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).default(MAX_PAGE_LIMIT),
});

export const PaginationSchema = z.object({ page: z.number(), limit: z.number(), total: z.number() });
export type Pagination = z.infer<typeof PaginationSchema>;

/** CONTRACT §Lists and counts: the shape of every count endpoint. */
export const CountSchema = z.object({ count: z.number(), total: z.number(), trend: z.number() });
export type Count = z.infer<typeof CountSchema>;

export const OkSchema = z.object({ ok: z.literal(true) });
