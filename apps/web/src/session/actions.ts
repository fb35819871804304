import type { LoginResponse, Me } from '@console/contract/auth';
import { ApiError, apiFetch } from '../api/client';
import { ALL_BRANDS_ID, isSuperAdminUser, pickDefaultBrand } from './default-brand';
import { clearSession, getSession, updateSession } from './store';

export const LOGIN_FAILED = 'Login failed';
export const FETCH_USER_FAILED = 'Failed to fetch user';

let loading: Promise<void> | null = null;

/** SPEC §4: fetches the current user and applies the default-brand rules. */
export function loadUser(): Promise<void> {
  if (loading) return loading;
  const token = getSession().token;
  if (!token) return Promise.resolve();
  updateSession({ status: 'loading', error: null });
  loading = apiFetch<Me>('/users/me')
    .then((user) => {
      if (getSession().token !== token) return;
      const { favoriteBrandId, selectedBrandId } = getSession();
      updateSession({
        user,
        status: 'ready',
        error: null,
        selectedBrandId: pickDefaultBrand({
          brands: user.brands,
          favoriteBrandId,
          previousBrandId: selectedBrandId,
          isSuperAdmin: isSuperAdminUser(user),
        }),
      });
    })
    .catch(() => {
      if (getSession().token !== token) return;
      updateSession({ status: 'error', error: FETCH_USER_FAILED });
    })
    .finally(() => {
      loading = null;
    });
  return loading;
}

/**
 * SPEC §4 login: stores the token, then fetches the current user. Rejects with the server's
 * error, else 'Login failed'; a failed user fetch leaves the session in the 'error' state.
 */
export async function login(email: string, password: string): Promise<void> {
  let result: LoginResponse;
  try {
    result = await apiFetch<LoginResponse>('/auth/login', { method: 'POST', body: { email, password } });
  } catch (error) {
    const message = error instanceof ApiError && error.status > 0 && error.message ? error.message : LOGIN_FAILED;
    throw new Error(message);
  }
  if (!result?.token) throw new Error(LOGIN_FAILED);
  updateSession({ token: result.token, user: null, status: 'loading', error: null });
  await loadUser();
}

/** SPEC §4 logout: tells the server (best effort), then clears token, selected brand and user. */
export async function logout(): Promise<void> {
  const { token } = getSession();
  clearSession();
  if (!token) return;
  try {
    await fetch('/api/v1/auth/logout', { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
  } catch {
    // Best effort: the local session is already gone.
  }
}

/** Selects a brand the user belongs to, or 'all' for a super admin; anything else is ignored. */
export function selectBrand(brandId: string): void {
  const { user } = getSession();
  if (!user) return;
  const valid = brandId === ALL_BRANDS_ID ? isSuperAdminUser(user) : user.brands.some((brand) => brand.id === brandId);
  if (valid) updateSession({ selectedBrandId: brandId });
}

/** SPEC §4: setting a favorite also selects it. */
export function setFavoriteBrand(brandId: string): void {
  const { user } = getSession();
  if (!user?.brands.some((brand) => brand.id === brandId)) return;
  updateSession({ favoriteBrandId: brandId, selectedBrandId: brandId });
}

/** SPEC §4: clearing the favorite removes it and selects the first brand. */
export function clearFavoriteBrand(): void {
  const { user } = getSession();
  updateSession({ favoriteBrandId: null, selectedBrandId: user?.brands[0]?.id ?? null });
}
