import { eq } from 'drizzle-orm';
import type { BrandRole } from '@console/contract/roles';
import type { AppContext } from '../../context';
import { generateApiKey } from '../../crypto/secrets';
import { brands } from '../../db/schema/index';
import { findBrandByApiKeyIndex, upsertMembership } from './queries';
import { findPrimaryVerifiedNames } from '../domains/queries';
import { dropCachedAccess } from '../auth/session-cache';

type Ctx = Pick<AppContext, 'db' | 'keyring'>;

/** Creates a brand with a fresh API key; the key is stored sealed and indexed by HMAC only. */
export async function createBrand(ctx: Ctx, input: { name: string }) {
  const apiKey = generateApiKey();
  const [brand] = await ctx.db
    .insert(brands)
    .values({ name: input.name, apiKeyIndex: ctx.keyring.index(apiKey), apiKeySealed: ctx.keyring.seal(apiKey) })
    .returning();
  return { brand, apiKey };
}

/** Adds a member to the brand, or sets the role of one already there. */
export async function addMember(ctx: Pick<AppContext, 'db' | 'cache'>, input: { brandId: string; userId: string; role: BrandRole }) {
  const row = await upsertMembership(ctx.db, input);
  await dropCachedAccess(ctx, input.userId);
  return row;
}

/** Replaces the brand's API key; the old key stops working at once. */
export async function rotateApiKey(ctx: Ctx, brandId: string) {
  const apiKey = generateApiKey();
  await ctx.db
    .update(brands)
    .set({ apiKeyIndex: ctx.keyring.index(apiKey), apiKeySealed: ctx.keyring.seal(apiKey) })
    .where(eq(brands.id, brandId));
  return apiKey;
}

/** The brand whose API key this is, or undefined (mail API, agent registration). */
export async function findBrandByApiKey(ctx: Ctx, apiKey: string) {
  if (!apiKey.startsWith('bk_')) return undefined;
  return findBrandByApiKeyIndex(ctx.db, ctx.keyring.index(apiKey));
}

/** Each brand's primary verified domain by brand id (SPEC §3 Brand.domain). */
export async function findPrimaryDomains(ctx: Pick<AppContext, 'db'>, brandIds: string[]): Promise<Map<string, string>> {
  const rows = await findPrimaryVerifiedNames(ctx.db, brandIds);
  return new Map(rows.map((r) => [r.brandId, r.name]));
}
