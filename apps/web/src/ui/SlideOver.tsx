import { SLIDE_OVER_CLEAR_MS } from '@console/contract/limits';
import { X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useDialog } from './use-dialog';

export interface SlideOverProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Shown under the title. */
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/**
 * A detail panel sliding in from the right. While it slides out it keeps showing what it showed,
 * then clears it after SLIDE_OVER_CLEAR_MS (SPEC §9), so callers may drop the selection at once.
 */
export function SlideOver({ open, onClose, title, subtitle, children, footer }: SlideOverProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const onKeyDown = useDialog(open, onClose, ref);
  const shown = useRef<{ title: ReactNode; subtitle: ReactNode; children: ReactNode; footer: ReactNode } | null>(null);
  const [mounted, setMounted] = useState(open);
  const [entered, setEntered] = useState(false);

  if (open) shown.current = { title, subtitle, children, footer };

  useEffect(() => {
    if (open) {
      setMounted(true);
      const frame = requestAnimationFrame(() => setEntered(true));
      return () => cancelAnimationFrame(frame);
    }
    setEntered(false);
    const timer = setTimeout(() => {
      shown.current = null;
      setMounted(false);
    }, SLIDE_OVER_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [open]);

  if (!mounted && !open) return null;
  const content = shown.current;
  return createPortal(
    <div className={`fixed inset-0 z-40 ${open ? '' : 'pointer-events-none'}`}>
      <div
        aria-hidden="true"
        onClick={onClose}
        className={`absolute inset-0 bg-slate-900/30 transition-opacity duration-300 ${entered && open ? 'opacity-100' : 'opacity-0'}`}
      />
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-hidden={!open}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        className={`absolute inset-y-0 right-0 flex w-full max-w-md flex-col bg-white shadow-2xl outline-none transition-transform duration-300 ease-out ${entered && open ? 'translate-x-0' : 'translate-x-full'}`}
      >
        <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
          <div className="min-w-0">
            <h2 id={titleId} className="truncate text-base font-semibold text-slate-900">
              {content?.title}
            </h2>
            {content?.subtitle && <div className="mt-0.5 text-sm text-slate-500">{content.subtitle}</div>}
          </div>
          <button type="button" onClick={onClose} aria-label="Close" className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900">
            <X aria-hidden="true" size={18} />
          </button>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{content?.children}</div>
        {content?.footer && <div className="flex justify-end gap-2 border-t border-slate-200 px-5 py-3">{content.footer}</div>}
      </div>
    </div>,
    document.body,
  );
}
