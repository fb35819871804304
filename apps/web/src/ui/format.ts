/** Date, number and currency formatting shared by every panel (en-US, the browser's time zone). */

type DateInput = string | number | Date | null | undefined;

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const currencyFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const numberFormat = new Intl.NumberFormat('en-US');

/** 'Nov 22, 2026'; '' for a missing or invalid date. */
export function formatDate(value: DateInput): string {
  const date = toDate(value);
  return date ? dateFormat.format(date) : '';
}

/** 'Nov 22, 2026, 2:05 PM'. */
export function formatDateTime(value: DateInput): string {
  const date = toDate(value);
  return date ? dateTimeFormat.format(date) : '';
}

/** '2:05 PM'. */
export function formatTime(value: DateInput): string {
  const date = toDate(value);
  return date ? timeFormat.format(date) : '';
}

/** The time today, else the date: for list rows (conversations, emails). */
export function formatShortDate(value: DateInput, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return '';
  return date.toDateString() === now.toDateString() ? timeFormat.format(date) : dateFormat.format(date);
}

/** SPEC §4 last-seen text: 'Never', 'Just now', 'Nm ago', 'Nh ago', else 'Nd ago'. */
export function formatLastSeen(value: DateInput, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return 'Never';
  const minutes = Math.floor((now.getTime() - date.getTime()) / 60_000);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes}m ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ago`;
  return `${Math.floor(hours / 24)}d ago`;
}

/** SPEC §9: USD in en-US format, '$1,234.50'. */
export function formatCurrency(amount: number): string {
  return currencyFormat.format(amount);
}

/** '12,345'. */
export function formatNumber(value: number): string {
  return numberFormat.format(value);
}
