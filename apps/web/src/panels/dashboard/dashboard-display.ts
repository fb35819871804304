import { progressPercent } from '@console/contract/dashboard';

export { progressPercent };

/** SPEC §2 texts of the overview dashboard. */
export const DASHBOARD_TEXT = {
  fallbackTitle: 'Overview',
  noActivity: 'No recent activity',
  noBrand: 'No brand selected',
} as const;

/** The trend shown on a card: hidden (null) at 0, else an up or down arrow and the absolute percentage. */
export function trendDisplay(trend: number | null | undefined): { direction: 'up' | 'down'; text: string } | null {
  if (!trend || !Number.isFinite(trend)) return null;
  return { direction: trend > 0 ? 'up' : 'down', text: `${Math.abs(Math.round(trend))}%` };
}

export const QUICK_ACTIONS = ['Create Ticket', 'Send Email', 'Deploy Package', 'Invite User'] as const;

/** The coming-soon alert of a quick action (SPEC §2). */
export function comingSoon(action: string): string {
  return `${action} coming soon!`;
}
