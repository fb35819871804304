import { LoaderCircle } from 'lucide-react';

export interface SpinnerProps {
  /** Pixel size of the icon. */
  size?: number;
  /** Accessible label; the spinner is announced as a status. */
  label?: string;
  className?: string;
}

export function Spinner({ size = 20, label = 'Loading', className = '' }: SpinnerProps) {
  return (
    <span role="status" aria-label={label} className={`inline-flex text-slate-400 ${className}`}>
      <LoaderCircle aria-hidden="true" size={size} className="animate-spin" />
    </span>
  );
}

/** A centred spinner for a loading panel, list or screen. */
export function LoadingState({ label = 'Loading', className = '' }: { label?: string; className?: string }) {
  return (
    <div className={`flex min-h-32 flex-1 items-center justify-center p-6 ${className}`}>
      <Spinner size={24} label={label} />
    </div>
  );
}
