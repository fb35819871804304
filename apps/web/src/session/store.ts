import type { Me } from '@console/contract/auth';
import { queryClient } from '../api/query-client';
import { readStored, writeStored } from './storage';

export type SessionStatus = 'signed-out' | 'loading' | 'ready' | 'error';

export interface SessionState {
  token: string | null;
  user: Me | null;
  status: SessionStatus;
  /** 'Failed to fetch user' when the current-user call failed (SPEC §8). */
  error: string | null;
  selectedBrandId: string | null;
  favoriteBrandId: string | null;
}

function initialState(): SessionState {
  const token = readStored('token');
  return {
    token,
    user: null,
    status: token ? 'loading' : 'signed-out',
    error: null,
    selectedBrandId: readStored('selectedBrand'),
    favoriteBrandId: readStored('favoriteBrand'),
  };
}

let state: SessionState = initialState();
const listeners = new Set<() => void>();

/** Current session snapshot (stable between changes, for useSyncExternalStore). */
export function getSession(): SessionState {
  return state;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Updates the session and mirrors token, selected and favorite brand to localStorage. */
export function updateSession(patch: Partial<SessionState>): void {
  state = { ...state, ...patch };
  if ('token' in patch) writeStored('token', state.token);
  if ('selectedBrandId' in patch) writeStored('selectedBrand', state.selectedBrandId);
  if ('favoriteBrandId' in patch) writeStored('favoriteBrand', state.favoriteBrandId);
  for (const listener of listeners) listener();
}

/** SPEC §4 logout, local part: clears token, selected brand and user (with its brands); keeps the favorite. */
export function clearSession(): void {
  updateSession({ token: null, user: null, status: 'signed-out', error: null, selectedBrandId: null });
  queryClient.clear();
}

/** Re-reads localStorage; for tests that prepare storage before rendering. */
export function resetSessionFromStorage(): void {
  state = initialState();
  for (const listener of listeners) listener();
}
