import { Badge, type BadgeTone } from './Badge';

const STATUS_TONES: Record<string, BadgeTone> = {
  // tickets
  open: 'blue',
  pending: 'yellow',
  resolved: 'green',
  closed: 'neutral',
  // priorities
  urgent: 'red',
  high: 'orange',
  medium: 'yellow',
  normal: 'neutral',
  low: 'neutral',
  // jobs
  running: 'blue',
  completed: 'green',
  failed: 'red',
  // articles
  published: 'green',
  draft: 'neutral',
  archived: 'neutral',
  // invoices
  paid: 'green',
  overdue: 'red',
  // devices, domains, providers
  online: 'green',
  offline: 'neutral',
  verified: 'green',
  unverified: 'yellow',
  healthy: 'green',
  unhealthy: 'red',
  connected: 'green',
  active: 'green',
  inactive: 'neutral',
};

/** The badge colour of a known status (case-insensitive); unknown ones are neutral. */
export function statusTone(status: string): BadgeTone {
  return STATUS_TONES[status.toLowerCase()] ?? 'neutral';
}

export interface StatusBadgeProps {
  status: string;
  /** Text to show instead of the status itself. */
  label?: string;
  tone?: BadgeTone;
  className?: string;
}

/** A status pill coloured by its meaning (open, failed, paid, online, …). */
export function StatusBadge({ status, label, tone, className }: StatusBadgeProps) {
  return (
    <Badge tone={tone ?? statusTone(status)} className={`capitalize ${className ?? ''}`}>
      {label ?? status.replace(/_/g, ' ')}
    </Badge>
  );
}
