import { invoiceStatusLabel, type InvoiceStatus } from '@console/contract/billing';
import type { BadgeTone } from '../../ui/Badge';

/** Share of a limit used, as a whole percentage capped at 100 (0 when there is no limit). */
export function usagePercent(used: number, limit: number): number {
  if (!(limit > 0) || !(used > 0)) return 0;
  return Math.min(100, Math.round((used / limit) * 100));
}

/** Bar colour: blue, amber from 75 %, red from 90 %. */
export function usageTone(percent: number): string {
  if (percent >= 90) return 'bg-red-500';
  if (percent >= 75) return 'bg-amber-500';
  return 'bg-blue-600';
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** Bytes in binary units, en-US: '0 B', '512 B', '1.5 MB', '10 GB'. */
export function formatBytes(bytes: number): string {
  if (!(bytes > 0)) return '0 B';
  const exponent = Math.min(UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  const value = bytes / 1024 ** exponent;
  const digits = exponent === 0 || value >= 10 || Number.isInteger(value) ? 0 : 1;
  return `${value.toLocaleString('en-US', { maximumFractionDigits: digits })} ${UNITS[exponent]}`;
}

const STATUS_TONE: Record<InvoiceStatus, BadgeTone> = { paid: 'green', pending: 'yellow', overdue: 'red', draft: 'neutral' };

/** SPEC §4: paid, pending, overdue, draft; anything else shows as draft. */
export function invoiceBadge(status: string): { label: string; tone: BadgeTone } {
  const label = invoiceStatusLabel(status);
  return { label: label[0].toUpperCase() + label.slice(1), tone: STATUS_TONE[label] };
}
