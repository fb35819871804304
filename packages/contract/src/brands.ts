import { z } from 'zod';

export const BrandParamsSchema = z.object({ brandId: z.string().min(1) });

/** `POST /api/v1/support/brands/{brandId}/regenerate-key`: the new key; the old one stops working at once. */
export const RegenerateKeyResponseSchema = z.object({ id: z.string(), name: z.string(), apiKey: z.string() });
export type RegenerateKeyResponse = z.infer<typeof RegenerateKeyResponseSchema>;

/** SPEC §9: the masked key shows the first 8 and last 4 characters. */
export const API_KEY_VISIBLE_PREFIX = 8;
export const API_KEY_VISIBLE_SUFFIX = 4;

const MASK = '•'.repeat(8);

/** The key as shown while hidden: first 8 characters, a fixed mask, last 4 (short keys are all masked). */
export function maskApiKey(key: string): string {
  if (key.length <= API_KEY_VISIBLE_PREFIX + API_KEY_VISIBLE_SUFFIX) return MASK;
  return key.slice(0, API_KEY_VISIBLE_PREFIX) + MASK + key.slice(-API_KEY_VISIBLE_SUFFIX);
}
