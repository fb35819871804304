import { BADGE_CAP } from '@console/contract/limits';

/** SPEC §2/§9: counts above 99 show as '99+'. */
export function formatBadgeCount(count: number): string {
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(count);
}

export interface NotificationBadgeProps {
  /** Nothing is shown for undefined, 0 or a negative count. */
  count: number | undefined;
  className?: string;
}

/** The red count bubble on a toolbar icon. */
export function NotificationBadge({ count, className = '' }: NotificationBadgeProps) {
  if (count === undefined || !Number.isFinite(count) || count <= 0) return null;
  return (
    <span
      data-testid="notification-badge"
      className={`pointer-events-none inline-flex min-w-[1.125rem] items-center justify-center rounded-full bg-red-600 px-1 text-[10px] font-semibold leading-[1.125rem] text-white ring-2 ring-white ${className}`}
    >
      {formatBadgeCount(count)}
    </span>
  );
}
