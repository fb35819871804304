import { COPY_FEEDBACK_MS } from '@console/contract/limits';
import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';

/** Copies text to the clipboard, falling back to a hidden textarea where the Clipboard API is missing. */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Fall through to the legacy path (e.g. a page not served over a secure origin).
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    document.execCommand('copy');
  } finally {
    area.remove();
  }
}

export interface CopyButtonProps {
  text: string;
  /** Button text; default 'Copy'. With `iconOnly` it is the accessible label. */
  label?: string;
  iconOnly?: boolean;
  /** Called after a successful copy (e.g. to notify('Email address copied!')). */
  onCopied?: () => void;
  className?: string;
}

/** A copy button that shows 'Copied!' for COPY_FEEDBACK_MS (SPEC §9). */
export function CopyButton({ text, label = 'Copy', iconOnly = false, onCopied, className = '' }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function onClick() {
    try {
      await copyText(text);
      setCopied(true);
      onCopied?.();
    } catch (error) {
      console.error('Copy failed', error);
    }
  }

  const Icon = copied ? Check : Copy;
  const shownLabel = copied ? 'Copied!' : label;
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={iconOnly ? shownLabel : undefined}
      title={iconOnly ? shownLabel : undefined}
      className={`inline-flex items-center gap-1.5 rounded-md border border-slate-300 bg-white px-2 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50 ${copied ? 'text-emerald-700' : ''} ${className}`}
    >
      <Icon aria-hidden="true" size={14} />
      {!iconOnly && <span>{shownLabel}</span>}
    </button>
  );
}
