import { describe, expect, it } from 'vitest';
import { isSuperAdminUser, pickDefaultBrand } from './default-brand';

const brands = [
  { id: 'globex', role: 'admin' as const },
  { id: 'acme', role: 'owner' as const },
  { id: 'initech', role: 'viewer' as const },
];

describe('pickDefaultBrand (SPEC §4)', () => {
  it('picks the favorite brand when the user still belongs to it', () => {
    expect(pickDefaultBrand({ brands, favoriteBrandId: 'initech', previousBrandId: 'globex', isSuperAdmin: false })).toBe('initech');
  });

  it('skips a favorite the user no longer belongs to and picks the previously selected brand', () => {
    expect(pickDefaultBrand({ brands, favoriteBrandId: 'gone', previousBrandId: 'globex', isSuperAdmin: false })).toBe('globex');
  });

  it('picks the owned brand when there is no favorite and the previous brand is no longer valid', () => {
    expect(pickDefaultBrand({ brands, favoriteBrandId: null, previousBrandId: 'gone', isSuperAdmin: false })).toBe('acme');
  });

  it('picks the first brand when the user owns none', () => {
    const notOwner = brands.filter((brand) => brand.role !== 'owner');
    expect(pickDefaultBrand({ brands: notOwner, favoriteBrandId: null, previousBrandId: null, isSuperAdmin: false })).toBe('globex');
  });

  it('picks none when the user has no brands', () => {
    expect(pickDefaultBrand({ brands: [], favoriteBrandId: 'acme', previousBrandId: 'acme', isSuperAdmin: false })).toBeNull();
  });

  it("keeps a super admin's previous 'all' selection, but not a regular user's", () => {
    expect(pickDefaultBrand({ brands, favoriteBrandId: null, previousBrandId: 'all', isSuperAdmin: true })).toBe('all');
    expect(pickDefaultBrand({ brands, favoriteBrandId: null, previousBrandId: 'all', isSuperAdmin: false })).toBe('acme');
  });

  it('prefers the favorite over a super admin previous all selection', () => {
    expect(pickDefaultBrand({ brands, favoriteBrandId: 'globex', previousBrandId: 'all', isSuperAdmin: true })).toBe('globex');
  });
});

describe('isSuperAdminUser', () => {
  it('is true for role super_admin or is_super_admin, false otherwise', () => {
    expect(isSuperAdminUser({ role: 'super_admin', is_super_admin: false })).toBe(true);
    expect(isSuperAdminUser({ role: 'user', is_super_admin: true })).toBe(true);
    expect(isSuperAdminUser({ role: 'user', is_super_admin: false })).toBe(false);
    expect(isSuperAdminUser(null)).toBe(false);
  });
});
