import { useSyncExternalStore } from 'react';
import type { Me, UserBrand } from '@console/contract/auth';
import { clearFavoriteBrand, loadUser, login, logout, selectBrand, setFavoriteBrand } from './actions';
import { ALL_BRANDS_ID, ALL_BRANDS_NAME, isSuperAdminUser } from './default-brand';
import { getSession, subscribeSession, type SessionStatus } from './store';

/** The 'All Brands' choice of a super admin (SPEC §4). */
export interface AllBrands {
  id: typeof ALL_BRANDS_ID;
  name: typeof ALL_BRANDS_NAME;
}

export type CurrentBrand = UserBrand | AllBrands;

export interface Session {
  token: string | null;
  user: Me | null;
  brands: UserBrand[];
  status: SessionStatus;
  error: string | null;
  isAuthenticated: boolean;
  isSuperAdmin: boolean;
  selectedBrandId: string | null;
  favoriteBrandId: string | null;
  login: typeof login;
  logout: typeof logout;
  reloadUser: typeof loadUser;
  selectBrand: typeof selectBrand;
  setFavoriteBrand: typeof setFavoriteBrand;
  clearFavoriteBrand: typeof clearFavoriteBrand;
}

const NO_BRANDS: UserBrand[] = [];
const ALL_BRANDS: AllBrands = { id: ALL_BRANDS_ID, name: ALL_BRANDS_NAME };

/** Session state and actions (SPEC §4). */
export function useSession(): Session {
  const state = useSyncExternalStore(subscribeSession, getSession, getSession);
  return {
    ...state,
    brands: state.user?.brands ?? NO_BRANDS,
    isAuthenticated: state.token !== null,
    isSuperAdmin: isSuperAdminUser(state.user),
    login,
    logout,
    reloadUser: loadUser,
    selectBrand,
    setFavoriteBrand,
    clearFavoriteBrand,
  };
}

/** The selected brand, `{id: 'all', name: 'All Brands'}` for a super admin's system-wide view, or null. */
export function useCurrentBrand(): CurrentBrand | null {
  const state = useSyncExternalStore(subscribeSession, getSession, getSession);
  return currentBrandOf(state.user, state.selectedBrandId);
}

export function currentBrandOf(user: Me | null, selectedBrandId: string | null): CurrentBrand | null {
  if (!user || !selectedBrandId) return null;
  if (selectedBrandId === ALL_BRANDS_ID) return isSuperAdminUser(user) ? ALL_BRANDS : null;
  return user.brands.find((brand) => brand.id === selectedBrandId) ?? null;
}

/** True when the brand is the super admin's 'All Brands' view. */
export function isAllBrands(brand: CurrentBrand | null): brand is AllBrands {
  return brand?.id === ALL_BRANDS_ID;
}
