import type { UserBrand } from '@console/contract/auth';

/** The pseudo brand id a super admin may select to see every brand (SPEC §4). */
export const ALL_BRANDS_ID = 'all';
export const ALL_BRANDS_NAME = 'All Brands';

export interface DefaultBrandInput {
  brands: readonly Pick<UserBrand, 'id' | 'role'>[];
  favoriteBrandId: string | null;
  previousBrandId: string | null;
  isSuperAdmin: boolean;
}

/**
 * SPEC §4 default brand on loading the user, in order: the favorite brand if the user still
 * belongs to it; the previously selected brand if valid ('all' is valid for a super admin);
 * the brand where the user's role is owner; the first brand; otherwise none.
 */
export function pickDefaultBrand({ brands, favoriteBrandId, previousBrandId, isSuperAdmin }: DefaultBrandInput): string | null {
  const isMember = (id: string | null) => id !== null && brands.some((brand) => brand.id === id);
  if (isMember(favoriteBrandId)) return favoriteBrandId;
  if (isMember(previousBrandId)) return previousBrandId;
  if (previousBrandId === ALL_BRANDS_ID && isSuperAdmin) return ALL_BRANDS_ID;
  const owned = brands.find((brand) => brand.role === 'owner');
  if (owned) return owned.id;
  return brands[0]?.id ?? null;
}

/** SPEC §4: a super admin has role super_admin or is_super_admin true. */
export function isSuperAdminUser(user: { role?: string; is_super_admin?: boolean } | null): boolean {
  return user !== null && (user.role === 'super_admin' || user.is_super_admin === true);
}
