import type { CatalogProvider } from '../../data/providers';

/** Up to two initials: the first letters of the first two words, else the first two letters. */
export function providerInitials(name: string): string {
  const words = name.replace(/\(.*?\)/g, '').split(/[\s.-]+/).filter((w) => /[a-z0-9]/i.test(w));
  const initials = words.length >= 2 ? words[0][0] + words[1][0] : (words[0] ?? '?').slice(0, 2);
  return initials.toUpperCase();
}

/** Black or white text, whichever reads better on the background colour. */
function textColour(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return 0.299 * r + 0.587 * g + 0.114 * b > 160 ? '#111827' : '#FFFFFF';
}

const escapeXml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The provider's logo: a rounded square in its colour with its initials (drawn by us, no external images). */
export function renderProviderLogo(provider: CatalogProvider): string {
  const initials = escapeXml(providerInitials(provider.name));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="${escapeXml(provider.name)}">` +
    `<rect width="64" height="64" rx="14" fill="${provider.color}"/>` +
    `<text x="32" y="32" dy="0.35em" text-anchor="middle" font-family="Inter, system-ui, -apple-system, Segoe UI, Helvetica, Arial, sans-serif" font-size="${initials.length > 1 ? 24 : 30}" font-weight="700" fill="${textColour(provider.color)}">${initials}</text>` +
    `</svg>`
  );
}
