import { useId, useRef, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { useDialog } from './use-dialog';

interface PendingConfirm {
  text: string;
  confirmLabel: string;
  resolve: (confirmed: boolean) => void;
}

let pending: PendingConfirm | null = null;
const listeners = new Set<() => void>();

function settle(confirmed: boolean) {
  const current = pending;
  pending = null;
  for (const listener of listeners) listener();
  current?.resolve(confirmed);
}

/**
 * Asks the user to confirm, with the exact SPEC §5 text; resolves true for OK, false for Cancel,
 * Escape or the backdrop. Needs <ConfirmHost /> at the app root.
 */
export function confirmAction(text: string, options: { confirmLabel?: string } = {}): Promise<boolean> {
  if (pending) settle(false);
  return new Promise<boolean>((resolve) => {
    pending = { text, confirmLabel: options.confirmLabel ?? 'OK', resolve };
    for (const listener of listeners) listener();
  });
}

/** Renders the open confirmation, if any; rendered once at the app root. */
export function ConfirmHost() {
  const current = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => pending,
    () => pending,
  );
  return current ? <ConfirmDialog key={current.text} text={current.text} confirmLabel={current.confirmLabel} /> : null;
}

function ConfirmDialog({ text, confirmLabel }: { text: string; confirmLabel: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const textId = useId();
  const onKeyDown = useDialog(true, () => settle(false), ref);
  return createPortal(
    <div className="fixed inset-0 z-[55] flex items-center justify-center p-4">
      <div className="absolute inset-0 bg-slate-900/40" aria-hidden="true" onClick={() => settle(false)} />
      <div
        ref={ref}
        role="alertdialog"
        aria-modal="true"
        aria-describedby={textId}
        aria-label="Confirm"
        tabIndex={-1}
        onKeyDown={onKeyDown}
        className="relative w-full max-w-sm rounded-xl bg-white p-5 shadow-xl outline-none"
      >
        <p id={textId} className="text-sm text-slate-800">
          {text}
        </p>
        <div className="mt-5 flex justify-end gap-2">
          <button type="button" onClick={() => settle(false)} className="btn btn-secondary">
            Cancel
          </button>
          <button type="button" data-autofocus onClick={() => settle(true)} className="btn btn-primary">
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
