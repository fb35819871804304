import { AlertCircle } from 'lucide-react';

export interface ErrorStateProps {
  /** The SPEC §8 text, e.g. 'Failed to load tickets. Please try again.' */
  message: string;
  /** Called by the 'Try again' link; omitted, no link is shown. */
  onRetry?: () => void;
  className?: string;
}

export function ErrorState({ message, onRetry, className = '' }: ErrorStateProps) {
  return (
    <div role="alert" className={`flex flex-col items-center gap-2 px-6 py-10 text-center ${className}`}>
      <AlertCircle aria-hidden="true" size={22} className="text-red-600" />
      <p className="text-sm text-red-700">{message}</p>
      {onRetry && (
        <button type="button" onClick={onRetry} className="text-sm font-medium text-blue-700 underline underline-offset-2 hover:text-blue-800">
          Try again
        </button>
      )}
    </div>
  );
}
