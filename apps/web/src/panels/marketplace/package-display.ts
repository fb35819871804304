import { PACKAGE_CATEGORIES } from '@console/contract/marketplace';
import { DEFAULT_PACKAGE_VERSION } from '@console/contract/limits';

/** SPEC §2, §5, §8: the Marketplace panel's texts. */
export const MARKETPLACE_TEXT = {
  noDevices: 'No devices available. Please connect a device first.',
  installFailed: 'Failed to install package. Please try again.',
  installing: (name: string) => `Installing ${name} to device...`,
  header: (total: number) => `${total.toLocaleString('en-US')} MESH packages`,
  empty: 'No packages found',
  searchPlaceholder: 'Search packages',
} as const;

/** SPEC §2 category tabs, `all` first. */
export const CATEGORY_TABS = ['all', ...PACKAGE_CATEGORIES] as const;

export const CATEGORY_LABELS: Record<(typeof CATEGORY_TABS)[number], string> = {
  all: 'All',
  ai: 'AI',
  infrastructure: 'Infrastructure',
  database: 'Database',
  security: 'Security',
  monitoring: 'Monitoring',
};

/** SPEC §9: a package without a version shows 1.0.0. */
export function versionLabel(version: string | null | undefined): string {
  return `v${version?.trim() || DEFAULT_PACKAGE_VERSION}`;
}

/** '1.2M', '45.3K', '812'. */
export function formatDownloads(n: number): string {
  if (n >= 1_000_000) return `${(n / 1_000_000).toFixed(1).replace(/\.0$/, '')}M`;
  if (n >= 1_000) return `${(n / 1_000).toFixed(1).replace(/\.0$/, '')}K`;
  return String(n);
}
