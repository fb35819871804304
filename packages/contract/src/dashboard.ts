import { DASHBOARD_FULL_AT } from './limits';

/** SPEC §9: a dashboard progress bar's fill in percent, full at `fullAt`, capped at 100. */
export function progressPercent(value: number, fullAt: number): number {
  if (!Number.isFinite(value) || value <= 0 || fullAt <= 0) return 0;
  return Math.min(100, Math.round((value / fullAt) * 100));
}

export const ACTIVITY_BARS = [
  { key: 'tickets', fullAt: DASHBOARD_FULL_AT.tickets },
  { key: 'emails', fullAt: DASHBOARD_FULL_AT.emails },
  { key: 'devices', fullAt: DASHBOARD_FULL_AT.devices },
] as const;
