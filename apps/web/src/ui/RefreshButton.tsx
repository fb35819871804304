import { RefreshCw } from 'lucide-react';

/** The panels' Refresh button: spins and is disabled while `busy`; the label hides on phones. */
export function RefreshButton({ onRefresh, busy, className = '' }: { onRefresh: () => void; busy: boolean; className?: string }) {
  return (
    <button type="button" onClick={onRefresh} disabled={busy} className={`btn btn-secondary ${className}`} aria-label="Refresh" title="Refresh">
      <RefreshCw aria-hidden="true" size={16} className={busy ? 'animate-spin' : ''} />
      <span className="hidden sm:inline">Refresh</span>
    </button>
  );
}
