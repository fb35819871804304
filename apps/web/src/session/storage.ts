/** SPEC §3 client-kept state, persisted in localStorage. */
const KEYS = {
  token: 'console.token',
  selectedBrand: 'console.selectedBrandId',
  favoriteBrand: 'console.favoriteBrandId',
} as const;

export type StoredKey = keyof typeof KEYS;

export function readStored(key: StoredKey): string | null {
  try {
    return localStorage.getItem(KEYS[key]);
  } catch {
    return null;
  }
}

export function writeStored(key: StoredKey, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(KEYS[key]);
    else localStorage.setItem(KEYS[key], value);
  } catch {
    // Storage can be unavailable (private mode, quota); the session still works in memory.
  }
}
